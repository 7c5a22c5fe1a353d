import type { Locale } from '@nimbus/contracts';
import { locales } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { blogSitemapPages, localesWithPost } from './blog-links';
import {
  blogIndexMetadata,
  blogPostingJsonLd,
  blogPostMetadata,
  jsonLdScript,
} from './blog-metadata';
import type { BlogPost } from './blog-post';

const publicUrl = 'https://drive.example.org';
const post: BlogPost = {
  slug: 'offline-downloads',
  date: '2026-11-24',
  title: 'オフラインダウンロード',
  summary: 'リンクを貼るだけ。',
  body: '本文。',
};
const other = (slug: string, date = '2026-01-01'): BlogPost => ({ ...post, slug, date });

describe('blog post metadata', () => {
  it('has the canonical URL, alternates for the locales with the post, the feed and an article', () => {
    const metadata = blogPostMetadata({
      locale: 'ja',
      publicUrl,
      post,
      postLocales: ['en-US', 'ja', 'ko'],
      feedTitle: 'Nimbus ブログ',
    });
    expect(metadata.title).toBe('オフラインダウンロード');
    expect(metadata.description).toBe('リンクを貼るだけ。');
    expect(metadata.alternates?.canonical).toBe(
      'https://drive.example.org/ja/blog/offline-downloads',
    );
    expect(metadata.alternates?.languages).toEqual({
      'en-US': 'https://drive.example.org/blog/offline-downloads',
      ja: 'https://drive.example.org/ja/blog/offline-downloads',
      ko: 'https://drive.example.org/ko/blog/offline-downloads',
      'x-default': 'https://drive.example.org/blog/offline-downloads',
    });
    expect(metadata.alternates?.types).toEqual({
      'application/rss+xml': [
        { url: 'https://drive.example.org/ja/blog/rss.xml', title: 'Nimbus ブログ' },
      ],
    });
    expect(metadata.openGraph).toMatchObject({
      type: 'article',
      url: 'https://drive.example.org/ja/blog/offline-downloads',
      locale: 'ja_JP',
      alternateLocale: ['en_US', 'ko_KR'],
      publishedTime: '2026-11-24T00:00:00.000Z',
    });
  });

  it('has no x-default when the default locale lacks the post', () => {
    const metadata = blogPostMetadata({
      locale: 'ru',
      publicUrl,
      post,
      postLocales: ['ru', 'uk'],
      feedTitle: 'Блог Nimbus',
    });
    expect(Object.keys(metadata.alternates?.languages ?? {})).toEqual(['ru', 'uk']);
  });

  it('gives the list every locale and its feed', () => {
    const metadata = blogIndexMetadata({
      locale: 'en-US',
      publicUrl,
      title: 'Blog',
      description: 'News.',
      feedTitle: 'The Nimbus blog',
    });
    expect(metadata.alternates?.canonical).toBe('https://drive.example.org/blog');
    expect(Object.keys(metadata.alternates?.languages ?? {})).toEqual([...locales, 'x-default']);
    expect(metadata.alternates?.types).toEqual({
      'application/rss+xml': [
        { url: 'https://drive.example.org/blog/rss.xml', title: 'The Nimbus blog' },
      ],
    });
  });
});

describe('BlogPosting JSON-LD', () => {
  it('describes the post at its absolute URL', () => {
    expect(
      blogPostingJsonLd({
        locale: 'ko',
        publicUrl,
        post,
        readingMinutes: 3,
        blogTitle: 'Nimbus 블로그',
      }),
    ).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      url: 'https://drive.example.org/ko/blog/offline-downloads',
      mainEntityOfPage: { '@id': 'https://drive.example.org/ko/blog/offline-downloads' },
      headline: 'オフラインダウンロード',
      datePublished: '2026-11-24T00:00:00.000Z',
      inLanguage: 'ko',
      timeRequired: 'PT3M',
      publisher: { '@type': 'Organization', name: 'Nimbus', url: 'https://drive.example.org/ko' },
      isPartOf: { '@type': 'Blog', '@id': 'https://drive.example.org/ko/blog' },
    });
  });

  it('cannot close its script element', () => {
    const script = jsonLdScript({ headline: '</script><script>alert(1)</script><!--' });
    expect(script).not.toContain('<');
    expect(JSON.parse(script)).toEqual({ headline: '</script><script>alert(1)</script><!--' });
  });
});

describe('blog links', () => {
  const postsByLocale = new Map<Locale, BlogPost[]>([
    ['en-US', [other('b-post', '2026-02-01'), other('a-post')]],
    ['ja', [other('a-post')]],
    ['ko', [other('b-post', '2026-02-01'), other('a-post')]],
  ]);

  it('knows which locales have a post', () => {
    expect(localesWithPost(postsByLocale, 'a-post')).toEqual(['en-US', 'ja', 'ko']);
    expect(localesWithPost(postsByLocale, 'b-post')).toEqual(['en-US', 'ko']);
    expect(localesWithPost(postsByLocale, 'c-post')).toEqual([]);
  });

  it('lists each post once for the sitemap with its locales and day', () => {
    expect(blogSitemapPages(postsByLocale)).toEqual([
      { path: '/blog/a-post', locales: ['en-US', 'ja', 'ko'], lastModified: '2026-01-01' },
      { path: '/blog/b-post', locales: ['en-US', 'ko'], lastModified: '2026-02-01' },
    ]);
  });
});
