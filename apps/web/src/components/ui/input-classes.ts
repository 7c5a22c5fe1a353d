/*
 * The text field's look as a plain class list (no tailwind-merge), so a page that only needs a
 * plain field (the share page's pass code) can style a native input without the merge library.
 */
export const inputClasses =
  'flex min-h-11 w-full min-w-0 rounded-lg border border-border bg-background px-3 text-base text-foreground ' +
  'placeholder:text-muted-foreground transition-colors ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-danger';
