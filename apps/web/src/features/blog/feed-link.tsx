import type { Locale } from '@nimbus/contracts';
import { Rss } from 'lucide-react';
import { localePath } from '@/i18n/locale-path';
import { cn } from '@/lib/cn';
import { blogFeedPath } from './blog-links';

/** The focus ring of the blog's links. */
export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** The visible link to a locale's RSS feed (a plain link: the feed is not a page). */
export function FeedLink({ locale, label }: { locale: Locale; label: string }) {
  return (
    <a
      href={localePath(locale, blogFeedPath)}
      type="application/rss+xml"
      data-feed-link
      className={cn(
        'inline-flex min-h-11 items-center gap-1 rounded-md text-muted-foreground hover:text-foreground hover:underline md:min-h-8',
        focusRing,
      )}
    >
      <Rss aria-hidden className="size-4" />
      {label}
    </a>
  );
}
