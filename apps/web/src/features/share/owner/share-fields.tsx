'use client';

import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import type { ExpiryChoice, ShareFieldError } from './share-options';
import { expiryChoices, maxRestoreLimit } from './share-options';

/*
 * The fields the create and edit dialogs share: a group of choices (native radio buttons, so
 * arrows move between them and screen readers announce the group), the expiry, the restore limit
 * and a pass-code field, with their errors tied to them.
 */

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/** Radio buttons drawn as a row of pills; arrows move the choice, as in any radio group. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  choices,
  onChange,
  testId,
}: {
  legend: string;
  name: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  testId?: string;
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'relative flex min-h-11 cursor-pointer items-center rounded-lg border px-3 text-sm md:min-h-9',
              'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
              value === choice.value
                ? 'border-primary bg-primary/10 font-medium text-foreground'
                : 'border-border text-muted-foreground hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A text field with its label, a hint and an error announced with it. */
export function LabeledInput({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error?: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy: describedBy || undefined })}
      {hint && !error ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The expiry choice: 1, 7 or 30 days or never, plus "keep" in the edit dialog. */
export function ExpiryField<T extends ExpiryChoice | 'keep'>({
  value,
  onChange,
  keepLabel,
}: {
  value: T;
  onChange: (value: T) => void;
  /** The "leave it as it is" choice of the edit dialog. */
  keepLabel?: string;
}) {
  const t = useTranslations('drive.share');
  const choices: Choice<string>[] = [
    ...(keepLabel ? [{ value: 'keep', label: keepLabel }] : []),
    ...expiryChoices.map((days) => ({
      value: String(days),
      label: days < 0 ? t('expiry.never') : t('expiry.days', { days }),
    })),
  ];
  return (
    <ChoiceGroup
      legend={t('expiry.label')}
      name="expiry"
      testId="share-expiry-field"
      value={String(value)}
      choices={choices}
      onChange={(next) => onChange((next === 'keep' ? 'keep' : Number(next)) as T)}
    />
  );
}

/** Unlimited saves, or a limit with its number. */
export function RestoreLimitField({
  limited,
  count,
  error,
  onChange,
}: {
  limited: boolean;
  count: string;
  error: ShareFieldError | undefined;
  onChange: (limited: boolean, count: string) => void;
}) {
  const t = useTranslations('drive.share');
  return (
    <div className="flex flex-col gap-3">
      <ChoiceGroup
        legend={t('saves.label')}
        name="saves"
        testId="share-saves-field"
        value={limited ? 'limited' : 'unlimited'}
        choices={[
          { value: 'unlimited', label: t('saves.unlimited') },
          { value: 'limited', label: t('saves.limited') },
        ]}
        onChange={(next) => onChange(next === 'limited', count)}
      />
      {limited ? (
        <LabeledInput
          label={t('saves.count-label')}
          hint={t('saves.hint')}
          error={error ? t(`error.${error}`) : undefined}
        >
          {({ id, describedBy }) => (
            <Input
              id={id}
              name="restore_limit"
              inputMode="numeric"
              autoComplete="off"
              value={count}
              maxLength={String(maxRestoreLimit).length}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange(true, event.target.value)}
              className="max-w-40"
            />
          )}
        </LabeledInput>
      ) : null}
    </div>
  );
}

/** A pass-code field: letters and digits, no autocorrection, the phone's plain keyboard. */
export function PassCodeInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: ShareFieldError | undefined;
  onChange: (value: string) => void;
}) {
  const t = useTranslations('drive.share');
  return (
    <LabeledInput
      label={label}
      hint={t('pass-code.hint')}
      error={error ? t(`error.${error}`) : undefined}
    >
      {({ id, describedBy }) => (
        <Input
          id={id}
          name="custom_pass_code"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          maxLength={16}
          // Shown once the member chose to type a code: the cursor goes there.
          autoFocus
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value.trim())}
          className="max-w-60 font-mono"
        />
      )}
    </LabeledInput>
  );
}
