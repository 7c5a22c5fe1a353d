import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A text field with the Nimbus look: 44 px tall on every screen, a visible focus ring. */
export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type ?? 'text'}
      className={cn(
        'flex min-h-11 w-full min-w-0 rounded-lg border border-border bg-background px-3 text-base text-foreground',
        'placeholder:text-muted-foreground transition-colors',
        'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger',
        className,
      )}
      {...props}
    />
  );
}
