'use client';

import type { FormEvent, ReactNode } from 'react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';
import { setCaptchaModalTexts } from '@/lib/api/browser-client';
import { rememberLoginScene, safeRedirect } from '@/lib/session/credentials';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText, hasReason } from '@/lib/api/error-text';
import {
  requestVerification,
  resetPassword,
  signIn,
  signUp,
  verifyCode,
} from '@/lib/session/session';

type Step =
  | 'sign-in'
  | 'two-factor'
  | 'recovery'
  | 'sign-up-email'
  | 'sign-up-details'
  | 'reset-email'
  | 'reset-code'
  | 'reset-password'
  | 'done';

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

function subscribeNever(): () => void {
  return () => {};
}

function targetOf(fallback: string): string {
  const params = new URLSearchParams(window.location.search);
  return safeRedirect(params.get('redirect') ?? params.get('return_to'), fallback);
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
  const locale = useLocale();
  // `?mode=sign-up` (an invitation's "Create account") opens on the sign-up step.
  const signUpAsked = useSyncExternalStore(
    subscribeNever,
    () => !embedded && new URLSearchParams(window.location.search).get('mode') === 'sign-up',
    () => false,
  );
  const [chosenStep, setStep] = useState<Step>();
  const step: Step = chosenStep ?? (signUpAsked ? 'sign-up-email' : 'sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [verificationId, setVerificationId] = useState('');
  const [verificationToken, setVerificationToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const hydrated = useHydrated();

  useEffect(() => {
    setCaptchaModalTexts({ title: t('captcha.title'), close: t('captcha.close') });
  }, [t]);

  function go(next: Step): void {
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

  const emailField = (
    <FormField
      label={t('fields.email')}
      name="email"
      type="email"
      autoComplete="username"
      required
      maxLength={254}
      value={email}
      onChange={(event) => setEmail(event.target.value.trim())}
    />
  );

  function codeField(label: string, fieldName: string, hint?: string, digits = true): ReactNode {
    return (
      <FormField
        label={label}
        hint={hint}
        name={fieldName}
        required
        autoComplete="one-time-code"
        inputMode={digits ? 'numeric' : 'text'}
        pattern={digits ? '[0-9]{6}' : undefined}
        maxLength={digits ? 6 : 64}
        value={code}
        onChange={(event) => setCode(event.target.value.trim())}
      />
    );
  }

  const passwordField = (label: string, autoComplete: string, hint?: string) => (
    <FormField
      label={label}
      hint={hint}
      name="password"
      type="password"
      autoComplete={autoComplete}
      required
      minLength={autoComplete === 'new-password' ? 8 : 1}
      maxLength={128}
      value={password}
      onChange={(event) => setPassword(event.target.value)}
    />
  );

  const submitButton = (label: string) => (
    <Button
      type="submit"
      variant="primary"
      size="lg"
      disabled={busy || !hydrated}
      className="w-full"
    >
      {busy ? t('messages.busy') : label}
    </Button>
  );

  const linkButton = (label: string, onClick: () => void) => (
    <button
      type="button"
      disabled={!hydrated}
      onClick={onClick}
      className="min-h-11 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {label}
    </button>
  );

  let title: string;
  let body: ReactNode;
  switch (step) {
    case 'sign-in':
      title = t('titles.sign-in');
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            await signIn(email, password);
            finish();
          })}
        >
          {emailField}
          {passwordField(t('fields.password'), 'current-password')}
          {submitButton(t('actions.sign-in'))}
          <div className="flex flex-wrap justify-between gap-2">
            {linkButton(t('actions.forgot-password'), () => go('reset-email'))}
            {linkButton(t('tabs.sign-up'), () => go('sign-up-email'))}
          </div>
        </form>
      );
      break;
    case 'two-factor':
      title = t('titles.two-factor');
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            await signIn(email, password, { two_factor_code: code });
            finish();
          })}
        >
          {codeField(t('fields.two-factor-code'), 'two_factor_code', t('hints.two-factor'))}
          {submitButton(t('actions.verify'))}
          <div className="flex flex-wrap justify-between gap-2">
            {linkButton(t('actions.use-recovery'), () => go('recovery'))}
            {linkButton(t('actions.back-to-sign-in'), () => go('sign-in'))}
          </div>
        </form>
      );
      break;
    case 'recovery':
      title = t('titles.recovery');
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            await signIn(email, password, { recovery_code: code });
            finish();
          })}
        >
          {codeField(t('fields.recovery-code'), 'recovery_code', t('hints.recovery'), false)}
          {submitButton(t('actions.verify'))}
          <div className="flex flex-wrap justify-between gap-2">
            {linkButton(t('actions.use-app-code'), () => go('two-factor'))}
            {linkButton(t('actions.back-to-sign-in'), () => go('sign-in'))}
          </div>
        </form>
      );
      break;
    case 'sign-up-email':
    case 'reset-email': {
      const usage = step === 'sign-up-email' ? 'REGISTER' : 'PASSWORD_RESET';
      title = step === 'sign-up-email' ? t('titles.sign-up') : t('titles.reset');
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            setVerificationId(await requestVerification(email, usage, locale));
            go(usage === 'REGISTER' ? 'sign-up-details' : 'reset-code');
          })}
        >
          {emailField}
          {submitButton(t('actions.send-code'))}
          {linkButton(t('actions.back-to-sign-in'), () => go('sign-in'))}
        </form>
      );
      break;
    }
    case 'sign-up-details':
      title = t('titles.sign-up');
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            const token = await verifyCode(verificationId, code);
            await signUp({ email, password, name, verificationToken: token });
            finish();
          })}
        >
          {codeField(t('fields.code'), 'verification_code', t('hints.code-sent', { email }))}
          <FormField
            label={t('fields.name')}
            name="name"
            autoComplete="name"
            maxLength={64}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          {passwordField(t('fields.password'), 'new-password', t('hints.password'))}
          {submitButton(t('actions.create-account'))}
          <div className="flex flex-wrap justify-between gap-2">
            {linkButton(t('actions.resend-code'), () => go('sign-up-email'))}
            {linkButton(t('actions.back-to-sign-in'), () => go('sign-in'))}
          </div>
        </form>
      );
      break;
    case 'reset-code':
      title = t('titles.reset');
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            setVerificationToken(await verifyCode(verificationId, code));
            go('reset-password');
          })}
        >
          {codeField(t('fields.code'), 'verification_code', t('hints.reset-code-sent', { email }))}
          {submitButton(t('actions.continue'))}
          <div className="flex flex-wrap justify-between gap-2">
            {linkButton(t('actions.resend-code'), () => go('reset-email'))}
            {linkButton(t('actions.back-to-sign-in'), () => go('sign-in'))}
          </div>
        </form>
      );
      break;
    case 'reset-password':
      title = t('titles.reset');
      body = (
        <form
          className="flex flex-col gap-4"
          onSubmit={submit(async () => {
            await resetPassword({ email, password, verificationToken });
            setPassword('');
            go('sign-in');
            setNotice(t('messages.reset-done'));
          })}
        >
          {passwordField(t('fields.new-password'), 'new-password', t('hints.password'))}
          {submitButton(t('actions.set-password'))}
        </form>
      );
      break;
    case 'done':
      title = t('titles.sign-in');
      body = <FormAlert tone="success">{t('messages.signed-in')}</FormAlert>;
      break;
  }

  const Heading = embedded ? 'h2' : 'h1';
  return (
    <section
      aria-labelledby="auth-title"
      data-testid="auth-panel"
      data-step={step}
      data-ready={hydrated}
      className={
        embedded
          ? 'flex w-full flex-col gap-5'
          : 'mx-auto flex w-full max-w-sm flex-col gap-5 rounded-2xl border border-border bg-background p-6 shadow-sm'
      }
    >
      <Heading id="auth-title" className="text-2xl font-semibold tracking-tight">
        {title}
      </Heading>
      {lead}
      {notice ? <FormAlert tone="success">{notice}</FormAlert> : null}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {body}
    </section>
  );
}
