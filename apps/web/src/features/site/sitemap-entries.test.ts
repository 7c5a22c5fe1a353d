import { locales } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { publicPagePaths, sitemapEntries } from './sitemap-entries';

const now = Date.UTC(2026, 10, 26);
const operation = {
  activities: {
    christmas: { ends_at: '2027-01-01T00:00:00Z' },
    'black-friday': { ends_at: '2026-11-01T00:00:00Z' },
  },
  compensations: {},
};

describe('sitemap', () => {
  const entries = sitemapEntries('https://nimbus.example.com', now);
  const urls = entries.map((entry) => entry.url);

  it('lists every public page in every locale with absolute URLs', () => {
    expect(urls).toContain('https://nimbus.example.com/');
    expect(urls).toContain('https://nimbus.example.com/ja');
    expect(urls).toContain('https://nimbus.example.com/zh-TW/faq');
    expect(urls).toContain('https://nimbus.example.com/ko/policy/privacy-policy');
    expect(urls).toContain('https://nimbus.example.com/es/help-center/sharing/create-a-share-link');
    expect(entries).toHaveLength(publicPagePaths(now).length * locales.length);
  });

  it('lists no address that redirects', () => {
    expect(publicPagePaths(now)).not.toContain('/help-center');
    expect(urls).not.toContain('https://nimbus.example.com/help-center');
  });

  it('never lists the drive, share pages, sign-in or the loading page', () => {
    for (const url of urls) {
      const path = new URL(url).pathname;
      expect(path).not.toMatch(/\/drive\/|\/s\/|\/auth$|\/loading$|access-blocked/);
    }
  });

  it('gives every entry hreflang alternates for all locales and x-default', () => {
    const home = entries.find((entry) => entry.url === 'https://nimbus.example.com/faq');
    expect(Object.keys(home?.alternates.languages ?? {})).toEqual([...locales, 'x-default']);
    expect(home?.alternates.languages['x-default']).toBe('https://nimbus.example.com/faq');
    expect(home?.alternates.languages.ja).toBe('https://nimbus.example.com/ja/faq');
  });

  it('lists a page of some locales only in those, with alternates for them', () => {
    const withPosts = sitemapEntries('https://nimbus.example.com', now, undefined, [
      { path: '/blog/hello', locales: ['ja', 'en-US'], lastModified: '2026-11-24' },
      { path: '/blog/privet', locales: ['ru'] },
    ]);
    expect(withPosts).toHaveLength(entries.length + 3);
    const posts = withPosts.filter((entry) => entry.url.includes('/blog/'));
    expect(posts.map((entry) => entry.url)).toEqual([
      'https://nimbus.example.com/blog/hello',
      'https://nimbus.example.com/ja/blog/hello',
      'https://nimbus.example.com/ru/blog/privet',
    ]);
    expect(posts[1]).toEqual({
      url: 'https://nimbus.example.com/ja/blog/hello',
      lastModified: '2026-11-24',
      alternates: {
        languages: {
          'en-US': 'https://nimbus.example.com/blog/hello',
          ja: 'https://nimbus.example.com/ja/blog/hello',
          'x-default': 'https://nimbus.example.com/blog/hello',
        },
      },
    });
    expect(posts[2]?.alternates.languages).toEqual({
      ru: 'https://nimbus.example.com/ru/blog/privet',
    });
  });

  it('lists only promotions the schedule says are still running', () => {
    expect(publicPagePaths(now, operation)).toContain('/activity/christmas');
    expect(publicPagePaths(now, operation)).not.toContain('/activity/black-friday');
    expect(publicPagePaths(now, operation)).not.toContain('/activity/compensation');
    expect(publicPagePaths(Date.UTC(2027, 5, 1), operation)).not.toContain('/activity/christmas');
    expect(publicPagePaths(now)).not.toContain('/activity/christmas');
  });
});
