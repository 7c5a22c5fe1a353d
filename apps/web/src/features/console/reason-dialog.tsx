'use client';

import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

export interface ReasonDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  /** Fields of the action besides the reason (days, a reason shown to the member, ...). */
  children?: ReactNode;
  /** Whether the confirm button is red (an action hard on a member). */
  danger?: boolean;
  onConfirm: (reason: string) => Promise<void>;
  onClose: () => void;
}

/**
 * The confirmation of a console action: it says what happens and asks for the reason the audit
 * log keeps; the action runs only once a reason is given and the button pressed.
 */
export function ReasonDialog(props: ReasonDialogProps) {
  const t = useTranslations('console');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <DialogContent closeLabel={t('close')} role="alertdialog">
        <DialogTitle>{props.title}</DialogTitle>
        <DialogDescription>{props.description}</DialogDescription>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setBusy(true);
            void props.onConfirm(reason.trim()).finally(props.onClose);
          }}
        >
          {props.children}
          <FormField
            label={t('reason')}
            required
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={props.onClose}>
              {t('cancel')}
            </Button>
            <Button
              type="submit"
              className={props.danger ? 'bg-danger text-white hover:bg-danger/90' : undefined}
              disabled={busy || reason.trim() === ''}
            >
              {props.confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
