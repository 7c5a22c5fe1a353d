import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { config } from '@/config';
import { defaultLocale } from '@nimbus/contracts';
import { loadActivityOperation } from '@/features/activity/activity-gate';
import { blogSitemapPages } from '@/features/blog/blog-links';
import { loadBlogPostsOfEveryLocale } from '@/features/blog/blog-posts';
import { loadVisibleHelpArticles } from '@/features/help-center/help-features';
import { sitemapEntries } from '@/features/site/sitemap-entries';

/**
 * /sitemap.xml: every public page in every locale with its alternates (the help center's
 * articles this server shows), and each blog post in the locales that have it, built per request.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const [operation, posts, helpArticles] = await Promise.all([
    loadActivityOperation(defaultLocale),
    loadBlogPostsOfEveryLocale(),
    loadVisibleHelpArticles(defaultLocale),
  ]);
  return sitemapEntries(
    config.publicUrl,
    Date.now(),
    operation,
    blogSitemapPages(posts),
    helpArticles,
  );
}
