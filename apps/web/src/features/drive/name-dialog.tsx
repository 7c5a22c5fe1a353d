'use client';

import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';

export interface NameDialogProps {
  title: string;
  label: string;
  submitLabel: string;
  initialName: string;
  /** Saves the name; a thrown error's text (from `describeError`) is shown in the dialog. */
  onSubmit: (name: string) => Promise<void>;
  describeError: (cause: unknown) => string | undefined;
  onClose: () => void;
}

/** Selects the name without its extension, as file managers do when renaming. */
function selectBaseName(input: HTMLInputElement | null): void {
  if (!input) {
    return;
  }
  const dot = input.value.lastIndexOf('.');
  input.focus();
  input.setSelectionRange(0, dot > 0 ? dot : input.value.length);
}

/** A dialog asking for a name: rename, new folder. Errors such as a taken name stay in it. */
export function NameDialog(props: NameDialogProps) {
  const t = useTranslations('drive');
  const [name, setName] = useState(props.initialName);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const trimmed = name.trim();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (trimmed === '' || busy) {
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await props.onSubmit(trimmed);
      props.onClose();
    } catch (cause) {
      setError(props.describeError(cause));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : props.onClose())}>
      <DialogContent
        closeLabel={t('dialog.close')}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          selectBaseName(document.querySelector<HTMLInputElement>('#drive-name-input'));
        }}
      >
        <DialogTitle>{props.title}</DialogTitle>
        <DialogDescription className="sr-only">{props.label}</DialogDescription>
        <form className="flex flex-col gap-4" onSubmit={(event) => void submit(event)}>
          <label className="flex flex-col gap-2 text-sm font-medium" htmlFor="drive-name-input">
            {props.label}
            <Input
              id="drive-name-input"
              name="name"
              value={name}
              maxLength={255}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'drive-name-error' : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setError(undefined);
              }}
            />
          </label>
          {error ? (
            <div id="drive-name-error">
              <FormAlert tone="error">{error}</FormAlert>
            </div>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={props.onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" disabled={busy || trimmed === ''}>
              {props.submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
