import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { inputClasses } from './input-classes';

/** A text field with the Nimbus look: 44 px tall on every screen, a visible focus ring. */
export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return <input type={type ?? 'text'} className={cn(inputClasses, className)} {...props} />;
}
