import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locales } from '@nimbus/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlogMarkdown, safePostHref } from './blog-markdown';
import { findBlogPost, parseBlogPost, readingMinutes, sortBlogPosts } from './blog-post';

const contentRoot = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../content/blog',
);

describe('parseBlogPost', () => {
  it('reads the front matter, quoted values and the body', () => {
    const post = parseBlogPost(
      'hello-world',
      '\uFEFF---\r\ntitle: "Hello: world"\r\ndate: 2026-02-28\r\nsummary: Short.\r\n---\r\n\r\nBody *text*.\n',
    );
    expect(post).toEqual({
      slug: 'hello-world',
      title: 'Hello: world',
      date: '2026-02-28',
      summary: 'Short.',
      body: 'Body *text*.',
    });
  });

  it('refuses a post without front matter, a field, a real date or a slug for a name', () => {
    expect(() => parseBlogPost('a', 'no front matter')).toThrow('no front matter');
    expect(() => parseBlogPost('a', '---\ntitle: T\ndate: 2026-01-01\n---\nx')).toThrow('summary');
    expect(() => parseBlogPost('a', '---\ntitle: T\ndate: 2026-02-30\nsummary: S\n---\nx')).toThrow(
      'date',
    );
    expect(() => parseBlogPost('a', '---\ntitle: T\ndate: yesterday\nsummary: S\n---\nx')).toThrow(
      'date',
    );
    expect(() =>
      parseBlogPost('Bad Name', '---\ntitle: T\ndate: 2026-01-01\nsummary: S\n---\nx'),
    ).toThrow('slug');
  });

  it('sorts newest first and by slug within a day', () => {
    const post = (slug: string, date: string) => ({
      slug,
      date,
      title: slug,
      summary: '',
      body: '',
    });
    expect(
      sortBlogPosts([
        post('b', '2026-01-01'),
        post('c', '2026-03-01'),
        post('a', '2026-01-01'),
      ]).map((p) => p.slug),
    ).toEqual(['c', 'a', 'b']);
  });
});

describe('findBlogPost', () => {
  const post = (slug: string, date: string) => ({ slug, date, title: slug, summary: '', body: '' });
  const posts = sortBlogPosts([
    post('first', '2026-01-01'),
    post('second', '2026-02-01'),
    post('third', '2026-03-01'),
  ]);

  it('finds a post by its slug with the older and newer posts beside it', () => {
    const middle = findBlogPost(posts, 'second');
    expect(middle?.post.slug).toBe('second');
    expect(middle?.older?.slug).toBe('first');
    expect(middle?.newer?.slug).toBe('third');
    expect(findBlogPost(posts, 'third')).toMatchObject({
      older: { slug: 'second' },
      newer: undefined,
    });
    expect(findBlogPost(posts, 'first')).toMatchObject({
      older: undefined,
      newer: { slug: 'second' },
    });
  });

  it('finds nothing for an unknown, malformed or differently written slug', () => {
    expect(findBlogPost(posts, 'fourth')).toBeUndefined();
    expect(findBlogPost(posts, 'Second')).toBeUndefined();
    expect(findBlogPost(posts, 'second/')).toBeUndefined();
    expect(findBlogPost(posts, '')).toBeUndefined();
    expect(findBlogPost([], 'first')).toBeUndefined();
  });
});

describe('readingMinutes', () => {
  it('counts words at 200 a minute, at least one minute', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(200))).toBe(1);
    expect(readingMinutes('word '.repeat(201))).toBe(2);
    expect(
      readingMinutes(`[${'word '.repeat(200)}](/a-very-long-link-target-with-many-words)`),
    ).toBe(1);
  });

  it('counts Chinese and Japanese characters at 400 a minute', () => {
    expect(readingMinutes('字'.repeat(400))).toBe(1);
    expect(readingMinutes('字'.repeat(401))).toBe(2);
    expect(readingMinutes('ひらがな'.repeat(200))).toBe(2);
  });
});

describe('the blog posts in the repository', () => {
  const postsOf = (locale: string) =>
    sortBlogPosts(
      fs
        .readdirSync(path.join(contentRoot, locale))
        .filter((name) => name.endsWith('.md'))
        .map((name) =>
          parseBlogPost(
            name.slice(0, -3),
            fs.readFileSync(path.join(contentRoot, locale, name), 'utf8'),
          ),
        ),
    );

  it('has the same posts on the same days in every locale, each written in that language', () => {
    const english = postsOf('en-US');
    expect(english.length).toBeGreaterThanOrEqual(2);
    for (const locale of locales) {
      const posts = postsOf(locale);
      expect(posts.map((post) => [post.slug, post.date])).toEqual(
        english.map((post) => [post.slug, post.date]),
      );
      if (locale !== 'en-US') {
        posts.forEach((post, index) => {
          expect(post.title).not.toBe(english[index]?.title);
          expect(post.summary).not.toBe(english[index]?.summary);
          expect(post.body).not.toBe(english[index]?.body);
        });
      }
    }
  });
});

describe('BlogMarkdown', () => {
  const render = (source: string) => renderToStaticMarkup(createElement(BlogMarkdown, { source }));

  it('renders Markdown as elements', () => {
    const html = render(
      '## Title\n\n### Part\n\nSome **bold** text and a [link](/url-checker).\n\n- one\n- two',
    );
    expect(html).toMatch(/<h2[^>]*>Title<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Part<\/h3>/);
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('href="/url-checker"');
    expect(html).toContain('<li>one</li>');
  });

  it('drops raw HTML, images and unsafe links', () => {
    const html = render(
      '<script>alert(1)</script>\n\nHi <img src=x onerror=alert(1)> there\n\n![x](https://example.org/x.png)\n\n[bad](javascript:alert(1)) [data](data:text/html,hi) [ok](https://example.org)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).toMatch(
      /<a href="https:\/\/example\.org\/"[^>]* rel="noopener noreferrer nofollow">ok<\/a>/,
    );
    expect(html).toContain('<span>bad</span>');
  });

  it('lets links lead only to site paths, anchors and web addresses', () => {
    expect(safePostHref('/blog')).toBe('/blog');
    expect(safePostHref('#top')).toBe('#top');
    expect(safePostHref('//evil.example/x')).toBeUndefined();
    expect(safePostHref('mailto:a@b.c')).toBeUndefined();
    expect(safePostHref('JaVaScRiPt:alert(1)')).toBeUndefined();
  });
});
