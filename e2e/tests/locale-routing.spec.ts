import { expect, test } from '@playwright/test';

test.describe('locale routing', () => {
  test('serves the home page in three locales', async ({ page }) => {
    const headings = new Set<string>();
    for (const [path, locale] of [
      ['/', 'en-US'],
      ['/ja', 'ja'],
      ['/zh-TW', 'zh-TW'],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('#pc_header')).toBeVisible();
      await expect(page).toHaveTitle(/Nimbus/);
      headings.add((await page.locator('main h1').first().innerText()).trim());
    }
    expect(headings.size).toBe(3);
  });

  test('?locale= forces a locale and the cookie remembers it on the next visit', async ({
    page,
    context,
  }) => {
    await page.goto('/faq?locale=ko');
    await expect(page).toHaveURL(/\/ko\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');

    const cookie = (await context.cookies()).find((each) => each.name === 'locale');
    expect(cookie?.value).toBe('ko');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(366);

    await page.goto('/faq');
    await expect(page).toHaveURL(/\/ko\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  });

  test('an unknown locale falls back to the default', async ({ page }) => {
    await page.goto('/fr/faq');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');

    await page.goto('/help?locale=xx-YY');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('a share URL with a locale prefix loses the prefix and keeps the locale', async ({
    page,
    context,
  }) => {
    await page.goto('/ja/s/AbC123_x');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/s\/AbC123_x$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const cookie = (await context.cookies()).find((each) => each.name === 'locale');
    expect(cookie?.value).toBe('ja');
  });

  test('routes nested help-centre articles in a prefixed locale', async ({ page }) => {
    const response = await page.goto('/zh-TW/help-center/a/b');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  });
});
