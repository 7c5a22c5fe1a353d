import { clsx } from 'clsx';

/*
 * Button styles as plain class lists (clsx only, no tailwind-merge), so the small client islands
 * of the header can style native buttons without pulling the merge library into every page.
 */

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-lg font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50 ' +
  '[&_svg]:size-5 [&_svg]:shrink-0';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover shadow-sm',
  secondary: 'bg-muted text-foreground hover:bg-border',
  ghost: 'text-foreground hover:bg-muted',
  outline: 'border border-border bg-background text-foreground hover:bg-muted',
};

/* Every size keeps a 44 px tap target on mobile; desktop may be denser. */
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-11 px-3 text-sm md:min-h-9',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
  icon: 'size-11 md:size-10',
};

/** The classes of a button of the given look and size. */
export function buttonVariants(
  options: { variant?: ButtonVariant; size?: ButtonSize } = {},
): string {
  return clsx(base, variants[options.variant ?? 'primary'], sizes[options.size ?? 'md']);
}
