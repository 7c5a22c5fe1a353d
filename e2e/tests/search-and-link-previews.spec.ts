import { expect, test } from '@playwright/test';

/** The attributes of each `<tag …>` of a page, in document order. */
function tagsOf(html: string, tag: 'link' | 'meta'): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\s([^>]*)>`, 'gi'))].map((match) =>
    Object.fromEntries(
      [...(match[1] ?? '').matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((attribute) => [
        (attribute[1] ?? '').toLowerCase(),
        attribute[2] ?? '',
      ]),
    ),
  );
}

interface SitemapEntry {
  url: string;
  alternates: Record<string, string>;
}

function sitemapEntries(xml: string): SitemapEntry[] {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => {
    const body = match[1] ?? '';
    const alternates = Object.fromEntries(
      [...body.matchAll(/hreflang="([^"]+)"\s+href="([^"]+)"/g)].map((link) => [
        link[1] ?? '',
        normal(link[2]),
      ]),
    );
    return { url: normal(/<loc>([^<]+)<\/loc>/.exec(body)?.[1]), alternates };
  });
}

/** An absolute URL as the URL standard writes it (`https://host` and `https://host/` are one address). */
function normal(url: string | undefined): string {
  return new URL(url ?? '').href;
}

/** The value of the `<meta>` whose `property` or `name` is `key`. */
function metaContent(metas: Record<string, string>[], key: string): string | undefined {
  return metas.find((meta) => meta.property === key || meta.name === key)?.content;
}

test.describe('search engines and link previews', () => {
  test('every public page of the sitemap names its canonical URL, its alternates and its preview', async ({
    request,
    playwright,
  }) => {
    // About a hundred pages, fetched one after another.
    test.setTimeout(240_000);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    const entries = sitemapEntries(await sitemap.text());
    // Every page in the default locale and in Japanese: the pages and their locales are built
    // the same way, so two locales cover every page's metadata without fetching all eleven.
    const checked = entries.filter((entry) => {
      const path = new URL(entry.url).pathname;
      return !/^\/[a-z]{2}(-[A-Z]{2})?(\/|$)/.test(path) || /^\/ja(\/|$)/.test(path);
    });
    expect(checked.length).toBeGreaterThan(40);
    for (const entry of checked) {
      // A crawler keeps no cookies: a fresh client per page, so the locale cookie of one page
      // does not redirect the next.
      const crawler = await playwright.request.newContext();
      const response = await crawler.get(entry.url, { maxRedirects: 0 });
      expect(response.status(), entry.url).toBe(200);
      const html = await response.text();
      const links = tagsOf(html, 'link');
      const metas = tagsOf(html, 'meta');
      const canonical = links.find((link) => link.rel === 'canonical');
      expect(normal(canonical?.href), entry.url).toBe(entry.url);
      const alternates = Object.fromEntries(
        links
          .filter((link) => link.rel === 'alternate' && link.hreflang)
          .map((link) => [link.hreflang ?? '', normal(link.href)]),
      );
      expect(alternates, entry.url).toEqual(entry.alternates);
      expect(metaContent(metas, 'description'), entry.url).toBeTruthy();
      expect(metaContent(metas, 'og:title'), entry.url).toBeTruthy();
      expect(metaContent(metas, 'og:description'), entry.url).toBeTruthy();
      expect(normal(metaContent(metas, 'og:url')), entry.url).toBe(entry.url);
      expect(metaContent(metas, 'og:site_name'), entry.url).toBe('Nimbus');
      expect(metaContent(metas, 'twitter:card'), entry.url).toBe('summary');
      await crawler.dispose();
    }
  });

  test('the home page in Japanese previews in Japanese', async ({ request, baseURL }) => {
    const html = await (await request.get('/ja')).text();
    const metas = tagsOf(html, 'meta');
    expect(metaContent(metas, 'og:locale')).toBe('ja_JP');
    expect(metaContent(metas, 'og:url')).toBe(`${baseURL}/ja`);
    expect(metaContent(metas, 'og:title')).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const canonical = tagsOf(html, 'link').find((link) => link.rel === 'canonical');
    expect(canonical?.href).toBe(`${baseURL}/ja`);
  });
});
