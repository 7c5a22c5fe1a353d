import { devices, expect, test } from '@playwright/test';

test.describe('the site shell', () => {
  test('the language switcher lists every language in its own name and switches', async ({
    page,
    context,
  }) => {
    await page.goto('/faq');
    // Its name holds the language it shows, so what is seen can be said.
    const button = page.locator('#pc_header').getByRole('button', { name: 'Language' });
    await expect(button).toHaveAccessibleName('English · Language');
    await expect(button).toContainText('English');
    await button.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio')).toHaveCount(11);
    await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await menu.getByRole('menuitemradio', { name: '한국어' }).click();
    await expect(page).toHaveURL(/\/ko\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    const cookie = (await context.cookies()).find((each) => each.name === 'locale');
    expect(cookie?.value).toBe('ko');

    await expect(
      page.locator('#pc_header').getByRole('button', { name: '언어' }),
    ).toHaveAccessibleName('한국어 · 언어');
    await page.locator('#pc_header').getByRole('button', { name: '언어' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/faq$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('follows the system theme until the visitor chooses, and remembers the choice', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Switch between the light and dark theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('keeps attribution from the query in 12-hour cookies', async ({ page, context }) => {
    await page.goto('/?source=newsletter&medium=email&campaign=launch');
    const cookies = await context.cookies();
    for (const [name, value] of [
      ['source', 'newsletter'],
      ['medium', 'email'],
      ['campaign', 'launch'],
    ]) {
      const cookie = cookies.find((each) => each.name === name);
      expect(cookie?.value).toBe(value);
      const hours = ((cookie?.expires ?? 0) - Date.now() / 1000) / 3600;
      expect(hours).toBeGreaterThan(11.9);
      expect(hours).toBeLessThanOrEqual(12);
    }
  });
});

test.describe('on a phone', () => {
  const { viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = devices['Pixel 7'];
  test.use({ viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });

  test('the sidebar opens in a drawer from the menu button and closes with Escape', async ({
    page,
  }) => {
    await page.goto('/');
    const header = page.locator('#pc_header');
    await expect(header.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
    await header.getByRole('button', { name: 'Open the menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Help center' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('is sent away from the browser-extension page', async ({ page }) => {
    await page.goto('/ja/browser-extension');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/ja$/);
  });
});
