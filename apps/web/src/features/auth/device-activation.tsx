'use client';

import type { FormEvent } from 'react';
import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { useStoredSession } from '@/lib/session/use-stored-session';
import { decideDevice, findPendingDevice, type PendingDevice } from './device-api';

type Step =
  | { kind: 'enter' }
  | { kind: 'confirm'; device: PendingDevice }
  | { kind: 'done'; approved: boolean };

type State = { kind: 'loading' } | { kind: 'signed-out' } | Step;

const knownScopes = ['user', 'pan', 'offline'] as const;

export interface DeviceActivationProps {
  errorTexts: ErrorTexts;
  /** Sign-in that comes back here. */
  signInHref: string;
  /** The `user_code` of the URL. */
  initialCode: string;
}

/**
 * `/tv/activate` (RFC 8628 `verification_uri`): a signed-in member enters or confirms the code
 * a TV shows, sees which app asks for what, and allows or denies it.
 */
export function DeviceActivation({ errorTexts, signInHref, initialCode }: DeviceActivationProps) {
  const t = useTranslations('auth.device');
  const locale = useLocale();
  const session = useStoredSession();
  const [step, setStep] = useState<Step>({ kind: 'enter' });
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const state: State =
    session.kind === 'unknown'
      ? { kind: 'loading' }
      : session.kind === 'signed-out'
        ? { kind: 'signed-out' }
        : step;

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts));
    } finally {
      setBusy(false);
    }
  }

  function find(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    void run(async () => {
      const device = await findPendingDevice(code);
      setStep({ kind: 'confirm', device });
    });
  }

  function decide(device: PendingDevice, approve: boolean): void {
    void run(async () => {
      await decideDevice(device.user_code, approve);
      setStep({ kind: 'done', approved: approve });
    });
  }

  let body;
  switch (state.kind) {
    case 'loading':
      body = null;
      break;
    case 'signed-out':
      body = (
        <div className="flex flex-col items-start gap-4">
          <p>{t('sign-in-first')}</p>
          <Button asChild>
            <a href={signInHref}>{t('sign-in')}</a>
          </Button>
        </div>
      );
      break;
    case 'enter':
      body = (
        <form className="flex flex-col gap-4" onSubmit={find}>
          <FormField
            label={t('code')}
            name="user_code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={32}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            className="font-mono uppercase tracking-widest"
          />
          <Button type="submit" disabled={busy}>
            {t('find')}
          </Button>
        </form>
      );
      break;
    case 'confirm': {
      const { device } = state;
      const scopes = device.scope
        .split(' ')
        .filter((scope): scope is (typeof knownScopes)[number] =>
          (knownScopes as readonly string[]).includes(scope),
        );
      body = (
        <div className="flex flex-col gap-4" data-testid="device-request">
          <p className="font-medium">{t('request', { client: device.client_name })}</p>
          <p className="font-mono text-lg tracking-widest">{device.user_code}</p>
          {scopes.length > 0 ? (
            <div>
              <p className="text-sm text-muted-foreground">{t('scopes')}</p>
              <ul className="mt-2 list-disc pl-5 text-sm">
                {scopes.map((scope) => (
                  <li key={scope}>{t(`scope-${scope}`)}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="flex gap-2">
            <Button disabled={busy} onClick={() => decide(device, true)}>
              {t('approve')}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => decide(device, false)}>
              {t('deny')}
            </Button>
          </div>
        </div>
      );
      break;
    }
    case 'done':
      body = (
        <div className="flex flex-col items-start gap-4">
          <FormAlert tone="success">{state.approved ? t('approved') : t('denied')}</FormAlert>
          <Button
            variant="outline"
            onClick={() => {
              setCode('');
              setStep({ kind: 'enter' });
            }}
          >
            {t('another')}
          </Button>
        </div>
      );
      break;
  }

  return (
    <section
      aria-labelledby="device-title"
      data-testid="device-activation"
      className="mx-auto flex w-full max-w-md flex-col gap-5 rounded-2xl border border-border bg-background p-6"
    >
      <div>
        <h1 id="device-title" className="text-2xl font-semibold tracking-tight">
          {t('title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('intro')}</p>
      </div>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {body}
    </section>
  );
}
