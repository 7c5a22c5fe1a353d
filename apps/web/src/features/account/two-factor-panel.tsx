'use client';

import type { FormEvent } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { QrCode } from '@/components/qr-code';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import type { TwoFactorSetup, TwoFactorStatus } from './two-factor-api';
import {
  confirmTwoFactor,
  disableTwoFactor,
  fetchTwoFactorStatus,
  startTwoFactorSetup,
} from './two-factor-api';

type View =
  | { kind: 'status' }
  | { kind: 'setup'; setup: TwoFactorSetup }
  | { kind: 'recovery'; codes: readonly string[] }
  | { kind: 'disable' };

export interface TwoFactorPanelProps {
  errorTexts: ErrorTexts;
}

/**
 * Two-step verification of `/drive/account`: turn on with the QR code of the otpauth URI and a
 * first code, show the recovery codes once, and turn off with the password or a code.
 */
export function TwoFactorPanel({ errorTexts }: TwoFactorPanelProps) {
  const t = useTranslations('account.two-factor');
  const locale = useLocale();
  const [status, setStatus] = useState<TwoFactorStatus>();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const load = useCallback(async () => {
    setStatus(await fetchTwoFactorStatus());
  }, []);

  useEffect(() => {
    fetchTwoFactorStatus().then(setStatus, (cause: unknown) =>
      setError(errorText(cause, locale, errorTexts)),
    );
  }, [locale, errorTexts]);

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await action();
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts));
    } finally {
      setBusy(false);
    }
  }

  function submit(action: () => Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(action);
    };
  }

  const codeField = (required: boolean) => (
    <FormField
      label={t('code')}
      name="two_factor_code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required={required}
      value={code}
      onChange={(event) => setCode(event.target.value.trim())}
    />
  );

  let body;
  switch (view.kind) {
    case 'status':
      body = status ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p data-testid="two-factor-status" data-enabled={status.enabled}>
            <span className="font-medium">{status.enabled ? t('on') : t('off')}</span>
            {status.enabled ? (
              <span className="ml-2 text-sm text-muted-foreground">
                {t('recovery-left', { count: Number(status.recovery_codes_left) })}
              </span>
            ) : null}
          </p>
          {status.enabled ? (
            <Button variant="outline" onClick={() => setView({ kind: 'disable' })}>
              {t('turn-off')}
            </Button>
          ) : (
            <Button
              disabled={busy}
              data-testid="two-factor-turn-on"
              onClick={() =>
                void run(async () => {
                  setCode('');
                  setView({ kind: 'setup', setup: await startTwoFactorSetup() });
                })
              }
            >
              {t('turn-on')}
            </Button>
          )}
        </div>
      ) : null;
      break;
    case 'setup':
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            const codes = await confirmTwoFactor(code);
            setCode('');
            setView({ kind: 'recovery', codes });
          })}
        >
          <p className="text-sm">{t('scan')}</p>
          <QrCode value={view.setup.otpauth_uri} label={t('scan')} />
          <p className="text-sm">
            <span className="text-muted-foreground">{t('secret')}: </span>
            <code data-testid="two-factor-secret" className="break-all font-mono">
              {view.setup.secret}
            </code>
          </p>
          {codeField(true)}
          <div className="flex gap-2">
            <Button type="submit" disabled={busy}>
              {t('confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setView({ kind: 'status' })}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      );
      break;
    case 'recovery':
      body = (
        <div className="flex flex-col gap-4">
          <h3 className="font-semibold">{t('recovery-title')}</h3>
          <p className="text-sm">{t('recovery-body')}</p>
          <ul data-testid="recovery-codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
            {view.codes.map((recovery) => (
              <li key={recovery} className="rounded bg-muted px-2 py-1">
                {recovery}
              </li>
            ))}
          </ul>
          <Button
            onClick={() =>
              void run(async () => {
                await load();
                setView({ kind: 'status' });
              })
            }
          >
            {t('recovery-done')}
          </Button>
        </div>
      );
      break;
    case 'disable':
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            await disableTwoFactor(password ? { password } : { code });
            setPassword('');
            setCode('');
            await load();
            setView({ kind: 'status' });
            setNotice(t('disabled'));
          })}
        >
          <p className="text-sm">{t('disable-body')}</p>
          <FormField
            label={t('disable-password')}
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {codeField(false)}
          <div className="flex gap-2">
            <Button type="submit" disabled={busy || (!password && !code)}>
              {t('turn-off')}
            </Button>
            <Button variant="ghost" onClick={() => setView({ kind: 'status' })}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      );
      break;
  }

  return (
    <section
      aria-labelledby="two-factor-title"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
    >
      <div>
        <h2 id="two-factor-title" className="text-xl font-semibold">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('description')}</p>
      </div>
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {body}
    </section>
  );
}
