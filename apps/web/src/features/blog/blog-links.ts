import type { Locale } from '@nimbus/contracts';
import { locales } from '@nimbus/contracts';
import type { LocalizedPage } from '@/lib/localized-page';
import type { BlogPost } from './blog-post';

/** The blog's list, without locale prefix. */
export const blogPath = '/blog';

/** The RSS 2.0 feed of a locale's posts, without locale prefix (`/ja/blog/rss.xml` for Japanese). */
export const blogFeedPath = '/blog/rss.xml';

/** The page of one post, without locale prefix. */
export function blogPostPath(slug: string): string {
  return `${blogPath}/${slug}`;
}

/** The locales whose posts include `slug`, in the site's order. */
export function localesWithPost(
  postsByLocale: ReadonlyMap<Locale, readonly BlogPost[]>,
  slug: string,
): Locale[] {
  return locales.filter((locale) => postsByLocale.get(locale)?.some((post) => post.slug === slug));
}

/**
 * Every post's page for the sitemap, once per slug, with the locales that have it and its day;
 * slugs in alphabetical order.
 */
export function blogSitemapPages(
  postsByLocale: ReadonlyMap<Locale, readonly BlogPost[]>,
): LocalizedPage[] {
  const slugs = [...new Set([...postsByLocale.values()].flat().map((post) => post.slug))].sort();
  return slugs.map((slug) => {
    const dates = [...postsByLocale.values()]
      .flat()
      .filter((post) => post.slug === slug)
      .map((post) => post.date)
      .sort();
    return {
      path: blogPostPath(slug),
      locales: localesWithPost(postsByLocale, slug),
      lastModified: dates.at(-1) ?? '',
    };
  });
}
