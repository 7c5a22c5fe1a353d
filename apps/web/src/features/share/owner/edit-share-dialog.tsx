'use client';

import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { ShareChanges, ShareSummary } from './share-api';
import { ChoiceGroup, ExpiryField, PassCodeInput, RestoreLimitField } from './share-fields';
import type { ShareEdit } from './share-options';
import { shareChanges, shareEditErrors, shareEditOf } from './share-options';
import { useShareForm } from './use-share-form';

export interface EditShareDialogProps {
  share: ShareSummary;
  /** How long the share has left, as the list shows it (the "keep" choice of the expiry). */
  expiryText: string;
  /** Saves the changes; a thrown error's text (from `describeError`) stays in the dialog. */
  onSubmit: (changes: ShareChanges) => Promise<void>;
  describeError: (cause: unknown) => string | undefined;
  onClose: () => void;
}

/**
 * Changes a share's pass code (keep, a new one, none), expiry (counted again from now) and
 * restore limit; only what changed is sent.
 */
export function EditShareDialog({
  share,
  expiryText,
  onSubmit,
  describeError,
  onClose,
}: EditShareDialogProps) {
  const t = useTranslations('drive');
  const {
    fields: edit,
    update,
    shown,
    busy,
    failure,
    handleSubmit,
  } = useShareForm<ShareEdit>({
    initial: () => shareEditOf(share),
    validate: shareEditErrors,
    describeError,
    genericError: t('error.generic'),
  });

  const submit = handleSubmit(
    async () => {
      await onSubmit(shareChanges(share, edit));
      onClose();
    },
    () =>
      Object.keys(shareChanges(share, edit)).length === 0
        ? t('shares.edit-dialog.unchanged')
        : undefined,
  );

  const passCodeChoices: { value: ShareEdit['passCode']; label: string }[] = [
    { value: 'keep', label: t('shares.edit-dialog.keep') },
    { value: 'change', label: t('shares.edit-dialog.change') },
    ...(share.pass_code === ''
      ? []
      : [{ value: 'remove' as const, label: t('shares.edit-dialog.remove') }]),
  ];

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        closeLabel={t('dialog.close')}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        data-testid="edit-share-dialog"
      >
        <DialogTitle>{t('shares.edit-dialog.title')}</DialogTitle>
        <DialogDescription>
          <span className="block font-medium text-foreground">{share.title}</span>
          {t('shares.edit-dialog.description')}
        </DialogDescription>
        <form className="flex flex-col gap-5" noValidate onSubmit={submit}>
          <div className="flex flex-col gap-3">
            <ChoiceGroup
              legend={t('shares.edit-dialog.pass-code-label')}
              name="pass_code_edit"
              testId="share-pass-code-field"
              value={edit.passCode}
              choices={passCodeChoices}
              onChange={(passCode) => update({ passCode })}
            />
            <p className="text-sm text-muted-foreground">
              {share.pass_code === ''
                ? t('shares.edit-dialog.none-now')
                : t('shares.edit-dialog.current', { code: share.pass_code })}
            </p>
            {edit.passCode === 'change' ? (
              <PassCodeInput
                label={t('shares.edit-dialog.new-label')}
                value={edit.newPassCode}
                error={shown.passCode}
                onChange={(newPassCode) => update({ newPassCode })}
              />
            ) : null}
          </div>
          <ExpiryField
            value={edit.expiry}
            keepLabel={t('shares.edit-dialog.expiry-keep', { left: expiryText })}
            onChange={(expiry) => update({ expiry })}
          />
          <RestoreLimitField
            limited={edit.limitRestores}
            count={edit.restoreLimit}
            error={shown.restoreLimit}
            onChange={(limitRestores, restoreLimit) => update({ limitRestores, restoreLimit })}
          />
          {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('shares.edit-dialog.saving') : t('shares.edit-dialog.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
