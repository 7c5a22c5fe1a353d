import { describe, expect, it } from 'vitest';
import { xml2js } from 'xml-js';
import { buildBlogRss } from './blog-feed';
import type { BlogPost } from './blog-post';

const post = (slug: string, date: string, overrides: Partial<BlogPost> = {}): BlogPost => ({
  slug,
  date,
  title: `Title of ${slug}`,
  summary: `Summary of ${slug}`,
  body: 'Body.',
  ...overrides,
});

interface XmlNode {
  _text?: string;
  _cdata?: string | string[];
  _attributes?: Record<string, string>;
  [child: string]: unknown;
}

/** The feed parsed by a strict XML parser (sax): a malformed document throws. */
function parseRss(xml: string) {
  const document = xml2js(xml, { compact: true }) as {
    rss: { _attributes: Record<string, string>; channel: XmlNode };
  };
  const channel = document.rss.channel;
  const items =
    channel.item === undefined ? [] : ([] as XmlNode[]).concat(channel.item as XmlNode | XmlNode[]);
  const textOf = (node: unknown): string => {
    const value = node as XmlNode;
    const cdata = value._cdata;
    return value._text ?? (Array.isArray(cdata) ? cdata.join('') : (cdata ?? ''));
  };
  return {
    version: document.rss._attributes.version,
    channel,
    textOf,
    items: items.map((item) => ({
      title: textOf(item.title),
      link: textOf(item.link),
      guid: textOf(item.guid),
      isPermaLink: (item.guid as XmlNode)._attributes?.isPermaLink,
      pubDate: textOf(item.pubDate),
      description: textOf(item.description),
    })),
  };
}

const base = {
  publicUrl: 'https://drive.example.org',
  title: 'Nimbus ブログ',
  description: 'Nimbusの最新情報。',
};

describe('buildBlogRss', () => {
  it('lists the posts newest first, whatever order they come in', () => {
    const xml = buildBlogRss({
      ...base,
      locale: 'ja',
      posts: [
        post('b-post', '2026-01-05'),
        post('c-post', '2026-03-01'),
        post('a-post', '2026-01-05'),
      ],
    });
    const feed = parseRss(xml);
    expect(feed.version).toBe('2.0');
    expect(feed.items.map((item) => item.link)).toEqual([
      'https://drive.example.org/ja/blog/c-post',
      'https://drive.example.org/ja/blog/a-post',
      'https://drive.example.org/ja/blog/b-post',
    ]);
    expect(feed.items[0]?.pubDate).toBe('Sun, 01 Mar 2026 00:00:00 GMT');
    // The build date is the newest post's day: the same posts always give the same feed.
    expect(feed.textOf(feed.channel.lastBuildDate)).toBe('Sun, 01 Mar 2026 00:00:00 GMT');
    expect(buildBlogRss({ ...base, locale: 'ja', posts: [post('a-post', '2026-01-05')] })).toBe(
      buildBlogRss({ ...base, locale: 'ja', posts: [post('a-post', '2026-01-05')] }),
    );
  });

  it('gives absolute links on the public origin, with the locale prefix only where pages have one', () => {
    const japanese = parseRss(
      buildBlogRss({ ...base, locale: 'ja', posts: [post('hello', '2026-01-01')] }),
    );
    expect(japanese.textOf(japanese.channel.link)).toBe('https://drive.example.org/ja/blog');
    expect((japanese.channel['atom:link'] as XmlNode)._attributes).toMatchObject({
      href: 'https://drive.example.org/ja/blog/rss.xml',
      rel: 'self',
      type: 'application/rss+xml',
    });
    expect(japanese.textOf(japanese.channel.language)).toBe('ja');
    expect(japanese.textOf(japanese.channel.title)).toBe('Nimbus ブログ');
    expect(japanese.items[0]).toMatchObject({
      link: 'https://drive.example.org/ja/blog/hello',
      guid: 'https://drive.example.org/ja/blog/hello',
      isPermaLink: 'true',
    });

    const english = parseRss(
      buildBlogRss({
        ...base,
        publicUrl: 'https://drive.example.org/',
        locale: 'en-US',
        posts: [post('hello', '2026-01-01')],
      }),
    );
    expect(english.textOf(english.channel.link)).toBe('https://drive.example.org/blog');
    expect(english.textOf(english.channel.language)).toBe('en-us');
    expect(english.items[0]?.link).toBe('https://drive.example.org/blog/hello');
  });

  it('escapes what posts say: markup, ampersands, CDATA ends and characters XML cannot hold', () => {
    const tricky = post('tricky', '2026-02-01', {
      title: 'Tags like <b> & "quotes" ]]> twice ]]> done',
      summary: 'Use <script>alert(1)</script> & more ]]> here\u0000\u0007.',
    });
    const xml = buildBlogRss({
      ...base,
      locale: 'en-US',
      title: 'News & <updates>',
      posts: [tricky],
    });
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u0000');
    expect(xml).not.toContain('\u0007');
    expect(xml).toContain('<title>News &amp; &lt;updates&gt;</title>');

    const feed = parseRss(xml);
    expect(feed.textOf(feed.channel.title)).toBe('News & <updates>');
    // The title reads as written (a word joiner, which shows as nothing, breaks each `]]>`).
    expect(feed.items[0]?.title.replaceAll('\u2060', '')).toBe(tricky.title);
    // The description is HTML, as RSS readers take it: the summary's text shows, never runs.
    expect(feed.items[0]?.description).toBe(
      'Use &lt;script&gt;alert(1)&lt;/script&gt; &amp; more ]]&gt; here.',
    );
  });

  it('is a valid empty channel when the locale has no posts', () => {
    const feed = parseRss(buildBlogRss({ ...base, locale: 'ko', posts: [] }));
    expect(feed.items).toEqual([]);
    expect(feed.textOf(feed.channel.link)).toBe('https://drive.example.org/ko/blog');
  });
});
