import type { Locale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/cn';
import type { BlogPost } from './blog-post';
import { readingMinutes } from './blog-post';

/** A post's day in the locale's long date format (the day is a calendar day, read in UTC). */
export function formatPostDate(locale: Locale, date: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** The line above a post's title: its day and how long it takes to read. */
export async function PostByline({
  locale,
  post,
  minutes = readingMinutes(post.body),
  className,
}: {
  locale: Locale;
  post: BlogPost;
  minutes?: number;
  className?: string;
}) {
  const t = await getTranslations({ locale, namespace: 'apps' });
  return (
    <p
      className={cn('flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground', className)}
    >
      <time dateTime={post.date}>{formatPostDate(locale, post.date)}</time>
      <span aria-hidden>·</span>
      <span data-reading-time={minutes}>{t('blog.reading-time', { minutes })}</span>
    </p>
  );
}
