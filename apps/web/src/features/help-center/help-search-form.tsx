import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { maxHelpQueryLength } from './help-search';

export interface HelpSearchFormProps {
  /** The search page's path in the visitor's locale. */
  action: string;
  defaultValue?: string;
  labels: { label: string; placeholder: string; submit: string };
}

/**
 * The help center's search box: a plain GET form to `/help-center/search?q=...`, searched on the
 * server, so it works before any JavaScript has loaded and adds none to any page.
 */
export function HelpSearchForm({ action, defaultValue, labels }: HelpSearchFormProps) {
  return (
    <form action={action} method="get" role="search" className="flex w-full gap-2">
      <label htmlFor="help-search-query" className="sr-only">
        {labels.label}
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id="help-search-query"
          name="q"
          type="search"
          required
          maxLength={maxHelpQueryLength}
          autoComplete="off"
          defaultValue={defaultValue}
          placeholder={labels.placeholder}
          className="pl-10"
        />
      </div>
      <Button type="submit">{labels.submit}</Button>
    </form>
  );
}
