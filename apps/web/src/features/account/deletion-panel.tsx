'use client';

import type { FormEvent } from 'react';
import { useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { clearCredentials } from '@/lib/session/credentials';
import type { DeletionTerms } from './self-service-api';
import { fetchDeletionTerms, requestDeletion } from './self-service-api';

export interface DeletionPanelProps {
  errorTexts: ErrorTexts;
  hasPassword: boolean;
  /** Told the day of the purge once the request is recorded (the member is signed out by then). */
  onRequested: (purgeAfter: string) => void;
}

/**
 * "Delete account" on `/drive/account`: a dialog that names what is lost and the day it is lost
 * (from the server's grace period), asks for the password, and records the request. Every
 * session ends with it, so the page then shows the pending state (`DeletionPending`).
 */
export function DeletionPanel({ errorTexts, hasPassword, onRequested }: DeletionPanelProps) {
  const t = useTranslations('account');
  const format = useFormatter();
  const locale = useLocale();
  const [terms, setTerms] = useState<DeletionTerms>();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function open(): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      setTerms(await fetchDeletionTerms());
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const purgeAfter = await requestDeletion(password);
      // The server ended every session; forget this one here too.
      clearCredentials();
      onRequested(purgeAfter);
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts));
      setBusy(false);
    }
  }

  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'long' });
  return (
    <section
      aria-labelledby="deletion-title"
      data-testid="deletion-panel"
      className="flex flex-col gap-4 rounded-2xl border border-danger/40 bg-background p-6"
    >
      <h2 id="deletion-title" className="text-xl font-semibold">
        {t('deletion.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('deletion.description')}</p>
      <Button
        type="button"
        variant="outline"
        className="min-h-11 self-start border-danger text-danger hover:bg-danger/10"
        disabled={busy}
        data-testid="deletion-start"
        onClick={() => void open()}
      >
        {t('deletion.start')}
      </Button>
      {error && !terms ? <FormAlert tone="error">{error}</FormAlert> : null}
      {terms ? (
        <Dialog open onOpenChange={(isOpen) => (isOpen ? undefined : setTerms(undefined))}>
          <DialogContent closeLabel={t('deletion.keep')} role="alertdialog">
            <DialogTitle>{t('deletion.confirm-title')}</DialogTitle>
            <DialogDescription data-testid="deletion-terms">
              {t('deletion.confirm-body', { date: date(terms.purge_after) })}
            </DialogDescription>
            <form className="flex flex-col gap-4" onSubmit={(event) => void confirm(event)}>
              {hasPassword ? (
                <FormField
                  label={t('deletion.password')}
                  name="deletion_password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              ) : null}
              {error ? <FormAlert tone="error">{error}</FormAlert> : null}
              <div className="flex flex-wrap justify-end gap-2">
                <Button
                  type="button"
                  variant="outline"
                  className="min-h-11"
                  onClick={() => setTerms(undefined)}
                  autoFocus
                >
                  {t('deletion.keep')}
                </Button>
                <Button
                  type="submit"
                  className="min-h-11 bg-danger text-white hover:bg-danger/90"
                  disabled={busy}
                  data-testid="deletion-confirm"
                >
                  {t('deletion.confirm')}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      ) : null}
    </section>
  );
}

/**
 * The account page once deletion is asked for: the day everything goes, and "Cancel deletion",
 * which signs in again withdrawing the request (the sign-in page with `cancel_deletion=1`).
 */
export function DeletionPending({
  purgeAfter,
  cancelHref,
}: {
  purgeAfter: string;
  cancelHref: string;
}) {
  const t = useTranslations('account');
  const format = useFormatter();
  return (
    <section
      role="status"
      data-testid="deletion-pending"
      className="flex flex-col gap-4 rounded-2xl border border-danger/40 bg-danger/5 p-6"
    >
      <h2 className="text-xl font-semibold">{t('deletion.pending-title')}</h2>
      <p>
        {t('deletion.pending-body', {
          date: format.dateTime(new Date(purgeAfter), { dateStyle: 'long' }),
        })}
      </p>
      <Button asChild className="min-h-11 self-start">
        <a href={cancelHref} data-testid="deletion-cancel">
          {t('deletion.cancel')}
        </a>
      </Button>
    </section>
  );
}
