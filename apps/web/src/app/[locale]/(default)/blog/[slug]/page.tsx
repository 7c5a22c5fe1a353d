import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { config } from '@/config';
import { BlogPostView } from '@/features/blog/blog-post-view';
import { findBlogPost, readingMinutes } from '@/features/blog/blog-post';
import { loadBlogPosts, loadBlogPostsOfEveryLocale } from '@/features/blog/blog-posts';
import { localesWithPost } from '@/features/blog/blog-links';
import { blogPostingJsonLd, blogPostMetadata } from '@/features/blog/blog-metadata';
import { localeOf } from '@/i18n/params';

interface BlogPostPageProps {
  params: Promise<{ locale: string; slug: string }>;
}

async function postOf(params: BlogPostPageProps['params']) {
  const [locale, { slug }] = await Promise.all([localeOf(params), params]);
  return { locale, found: findBlogPost(await loadBlogPosts(locale), slug) };
}

/** The post's title, summary, canonical URL, alternates, feed and Open Graph article. */
export async function generateMetadata({ params }: BlogPostPageProps): Promise<Metadata> {
  const { locale, found } = await postOf(params);
  if (!found) {
    const common = await getTranslations({ locale, namespace: 'common' });
    return { title: common('page-not-found'), robots: { index: false } };
  }
  const [t, postsByLocale] = await Promise.all([
    getTranslations({ locale, namespace: 'apps' }),
    loadBlogPostsOfEveryLocale(),
  ]);
  return blogPostMetadata({
    locale,
    publicUrl: config.publicUrl,
    post: found.post,
    postLocales: localesWithPost(postsByLocale, found.post.slug),
    feedTitle: t('blog.feed-title'),
  });
}

/**
 * /blog/{slug}: one post of the visitor's language with its day, reading time, the posts before
 * and after it and its `BlogPosting` JSON-LD. A slug the language has no post for is a 404.
 */
export default async function BlogPostPage({ params }: BlogPostPageProps) {
  const { locale, found } = await postOf(params);
  if (!found) {
    notFound();
  }
  const t = await getTranslations({ locale, namespace: 'apps' });
  const minutes = readingMinutes(found.post.body);
  const jsonLd = blogPostingJsonLd({
    locale,
    publicUrl: config.publicUrl,
    post: found.post,
    readingMinutes: minutes,
    blogTitle: t('blog.feed-title'),
  });
  return <BlogPostView locale={locale} found={found} readingMinutes={minutes} jsonLd={jsonLd} />;
}
