'use client';

import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { confirmEmailChange, requestEmailChange } from './self-service-api';

type Step = { kind: 'ask' } | { kind: 'code'; verificationId: string; email: string };

export interface EmailPanelProps {
  errorTexts: ErrorTexts;
  /** The current address, masked as the profile gives it. */
  currentEmail: string;
  /** Whether the account has a password, which the change then asks for. */
  hasPassword: boolean;
}

/**
 * The e-mail address of `/drive/account`: the new address and the password, then the code mailed
 * to the new address; the address changes only when the code is confirmed, and the old address
 * is told.
 */
export function EmailPanel({ errorTexts, currentEmail, hasPassword }: EmailPanelProps) {
  const t = useTranslations('account');
  const locale = useLocale();
  const [step, setStep] = useState<Step>({ kind: 'ask' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);

  function submit(action: () => Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      setBusy(true);
      setError(undefined);
      setDone(false);
      action()
        .catch((cause: unknown) => setError(errorText(cause, locale, errorTexts)))
        .finally(() => setBusy(false));
    };
  }

  const ask = submit(async () => {
    const verificationId = await requestEmailChange(email.trim(), password);
    setPassword('');
    setCode('');
    setStep({ kind: 'code', verificationId, email: email.trim() });
  });

  const confirm = (verificationId: string) =>
    submit(async () => {
      await confirmEmailChange(verificationId, code);
      setEmail('');
      setCode('');
      setStep({ kind: 'ask' });
      setDone(true);
    });

  return (
    <section
      aria-labelledby="email-title"
      data-testid="email-panel"
      className="flex flex-col gap-4 rounded-2xl border border-border bg-background p-6"
    >
      <h2 id="email-title" className="text-xl font-semibold">
        {t('email.title')}
      </h2>
      <p className="text-sm text-muted-foreground">
        {t('email.description', { email: currentEmail })}
      </p>
      {step.kind === 'ask' ? (
        <form className="flex flex-col gap-3" onSubmit={ask}>
          <FormField
            label={t('email.new')}
            name="new_email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          {hasPassword ? (
            <FormField
              label={t('email.password')}
              name="email_password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          ) : null}
          <Button type="submit" className="self-start" disabled={busy}>
            {t('email.send')}
          </Button>
        </form>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={confirm(step.verificationId)}>
          <FormField
            label={t('email.code')}
            hint={t('email.code-sent', { email: step.email })}
            name="email_code"
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern="[0-9]{6}"
            maxLength={6}
            required
            value={code}
            onChange={(event) => setCode(event.target.value.trim())}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              {t('email.confirm')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setError(undefined);
                setStep({ kind: 'ask' });
              }}
            >
              {t('email.cancel')}
            </Button>
          </div>
        </form>
      )}
      {done ? <FormAlert tone="success">{t('email.changed')}</FormAlert> : null}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </section>
  );
}
