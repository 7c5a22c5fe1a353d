import type { Locale } from '@nimbus/contracts';
import { Feed } from 'feed';
import { absoluteLocaleUrl } from '@/i18n/alternates';
import { blogFeedPath, blogPath, blogPostPath } from './blog-links';
import type { BlogPost } from './blog-post';
import { sortBlogPosts } from './blog-post';

export interface BlogFeedInput {
  locale: Locale;
  /** The site's public origin (PUBLIC_URL): every link of the feed is absolute on it. */
  publicUrl: string;
  /** The channel's title and description, in the locale's language. */
  title: string;
  description: string;
  posts: readonly BlogPost[];
}

/** Characters XML 1.0 cannot hold at all (C0 controls but tab and newlines, lone surrogates, U+FFFE/F). */
const nonXmlCharacters = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML can carry it. */
function xmlText(text: string): string {
  return text.replace(nonXmlCharacters, '');
}

/**
 * Text for a CDATA section. The library writes titles and descriptions as CDATA and splits only
 * the first `]]>` of each (xml-js), so every one is broken by a word joiner, which readers show
 * as the same text.
 */
function cdataText(text: string): string {
  return xmlText(text).replaceAll(']]>', ']]\u2060>');
}

/**
 * A plain-text summary as the HTML an RSS `<description>` is read as, so a `<` or `&` in a
 * summary shows as written instead of becoming markup.
 */
function htmlOfText(text: string): string {
  return xmlText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Midnight UTC of a post's `YYYY-MM-DD` day. */
function dayOf(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/**
 * The RSS 2.0 feed of a locale's posts, newest first: each item's title, absolute link (also its
 * permanent guid), publication day and summary. The channel links the blog's list and itself
 * (`atom:link rel="self"`); its build date is the newest post's day, so the same posts give the
 * same bytes.
 */
export function buildBlogRss(input: BlogFeedInput): string {
  const url = (pathname: string) => absoluteLocaleUrl(input.publicUrl, input.locale, pathname);
  const posts = sortBlogPosts(input.posts);
  const newest = posts[0];
  const feed = new Feed({
    id: url(blogPath),
    title: xmlText(input.title),
    description: xmlText(input.description),
    link: url(blogPath),
    feedLinks: { rss: url(blogFeedPath) },
    language: input.locale.toLowerCase(),
    generator: 'Nimbus',
    ...(newest ? { updated: dayOf(newest.date) } : {}),
  });
  for (const post of posts) {
    feed.addItem({
      title: cdataText(post.title),
      link: url(blogPostPath(post.slug)),
      date: dayOf(post.date),
      description: htmlOfText(post.summary),
    });
  }
  return feed.rss2();
}
