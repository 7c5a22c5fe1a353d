import type { ComponentProps } from 'react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';

export interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  hint?: string;
  /** What is wrong with the value: shown below the field, which is then marked invalid. */
  error?: string;
}

/** A labelled text field with an optional hint and error message below it. */
export function FormField({ label, hint, error, id, ...props }: FormFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={fieldId}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        aria-invalid={error ? true : undefined}
        {...props}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
