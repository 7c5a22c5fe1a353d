import type { Locale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { config } from '@/config';
import { buildBlogRss } from './blog-feed';
import { loadBlogPosts } from './blog-posts';

/**
 * The answer to `/blog/rss.xml` of a locale: the feed of its posts, read from the content folder
 * on each request like the pages, with absolute links on PUBLIC_URL.
 */
export async function blogFeedResponse(locale: Locale): Promise<Response> {
  const [t, pages, posts] = await Promise.all([
    getTranslations({ locale, namespace: 'apps' }),
    getTranslations({ locale, namespace: 'pages' }),
    loadBlogPosts(locale),
  ]);
  const xml = buildBlogRss({
    locale,
    publicUrl: config.publicUrl,
    title: t('blog.feed-title'),
    description: pages('blog.description'),
    posts,
  });
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    },
  });
}
