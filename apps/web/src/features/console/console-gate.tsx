'use client';

import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { Button } from '@/components/ui/button';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText, hasReason } from '@/lib/api/error-text';
import { signOut } from '@/lib/session/session';
import { useStoredSession } from '@/lib/session/use-stored-session';
import type { ConsoleMe } from './console-api';
import { consoleMe } from './console-api';
import { ConsoleProvider } from './console-context';
import { ConsoleNav } from './console-nav';

export interface ConsoleGateProps {
  errorTexts: ErrorTexts;
  /** The sign-in page, coming back to the console. */
  signInHref: string;
  children: ReactNode;
}

type GateState =
  | { kind: 'loading' }
  | { kind: 'ready'; me: ConsoleMe }
  | { kind: 'signed-out' }
  | { kind: 'no-role' }
  | { kind: 'step-up' }
  | { kind: 'failed'; text: string };

/**
 * The console's door: asks the server who the caller is (`GET /audit.admin/v1/me`) and shows
 * the console only to an operator whose two-step sign-in is recent; otherwise it says why and
 * what to do. Hiding pages here is for the operator's sake: every call is checked on the server.
 */
export function ConsoleGate({ errorTexts, signInHref, children }: ConsoleGateProps) {
  const t = useTranslations('console');
  const locale = useLocale();
  const session = useStoredSession();
  const [state, setState] = useState<GateState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const signedIn = session.kind === 'signed-in';

  useEffect(() => {
    if (!signedIn) {
      return;
    }
    let current = true;
    consoleMe().then(
      (me) => current && setState({ kind: 'ready', me }),
      (cause: unknown) => {
        if (!current) {
          return;
        }
        if (hasReason(cause, 'console_step_up_required')) {
          setState({ kind: 'step-up' });
        } else if (hasReason(cause, 'permission_denied')) {
          setState({ kind: 'no-role' });
        } else if (hasReason(cause, 'unauthenticated')) {
          setState({ kind: 'signed-out' });
        } else {
          setState({ kind: 'failed', text: errorText(cause, locale, errorTexts) ?? '' });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [signedIn, attempt, locale, errorTexts]);

  const shown: GateState =
    session.kind === 'signed-out'
      ? { kind: 'signed-out' }
      : session.kind === 'unknown'
        ? { kind: 'loading' }
        : state;

  if (shown.kind === 'ready') {
    return (
      <ConsoleProvider value={shown.me}>
        <div className="flex flex-col gap-6 md:flex-row">
          <ConsoleNav />
          <div className="min-w-0 flex-1">{children}</div>
        </div>
      </ConsoleProvider>
    );
  }
  return (
    <section className="mx-auto flex max-w-xl flex-col gap-4 py-10" data-testid="console-gate">
      {shown.kind === 'loading' ? (
        <p className="text-muted-foreground">{t('gate.loading')}</p>
      ) : null}
      {shown.kind === 'signed-out' ? (
        <>
          <p>{t('gate.signedOut')}</p>
          <Button asChild className="self-start">
            <a href={signInHref}>{t('gate.signIn')}</a>
          </Button>
        </>
      ) : null}
      {shown.kind === 'no-role' ? <p>{t('gate.noRole')}</p> : null}
      {shown.kind === 'step-up' ? (
        <>
          <h2 className="text-xl font-semibold">{t('gate.stepUpTitle')}</h2>
          <p>{t('gate.stepUp')}</p>
          <Button
            className="self-start"
            onClick={() => {
              void signOut().finally(() => window.location.assign(signInHref));
            }}
          >
            {t('gate.signInAgain')}
          </Button>
        </>
      ) : null}
      {shown.kind === 'failed' ? (
        <>
          <FormAlert tone="error">{shown.text}</FormAlert>
          <Button
            variant="outline"
            className="self-start"
            onClick={() => {
              setState({ kind: 'loading' });
              setAttempt((value) => value + 1);
            }}
          >
            {t('gate.retry')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
