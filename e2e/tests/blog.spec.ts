import { expect, test } from '@playwright/test';

/*
 * The blog: each post has its own page in each language (/es/blog/{slug}) with its metadata
 * (canonical URL, hreflang alternates, Open Graph article, BlogPosting JSON-LD), the posts are
 * in an RSS feed per language with absolute links, and an unknown post is the site's 404.
 * The posts are the repository's (apps/web/content/blog).
 */

const newest = {
  slug: 'offline-downloads',
  title: 'Deja que Nimbus lo descargue: descargas sin conexión',
};
const older = {
  slug: 'save-shared-links',
  title: 'Guarda los enlaces compartidos directamente en tu unidad',
};

test('a Spanish reader opens a post from the list and finds its page, metadata and neighbours', async ({
  page,
  baseURL,
}) => {
  await page.goto('/es/blog');
  const cards = page.locator('article[data-post]');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-post', newest.slug);
  await expect(
    page.locator('head link[rel="alternate"][type="application/rss+xml"]'),
  ).toHaveAttribute('href', `${baseURL}/es/blog/rss.xml`);

  // The title's link is reached from the keyboard and leads to the post's own page.
  const link = cards.nth(0).getByRole('link', { name: newest.title });
  await expect(link).toHaveAttribute('href', `/es/blog/${newest.slug}`);
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`${baseURL}/es/blog/${newest.slug}`);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(newest.title);
  await expect(page).toHaveTitle(`${newest.title} | Nimbus`);
  await expect(page.locator('time')).toHaveAttribute('datetime', '2026-11-24');
  await expect(page.locator('[data-reading-time]')).toContainText('min de lectura');
  await expect(
    page.locator('[data-post-body]').getByRole('link', { name: 'comprobador de enlaces' }),
  ).toHaveAttribute('href', '/url-checker');

  const canonical = `${baseURL}/es/blog/${newest.slug}`;
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', canonical);
  await expect(page.locator('head link[rel="alternate"][hreflang="ja"]')).toHaveAttribute(
    'href',
    `${baseURL}/ja/blog/${newest.slug}`,
  );
  await expect(page.locator('head link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    `${baseURL}/blog/${newest.slug}`,
  );
  await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('head meta[property="og:url"]')).toHaveAttribute('content', canonical);
  await expect(page.locator('head meta[property="article:published_time"]')).toHaveAttribute(
    'content',
    '2026-11-24T00:00:00.000Z',
  );
  await expect(
    page.locator('head link[rel="alternate"][type="application/rss+xml"]'),
  ).toHaveAttribute('href', `${baseURL}/es/blog/rss.xml`);

  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent()) ?? '',
  ) as Record<string, unknown>;
  expect(jsonLd).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: newest.title,
    url: canonical,
    inLanguage: 'es',
    datePublished: '2026-11-24T00:00:00.000Z',
  });

  // The newest post has only an older neighbour; the older one leads back up.
  const neighbours = page.getByRole('navigation', { name: 'Más artículos' });
  await expect(neighbours.locator('[data-neighbour="newer"]')).toHaveCount(0);
  const previous = neighbours.locator('[data-neighbour="older"]');
  await expect(previous).toContainText('Artículo anterior');
  await previous.click();
  await expect(page).toHaveURL(`${baseURL}/es/blog/${older.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(older.title);
  await expect(page.locator('[data-neighbour="older"]')).toHaveCount(0);
  await expect(page.locator('[data-neighbour="newer"]')).toHaveAttribute(
    'href',
    `/es/blog/${newest.slug}`,
  );

  await page.locator('[data-back-to-blog]').click();
  await expect(page).toHaveURL(`${baseURL}/es/blog`);
});

test('the old permalink leads to the post’s page', async ({ page, baseURL }) => {
  const response = await page.goto(`/es/blog?post=${older.slug}`);
  expect(response?.status()).toBe(200);
  expect(response?.request().redirectedFrom()?.url()).toBe(`${baseURL}/es/blog?post=${older.slug}`);
  await expect(page).toHaveURL(`${baseURL}/es/blog/${older.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(older.title);
});

test('the RSS feed of a language lists its posts with absolute links', async ({
  page,
  request,
  baseURL,
}) => {
  const response = await request.get('/es/blog/rss.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/rss+xml');
  const xml = await response.text();

  await page.goto('/es/blog');
  const feed = await page.evaluate((source) => {
    const document = new DOMParser().parseFromString(source, 'application/xml');
    const text = (node: ParentNode, selector: string) =>
      node.querySelector(selector)?.textContent ?? null;
    return {
      parseError: document.querySelector('parsererror')?.textContent ?? null,
      version: document.documentElement.getAttribute('version'),
      link: text(document, 'channel > link'),
      language: text(document, 'channel > language'),
      items: Array.from(document.querySelectorAll('channel > item')).map((item) => ({
        title: text(item, 'title'),
        link: text(item, 'link'),
        guid: text(item, 'guid'),
        pubDate: text(item, 'pubDate'),
      })),
    };
  }, xml);
  expect(feed.parseError).toBeNull();
  expect(feed.version).toBe('2.0');
  expect(feed.link).toBe(`${baseURL}/es/blog`);
  expect(feed.language).toBe('es');
  expect(feed.items).toEqual([
    {
      title: newest.title,
      link: `${baseURL}/es/blog/${newest.slug}`,
      guid: `${baseURL}/es/blog/${newest.slug}`,
      pubDate: 'Tue, 24 Nov 2026 00:00:00 GMT',
    },
    {
      title: older.title,
      link: `${baseURL}/es/blog/${older.slug}`,
      guid: `${baseURL}/es/blog/${older.slug}`,
      pubDate: 'Tue, 10 Nov 2026 00:00:00 GMT',
    },
  ]);

  // The feed's links open the posts.
  const opened = await page.goto(feed.items[1]?.link ?? '');
  expect(opened?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(older.title);

  // The default language's feed is unprefixed; its prefixed address leads there.
  const english = await request.get('/blog/rss.xml');
  expect(english.status()).toBe(200);
  expect(await english.text()).toContain(`<link>${baseURL}/blog/${newest.slug}</link>`);
  const prefixed = await request.get('/en-US/blog/rss.xml', { maxRedirects: 0 });
  expect(prefixed.status()).toBe(308);
  expect(prefixed.headers().location).toBe('/blog/rss.xml');
});

test('an unknown or malformed post is the site’s 404 in the reader’s language', async ({
  page,
}) => {
  const unknown = await page.goto('/es/blog/no-such-post');
  expect(unknown?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.locator('[data-testid="not-found-page-tip"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(newest.title);

  const malformed = await page.goto('/es/blog/Not_A_Slug');
  expect(malformed?.status()).toBe(404);
  await expect(page.getByText('/blog/Not_A_Slug')).toBeVisible();
});

test('a post reads on a phone without sideways scrolling', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    baseURL,
  });
  const page = await context.newPage();
  await page.goto(`/ja/blog/${older.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
  // Tap targets of at least 44 px.
  const back = await page.locator('[data-back-to-blog]').boundingBox();
  expect(back?.height ?? 0).toBeGreaterThanOrEqual(44);
  const newer = await page.locator('[data-neighbour="newer"]').boundingBox();
  expect(newer?.height ?? 0).toBeGreaterThanOrEqual(44);
  await context.close();
});
