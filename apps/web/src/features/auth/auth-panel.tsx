'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { useHydrated } from '@/lib/use-hydrated';
import type { ErrorTexts } from '@/lib/api/error-text';
import { AuthStepForm, authStepTitle } from './auth-steps';
import { useAuthFlow } from './use-auth-flow';

export interface AuthPanelProps {
  /** The shared error messages of the page's locale. */
  errorTexts: ErrorTexts;
  /** Where to go after signing in when the URL names no same-origin `redirect`. */
  defaultRedirect: string;
  /**
   * Called after signing in or up instead of leaving the page (the share page's sign-in dialog,
   * which carries on with what the visitor asked for).
   */
  onSignedIn?: () => void;
  /** Shown inside a dialog: a second-level heading, no card of its own. */
  embedded?: boolean;
  /** A line under the heading saying why the visitor is asked to sign in. */
  lead?: ReactNode;
}

/**
 * Sign in, sign up and password reset (docs/api.md#user-service) in one panel: e-mail and password, then a
 * two-step code when the answer is `two_factor_required`; sign-up and reset by a mailed code.
 * Errors are shown in the message choice order of docs/product.md#error-catalogue.
 */
export function AuthPanel({
  errorTexts,
  defaultRedirect,
  onSignedIn,
  embedded = false,
  lead,
}: AuthPanelProps) {
  const t = useTranslations('auth');
  const flow = useAuthFlow({ errorTexts, defaultRedirect, onSignedIn, embedded });
  const hydrated = useHydrated();

  const Heading = embedded ? 'h2' : 'h1';
  return (
    <section
      aria-labelledby="auth-title"
      data-testid="auth-panel"
      data-step={flow.step}
      data-ready={hydrated}
      className={
        embedded
          ? 'flex w-full flex-col gap-5'
          : 'mx-auto flex w-full max-w-sm flex-col gap-5 rounded-2xl border border-border bg-background p-6 shadow-sm'
      }
    >
      <Heading id="auth-title" className="text-2xl font-semibold tracking-tight">
        {authStepTitle(flow.step, t)}
      </Heading>
      {lead}
      {flow.notice ? <FormAlert tone="success">{flow.notice}</FormAlert> : null}
      {flow.error ? <FormAlert tone="error">{flow.error}</FormAlert> : null}
      <AuthStepForm flow={flow} hydrated={hydrated} />
    </section>
  );
}
