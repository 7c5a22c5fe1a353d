import type { ComponentProps } from 'react';
import { useId } from 'react';
import { Input } from '@/components/ui/input';

export interface FormFieldProps extends ComponentProps<'input'> {
  label: string;
  hint?: string;
}

/** A labelled text field with an optional hint below it. */
export function FormField({ label, hint, id, ...props }: FormFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  const hintId = `${fieldId}-hint`;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {label}
      </label>
      <Input id={fieldId} aria-describedby={hint ? hintId : undefined} {...props} />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
