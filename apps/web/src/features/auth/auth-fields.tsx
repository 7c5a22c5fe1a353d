'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import type { AuthFlow } from './use-auth-flow';

/*
 * The fields and buttons the auth panel's steps share; each field reads and writes the flow's
 * state.
 */

export function EmailField({ flow }: { flow: AuthFlow }) {
  const t = useTranslations('auth');
  return (
    <FormField
      label={t('fields.email')}
      name="email"
      type="email"
      autoComplete="username"
      required
      maxLength={254}
      value={flow.email}
      onChange={(event) => flow.setEmail(event.target.value.trim())}
    />
  );
}

/** A mailed or two-step code: six digits, or a recovery code when `digits` is false. */
export function CodeField({
  flow,
  label,
  name,
  hint,
  digits = true,
}: {
  flow: AuthFlow;
  label: string;
  name: string;
  hint?: string;
  digits?: boolean;
}) {
  return (
    <FormField
      label={label}
      hint={hint}
      name={name}
      required
      autoComplete="one-time-code"
      inputMode={digits ? 'numeric' : 'text'}
      pattern={digits ? '[0-9]{6}' : undefined}
      maxLength={digits ? 6 : 64}
      value={flow.code}
      onChange={(event) => flow.setCode(event.target.value.trim())}
    />
  );
}

export function PasswordField({
  flow,
  label,
  autoComplete,
  hint,
}: {
  flow: AuthFlow;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}) {
  return (
    <FormField
      label={label}
      hint={hint}
      name="password"
      type="password"
      autoComplete={autoComplete}
      required
      minLength={autoComplete === 'new-password' ? 8 : 1}
      maxLength={128}
      value={flow.password}
      onChange={(event) => flow.setPassword(event.target.value)}
    />
  );
}

/** The step's submit button; disabled until the page is hydrated and while a call runs. */
export function SubmitButton({
  flow,
  hydrated,
  label,
}: {
  flow: AuthFlow;
  hydrated: boolean;
  label: string;
}) {
  const t = useTranslations('auth');
  return (
    <Button
      type="submit"
      variant="primary"
      size="lg"
      disabled={flow.busy || !hydrated}
      className="w-full"
    >
      {flow.busy ? t('messages.busy') : label}
    </Button>
  );
}

/** A text button that moves to another step. */
export function LinkButton({
  hydrated,
  label,
  onClick,
}: {
  hydrated: boolean;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      disabled={!hydrated}
      onClick={onClick}
      className="min-h-11 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {label}
    </button>
  );
}

/** The row of text buttons under a step's form. */
export function LinkRow({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-between gap-2">{children}</div>;
}
