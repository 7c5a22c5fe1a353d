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

test.describe('the language suggestion', () => {
  // A Spanish browser that has answered no suggestion yet.
  test.use({ locale: 'es-ES', storageState: { cookies: [], origins: [] } });

  test('offers a Spanish reader the page in Spanish, in Spanish, and switches on a click', async ({
    page,
  }) => {
    await page.goto('/ja/faq');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const card = page.getByTestId('language-suggestion');
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('lang', 'es');
    await expect(card).toHaveAccessibleName('Sugerencia de idioma');
    await expect(card).toContainText('Esta página también está disponible en español.');
    await card.getByRole('button', { name: 'Cambiar a español' }).click();
    await expect(page).toHaveURL(/\/es\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The page is in the reader's language now: nothing more to offer.
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('language-suggestion')).toHaveCount(0);
  });

  test('is declined once, for good', async ({ page }) => {
    await page.goto('/ko/help');
    const card = page.getByTestId('language-suggestion');
    await card.getByRole('button', { name: 'No, gracias' }).click();
    await expect(card).toHaveCount(0);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('language-suggestion')).toHaveCount(0);
    expect(
      await page.evaluate(() => localStorage.getItem('nimbus.i18n.hide_language_change')),
    ).toBe('["es"]');
  });

  test('a reader who picks another language from the menu is not offered their own afterwards', async ({
    page,
  }) => {
    await page.goto('/faq?locale=es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page
      .locator('#pc_header')
      .getByRole('button', { name: /idioma/i })
      .click();
    await page.getByRole('menuitemradio', { name: 'Русский' }).click();
    await expect(page).toHaveURL(/\/ru\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('language-suggestion')).toHaveCount(0);
  });
});
