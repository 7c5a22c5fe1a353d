import { Link2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

export interface LinkCheckFormProps {
  /** The link checker's path in the visitor's locale. */
  action: string;
  defaultValue?: string;
  labels: { label: string; placeholder: string; submit: string };
}

/**
 * The box to paste a link or magnet link into. A plain GET form to `/url-checker?url=...`: it
 * works before any JavaScript has loaded.
 */
export function LinkCheckForm({ action, defaultValue, labels }: LinkCheckFormProps) {
  return (
    <form
      action={action}
      method="get"
      role="search"
      className="flex w-full flex-col gap-2 sm:flex-row"
    >
      <label htmlFor="link-check-url" className="sr-only">
        {labels.label}
      </label>
      <div className="relative flex-1">
        <Link2
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="link-check-url"
          name="url"
          required
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={defaultValue}
          placeholder={labels.placeholder}
          className="min-h-12 pl-10"
        />
      </div>
      <Button type="submit" size="lg">
        {labels.submit}
      </Button>
    </form>
  );
}
