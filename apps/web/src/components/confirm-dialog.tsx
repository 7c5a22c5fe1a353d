'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

export interface ConfirmDialogProps {
  title: string;
  description: string;
  confirmLabel: string;
  /** The label of the button that backs out (default "Cancel"). */
  cancelLabel?: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks once before something that cannot be undone (delete forever, empty trash, cancel a share). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const t = useTranslations('drive');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <DialogContent closeLabel={t('dialog.close')} role="alertdialog">
        <DialogTitle>{props.title}</DialogTitle>
        <DialogDescription>{props.description}</DialogDescription>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={props.onClose} autoFocus>
            {props.cancelLabel ?? t('dialog.cancel')}
          </Button>
          <Button
            type="button"
            className="bg-danger text-white hover:bg-danger/90"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void props.onConfirm().finally(() => {
                setBusy(false);
                props.onClose();
              });
            }}
          >
            {props.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
