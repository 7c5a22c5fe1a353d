'use client';

import type { FormEvent } from 'react';
import { useState, useSyncExternalStore } from 'react';
import { useLocale } from 'next-intl';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText, hasReason } from '@/lib/api/error-text';
import { rememberLoginScene, safeRedirect } from '@/lib/session/credentials';

/** The steps of the auth panel. */
export type AuthStep =
  | 'sign-in'
  | 'two-factor'
  | 'recovery'
  | 'sign-up-email'
  | 'sign-up-details'
  | 'reset-email'
  | 'reset-code'
  | 'reset-password'
  | 'done';

export interface AuthFlowOptions {
  errorTexts: ErrorTexts;
  defaultRedirect: string;
  onSignedIn?: (() => void) | undefined;
  embedded: boolean;
}

function subscribeNever(): () => void {
  return () => {};
}

function targetOf(fallback: string): string {
  const params = new URLSearchParams(window.location.search);
  return safeRedirect(params.get('redirect') ?? params.get('return_to'), fallback);
}

/**
 * The state of the auth panel: the step, what the visitor typed, and the run of a step's call
 * (busy, the error in the message choice order of docs/product.md#error-catalogue, a notice). A
 * `two_factor_required` answer moves on to the two-step code instead of failing; an `under_review`
 * answer offers to cancel the account's deletion, which every later sign-in call then asks for.
 */
export function useAuthFlow({
  errorTexts,
  defaultRedirect,
  onSignedIn,
  embedded,
}: AuthFlowOptions) {
  const locale = useLocale();
  // `?mode=sign-up` (an invitation's "Create account") opens on the sign-up step.
  const signUpAsked = useSyncExternalStore(
    subscribeNever,
    () => !embedded && new URLSearchParams(window.location.search).get('mode') === 'sign-up',
    () => false,
  );
  // `?cancel_deletion=1` (the account page's "Cancel deletion") signs in withdrawing the request.
  const cancelAsked = useSyncExternalStore(
    subscribeNever,
    () => !embedded && new URLSearchParams(window.location.search).get('cancel_deletion') === '1',
    () => false,
  );
  const [chosenStep, setStep] = useState<AuthStep>();
  const step: AuthStep = chosenStep ?? (signUpAsked ? 'sign-up-email' : 'sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [verificationId, setVerificationId] = useState('');
  const [verificationToken, setVerificationToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [cancelChosen, setCancelDeletion] = useState(false);
  const [deletionPending, setDeletionPending] = useState(false);
  const cancelDeletion = cancelAsked || cancelChosen;

  function go(next: AuthStep): void {
    setError(undefined);
    setCode('');
    setStep(next);
  }

  async function run(action: () => Promise<void>): Promise<void> {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await action();
    } catch (cause) {
      if (hasReason(cause, 'two_factor_required')) {
        go('two-factor');
        return;
      }
      if (hasReason(cause, 'under_review')) {
        setDeletionPending(true);
      }
      setError(errorText(cause, locale, errorTexts));
    } finally {
      setBusy(false);
    }
  }

  function finish(): void {
    if (onSignedIn) {
      rememberLoginScene(window.location.pathname);
      setStep('done');
      onSignedIn();
      return;
    }
    const target = targetOf(defaultRedirect);
    rememberLoginScene(target);
    setStep('done');
    window.location.assign(target);
  }

  function submit(action: () => Promise<void>) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void run(action);
    };
  }

  return {
    step,
    locale,
    email,
    setEmail,
    password,
    setPassword,
    name,
    setName,
    code,
    setCode,
    verificationId,
    setVerificationId,
    verificationToken,
    setVerificationToken,
    busy,
    error,
    notice,
    setNotice,
    /** Whether sign-in withdraws the account's deletion request (`cancel_deletion`). */
    cancelDeletion,
    setCancelDeletion,
    /** Sign-in answered that the account waits for deletion. */
    deletionPending,
    go,
    finish,
    run,
    submit,
  };
}

export type AuthFlow = ReturnType<typeof useAuthFlow>;
