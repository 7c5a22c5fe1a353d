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

test('the home page’s app cards are named by the text they show', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('#home-apps + p + ul a');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    const title = (await card.locator('span.font-semibold').textContent()) ?? '';
    // The name starts with the card's own title, as a voice user reads it from the screen.
    await expect(card).toHaveAccessibleName(new RegExp(`^${title}\\b`));
  }
});
