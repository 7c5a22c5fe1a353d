import { expect, test } from '@playwright/test';

test.describe('error pages', () => {
  test('an unmatched route answers 404 with the error page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page not found', { exact: false })).toBeVisible();
    await expect(page.locator('[data-testid="not-found-page-tip"]')).toBeVisible();
  });

  test('a route whose parameters fail validation answers 404 with its path', async ({ page }) => {
    const response = await page.goto('/s/bad~id!');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page Not Found /s/bad~id!')).toBeVisible();
  });

  test('the error page speaks the visitor’s language', async ({ page }) => {
    const response = await page.goto('/ru/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const tip = await page.locator('[data-testid="not-found-page-tip"]').innerText();
    expect(tip).toMatch(/[\u0400-\u04FF]/);
  });
});

test.describe('one port for the site and the API', () => {
  test('API paths answer the error object next to the pages', async ({ request }) => {
    const about = await request.get('/drive/v1/about');
    expect(about.status()).toBe(401);
    expect(await about.json()).toMatchObject({ error: 'unauthenticated', error_code: 16 });

    const unknown = await request.get('/v1/user/no-such-call');
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found', error_code: 5 });
  });
});

test.describe('the sitemap', () => {
  test('lists every public page in every locale with hreflang alternates', async ({
    request,
    baseURL,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('xml');
    const xml = await response.text();
    expect(xml).toContain(`<loc>${baseURL}/faq</loc>`);
    expect(xml).toContain(`hreflang="ja" href="${baseURL}/ja/faq"`);
    expect(xml).toContain(
      `hreflang="zh-TW" href="${baseURL}/zh-TW/help-center/sharing/create-a-share-link"`,
    );
    // `/help-center` itself redirects to its first topic, so only the topics are listed.
    expect(xml).not.toContain('/help-center</loc>');
    // Each blog post's page, in every language that has the post, with its alternates.
    expect(xml).toContain(`<loc>${baseURL}/ja/blog/offline-downloads</loc>`);
    expect(xml).toContain(`hreflang="es" href="${baseURL}/es/blog/save-shared-links"`);
    expect(xml).toContain(`hreflang="x-default" href="${baseURL}/blog/offline-downloads"`);
    expect(xml).not.toContain('/drive/');
    expect(xml).not.toContain('/s/');
  });
});
