import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface FormAlertProps {
  tone: 'error' | 'success';
  children: ReactNode;
}

/** A message above or below a form: an error (announced at once) or a success. */
export function FormAlert({ tone, children }: FormAlertProps) {
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid={tone === 'error' ? 'form-error' : 'form-success'}
      className={cn(
        'rounded-lg px-3 py-2 text-sm',
        tone === 'error' ? 'bg-danger/10 text-danger' : 'bg-primary/10 text-foreground',
      )}
    >
      {children}
    </p>
  );
}
