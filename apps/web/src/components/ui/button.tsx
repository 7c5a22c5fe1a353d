import type { ComponentProps } from 'react';
import { Slot } from 'radix-ui';
import { cn } from '@/lib/cn';
import type { ButtonSize, ButtonVariant } from './button-variants';
import { buttonVariants } from './button-variants';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the single child (a link, say) with the button's look instead of a `<button>`. */
  asChild?: boolean;
}

/** A button with the Nimbus look; `asChild` styles a link as a button. */
export function Button({ variant, size, asChild = false, className, type, ...props }: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return <Slot.Root className={classes} {...props} />;
  }
  return <button type={type ?? 'button'} className={classes} {...props} />;
}
