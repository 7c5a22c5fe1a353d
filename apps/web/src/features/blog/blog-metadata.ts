import type { Metadata } from 'next';
import type { Locale } from '@nimbus/contracts';
import { absoluteLocaleUrl } from '@/i18n/alternates';
import { publicPageMetadata } from '@/lib/public-page-metadata';
import { blogFeedPath, blogPath, blogPostPath } from './blog-links';
import type { BlogPost } from './blog-post';

/** The `<link rel="alternate" type="application/rss+xml">` of a locale's blog pages. */
function feedAlternate(publicUrl: string, locale: Locale, feedTitle: string) {
  return {
    'application/rss+xml': [
      { url: absoluteLocaleUrl(publicUrl, locale, blogFeedPath), title: feedTitle },
    ],
  };
}

export interface BlogIndexMetadataInput {
  locale: Locale;
  publicUrl: string;
  title: string;
  description: string;
  feedTitle: string;
}

/** The list's metadata: title, description, canonical URL, every locale's list and the feed. */
export function blogIndexMetadata(input: BlogIndexMetadataInput): Metadata {
  const metadata = publicPageMetadata({ ...input, path: blogPath });
  return {
    ...metadata,
    alternates: {
      ...metadata.alternates,
      types: feedAlternate(input.publicUrl, input.locale, input.feedTitle),
    },
  };
}

export interface BlogPostMetadataInput {
  locale: Locale;
  publicUrl: string;
  post: BlogPost;
  /** The locales that have a post of the same slug (the page's `hreflang` alternates). */
  postLocales: readonly Locale[];
  feedTitle: string;
}

/** Midnight UTC of a post's day, as ISO 8601. */
function publishedTime(post: BlogPost): string {
  return `${post.date}T00:00:00.000Z`;
}

/**
 * A post's metadata: its title and summary, the canonical URL, `hreflang` alternates for the
 * locales that have the post, the locale's feed, and an Open Graph article with its day.
 */
export function blogPostMetadata(input: BlogPostMetadataInput): Metadata {
  const { post, locale, publicUrl } = input;
  const metadata = publicPageMetadata({
    publicUrl,
    locale,
    path: blogPostPath(post.slug),
    title: post.title,
    description: post.summary,
    pageLocales: input.postLocales,
  });
  return {
    ...metadata,
    alternates: {
      ...metadata.alternates,
      types: feedAlternate(publicUrl, locale, input.feedTitle),
    },
    openGraph: {
      ...metadata.openGraph,
      type: 'article',
      publishedTime: publishedTime(post),
      section: input.feedTitle,
    },
  };
}

export interface BlogPostingInput {
  locale: Locale;
  publicUrl: string;
  post: BlogPost;
  readingMinutes: number;
  blogTitle: string;
}

/** The schema.org `BlogPosting` of a post (JSON-LD), published by the site. */
export function blogPostingJsonLd(input: BlogPostingInput): Record<string, unknown> {
  const { post, locale, publicUrl } = input;
  const url = absoluteLocaleUrl(publicUrl, locale, blogPostPath(post.slug));
  const site = {
    '@type': 'Organization',
    name: 'Nimbus',
    url: absoluteLocaleUrl(publicUrl, locale, '/'),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': url,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    headline: post.title,
    description: post.summary,
    datePublished: publishedTime(post),
    dateModified: publishedTime(post),
    inLanguage: locale,
    timeRequired: `PT${input.readingMinutes}M`,
    author: site,
    publisher: site,
    isPartOf: {
      '@type': 'Blog',
      '@id': absoluteLocaleUrl(publicUrl, locale, blogPath),
      name: input.blogTitle,
    },
  };
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<` is written as `\u003c`, so no
 * text of a post can close the script element or open a comment.
 */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
