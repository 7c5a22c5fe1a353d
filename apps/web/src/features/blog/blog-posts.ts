import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@nimbus/contracts';
import { locales } from '@nimbus/contracts';
import { cache } from 'react';
import { type BlogPost, blogSlugPattern, parseBlogPost, sortBlogPosts } from './blog-post';

/**
 * The folders the posts may be in: the web app's folder as the hosting server names it
 * (`NIMBUS_WEB_DIR`), else the working directory of `next start` (apps/web) or of the server
 * started from the repository root.
 */
function contentRoots(): string[] {
  const roots = [
    path.join(process.cwd(), 'content', 'blog'),
    path.join(process.cwd(), 'apps', 'web', 'content', 'blog'),
  ];
  const webDir = process.env.NIMBUS_WEB_DIR;
  return webDir ? [path.join(webDir, 'content', 'blog'), ...roots] : roots;
}

async function readLocaleFolder(folder: string): Promise<BlogPost[] | undefined> {
  let names: string[];
  try {
    names = await fs.readdir(folder);
  } catch {
    return undefined;
  }
  const posts = await Promise.all(
    names
      .filter((name) => name.endsWith('.md') && blogSlugPattern.test(name.slice(0, -3)))
      .map(async (name) =>
        parseBlogPost(name.slice(0, -3), await fs.readFile(path.join(folder, name), 'utf8')),
      ),
  );
  return sortBlogPosts(posts);
}

/** The posts of a locale, newest first; none when the content folder cannot be found. */
export const loadBlogPosts = cache(async (locale: Locale): Promise<BlogPost[]> => {
  for (const root of contentRoots()) {
    const posts = await readLocaleFolder(path.join(root, locale));
    if (posts) {
      return posts;
    }
  }
  console.warn('blog posts not found', contentRoots());
  return [];
});

/** The posts of every locale, newest first in each (for the sitemap and a post's alternates). */
export const loadBlogPostsOfEveryLocale = cache(
  async (): Promise<ReadonlyMap<Locale, BlogPost[]>> =>
    new Map(
      await Promise.all(
        locales.map(async (locale) => [locale, await loadBlogPosts(locale)] as const),
      ),
    ),
);
