import { ChevronDown } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { BlogMarkdown } from '@/features/blog/blog-markdown';
import { loadBlogPosts } from '@/features/blog/blog-posts';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('blog');

/**
 * /blog: the posts of the visitor's language, newest first, each expandable in place. A post's
 * own link is `/blog?post=<slug>#<slug>`: it opens that post on arrival, without JavaScript.
 */
export default async function BlogPage({
  params,
  searchParams,
}: LocaleParams & { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const locale = await localeOf(params);
  const [t, pages, posts, query] = await Promise.all([
    getTranslations({ locale, namespace: 'apps' }),
    getTranslations({ locale, namespace: 'pages' }),
    loadBlogPosts(locale),
    searchParams,
  ]);
  const opened = typeof query.post === 'string' ? query.post : undefined;
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <PageIntro title={pages('blog.title')} description={pages('blog.description')}>
      {posts.length === 0 ? (
        <p className="text-muted-foreground">{t('blog.empty')}</p>
      ) : (
        <ol className="space-y-4" aria-label={t('blog.list')}>
          {posts.map((post) => (
            <li key={post.slug}>
              <article id={post.slug} className="scroll-mt-24 rounded-xl border border-border" data-post={post.slug}>
                <details open={post.slug === opened} className="group">
                  <summary className="flex cursor-pointer list-none items-start gap-3 rounded-xl p-5 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                    <div className="min-w-0 flex-1">
                      <time dateTime={post.date} className="text-sm text-muted-foreground">
                        {dateFormat.format(new Date(`${post.date}T00:00:00Z`))}
                      </time>
                      <h2 className="mt-1 text-xl font-semibold text-balance">{post.title}</h2>
                      <p className="mt-2 text-muted-foreground">{post.summary}</p>
                    </div>
                    <ChevronDown aria-hidden className="mt-1 size-5 shrink-0 transition-transform group-open:rotate-180" />
                  </summary>
                  <div className="border-t border-border px-5 pb-5" data-post-body>
                    <BlogMarkdown source={post.body} />
                    <p className="mt-6 text-sm">
                      <a
                        href={`${localePath(locale, '/blog')}?post=${post.slug}#${post.slug}`}
                        className="text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                      >
                        {t('blog.permalink')}
                      </a>
                    </p>
                  </div>
                </details>
              </article>
            </li>
          ))}
        </ol>
      )}
    </PageIntro>
  );
}
