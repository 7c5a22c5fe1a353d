import { expect, test } from '@playwright/test';

test.describe('a new member’s first minutes', () => {
  test('“Create a free account” on the home page opens the sign-up form at once', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Create a free account' }).click();
    const panel = page.getByTestId('auth-panel');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await expect(panel).toHaveAttribute('data-step', 'sign-up-email');
    await expect(panel.locator('input[name=email]')).toBeVisible();
  });
});
