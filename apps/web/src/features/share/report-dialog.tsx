'use client';

import type { FormEvent, RefObject } from 'react';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { reportShare } from './share-api';

/** The reasons a visitor can pick; stored with the report as their key. */
export const reportReasons = ['copyright', 'sexual', 'violence', 'spam', 'other'] as const;
type ReportReason = (typeof reportReasons)[number];

/**
 * The report dialog of `ReportButton`: sends the share for review (`POST /audit.admin/v1/share`)
 * with a reason. Closing it puts the focus back on the button.
 */
export function ReportDialog({
  shareId,
  shareUserId,
  errorTexts,
  open,
  setOpen,
  opener,
}: {
  shareId: string;
  shareUserId: string;
  errorTexts: ErrorTexts;
  open: boolean;
  setOpen: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const t = useTranslations('share');
  const locale = useLocale();
  const [reason, setReason] = useState<ReportReason>('copyright');
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await reportShare({
        share_id: shareId,
        share_user_id: shareUserId,
        reason: details.trim() ? `${reason}: ${details.trim()}` : reason,
      });
      setOpen(false);
      setDetails('');
      toast({ title: t('report.sent') });
    } catch (cause) {
      const message = errorText(cause, locale, errorTexts);
      if (message) {
        toast({ title: message });
      }
    }
    setBusy(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        closeLabel={t('report.close')}
        className="p-6"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener.current?.focus();
        }}
      >
        <DialogTitle>{t('report.title')}</DialogTitle>
        <DialogDescription>{t('report.description')}</DialogDescription>
        <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('report.reason')}</legend>
            {reportReasons.map((key) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="reason"
                  value={key}
                  checked={reason === key}
                  onChange={() => setReason(key)}
                />
                {t(`report.reasons.${key}`)}
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1 text-sm font-medium">
            {t('report.details')}
            <textarea
              value={details}
              maxLength={900}
              rows={3}
              onChange={(event) => setDetails(event.target.value)}
              className="rounded-md border bg-background px-3 py-2 text-sm font-normal"
            />
          </label>
          <Button type="submit" disabled={busy}>
            {t('report.submit')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
