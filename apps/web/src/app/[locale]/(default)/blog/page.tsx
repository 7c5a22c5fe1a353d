import type { Metadata } from 'next';
import Link from 'next/link';
import { permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { config } from '@/config';
import { blogPostPath } from '@/features/blog/blog-links';
import { blogIndexMetadata } from '@/features/blog/blog-metadata';
import { findBlogPost } from '@/features/blog/blog-post';
import { loadBlogPosts } from '@/features/blog/blog-posts';
import { FeedLink } from '@/features/blog/feed-link';
import { PostByline } from '@/features/blog/post-byline';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The list's title and description, canonical URL, every locale's list and the feed. */
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await localeOf(params);
  const [t, pages] = await Promise.all([
    getTranslations({ locale, namespace: 'apps' }),
    getTranslations({ locale, namespace: 'pages' }),
  ]);
  return blogIndexMetadata({
    locale,
    publicUrl: config.publicUrl,
    title: pages('blog.title'),
    description: pages('blog.description'),
    feedTitle: t('blog.feed-title'),
  });
}

/**
 * /blog: the posts of the visitor's language, newest first, each leading to its page
 * (/blog/{slug}). The old permalink `/blog?post=<slug>` is sent to that page for good.
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
  const asked = typeof query.post === 'string' ? findBlogPost(posts, query.post) : undefined;
  if (asked) {
    permanentRedirect(localePath(locale, blogPostPath(asked.post.slug)));
  }
  return (
    <PageIntro title={pages('blog.title')} description={pages('blog.description')}>
      {posts.length === 0 ? (
        <p className="text-muted-foreground">{t('blog.empty')}</p>
      ) : (
        <ol className="space-y-4" aria-label={t('blog.list')}>
          {posts.map((post) => (
            <li key={post.slug}>
              <article
                data-post={post.slug}
                className="relative rounded-xl border border-border p-5 transition-colors has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-ring hover:bg-muted"
              >
                <PostByline locale={locale} post={post} />
                <h2 className="mt-1 text-xl font-semibold text-balance">
                  {/* The title's link covers the whole card, so the card is one tap target. */}
                  <Link
                    href={localePath(locale, blogPostPath(post.slug))}
                    className="outline-none after:absolute after:inset-0 after:rounded-xl"
                  >
                    {post.title}
                  </Link>
                </h2>
                <p className="mt-2 text-muted-foreground">{post.summary}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-8 text-sm">
        <FeedLink locale={locale} label={t('blog.feed')} />
      </p>
    </PageIntro>
  );
}
