import Link from 'next/link';
import type { Locale } from '@nimbus/contracts';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { localePath } from '@/i18n/locale-path';
import { cn } from '@/lib/cn';
import { BlogMarkdown } from './blog-markdown';
import { blogPath, blogPostPath } from './blog-links';
import { jsonLdScript } from './blog-metadata';
import type { BlogPost, BlogPostInList } from './blog-post';
import { FeedLink, focusRing } from './feed-link';
import { PostByline } from './post-byline';

/** A link to a neighbouring post: which way it goes, then the post's title. */
function NeighbourLink({
  locale,
  post,
  label,
  direction,
}: {
  locale: Locale;
  post: BlogPost;
  label: string;
  direction: 'older' | 'newer';
}) {
  const Arrow = direction === 'older' ? ArrowLeft : ArrowRight;
  return (
    <Link
      href={localePath(locale, blogPostPath(post.slug))}
      rel={direction === 'older' ? 'prev' : 'next'}
      data-neighbour={direction}
      className={cn(
        'flex min-h-11 flex-col gap-1 rounded-xl border border-border p-4 transition-colors hover:bg-muted',
        focusRing,
        direction === 'newer' && 'md:col-start-2 md:items-end md:text-end',
      )}
    >
      <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
        {direction === 'older' ? <Arrow aria-hidden className="size-4" /> : null}
        {label}
        {direction === 'newer' ? <Arrow aria-hidden className="size-4" /> : null}
      </span>
      <span className="font-medium text-balance">{post.title}</span>
    </Link>
  );
}

export interface BlogPostViewProps {
  locale: Locale;
  found: BlogPostInList;
  readingMinutes: number;
  /** The post's schema.org `BlogPosting`, written into the page as JSON-LD. */
  jsonLd: Record<string, unknown>;
}

/**
 * One post: a way back to the list, the day and reading time, the title and summary, the body,
 * then the previous (older) and next (newer) posts and the feed.
 */
export async function BlogPostView({ locale, found, readingMinutes, jsonLd }: BlogPostViewProps) {
  const t = await getTranslations({ locale, namespace: 'apps' });
  const { post, older, newer } = found;
  const blogHref = localePath(locale, blogPath);
  return (
    <article data-post={post.slug} className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonLdScript(jsonLd) }}
      />
      <Link
        href={blogHref}
        data-back-to-blog
        className={cn(
          '-ms-1 inline-flex min-h-11 items-center gap-1 rounded-md px-1 text-sm font-medium text-primary hover:underline md:min-h-8',
          focusRing,
        )}
      >
        <ArrowLeft aria-hidden className="size-4" />
        {t('blog.back')}
      </Link>
      <header className="mt-4">
        <PostByline locale={locale} post={post} minutes={readingMinutes} />
        <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          {post.title}
        </h1>
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{post.summary}</p>
      </header>
      <div className="mt-8 border-t border-border pt-2" data-post-body>
        <BlogMarkdown source={post.body} />
      </div>
      {older || newer ? (
        <nav aria-label={t('blog.more')} className="mt-12 grid gap-3 md:grid-cols-2">
          {older ? (
            <NeighbourLink
              locale={locale}
              post={older}
              label={t('blog.previous')}
              direction="older"
            />
          ) : null}
          {newer ? (
            <NeighbourLink locale={locale} post={newer} label={t('blog.next')} direction="newer" />
          ) : null}
        </nav>
      ) : null}
      <footer className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-2 border-t border-border pt-6 text-sm">
        <Link
          href={blogHref}
          className={cn(
            'inline-flex min-h-11 items-center gap-1 rounded-md font-medium text-primary hover:underline md:min-h-8',
            focusRing,
          )}
        >
          <ArrowLeft aria-hidden className="size-4" />
          {t('blog.back')}
        </Link>
        <FeedLink locale={locale} label={t('blog.feed')} />
      </footer>
    </article>
  );
}
