import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

/*
 * The captcha modal of the sign-in page: when the shield asks for a challenge, the page opens it
 * in a 320x430 frame, the challenge returns through /loading and the sign-in goes on; closing
 * the modal cancels quietly.
 */

/** Ten wrong passwords for one account, each from a device of its own: the shield gets wary. */
async function makeRisky(request: APIRequestContext, username: string): Promise<void> {
  for (let i = 0; i < 10; i += 1) {
    const wrong = await request.post('/v1/auth/signin', {
      data: { client_id: 'web', username, password: 'wrong horse 1' },
      headers: { 'x-device-id': randomBytes(16).toString('hex') },
    });
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_account_or_password');
  }
}

/**
 * Holds the challenge's return to /loading until the returned function is called, so the modal
 * stays open while the test looks at it.
 */
async function holdLoadingPage(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/loading\?/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.describe('the captcha modal', () => {
  test('opens the challenge in a 320x430 frame and signs in after it is solved', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const username = `e2e-${randomBytes(6).toString('hex')}@example.com`;
    await makeRisky(request, username);
    const release = await holdLoadingPage(page);

    await page.goto('/auth');
    const panel = page.getByTestId('auth-panel');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await panel.locator('input[name=email]').fill(username);
    await panel.locator('input[name=password]').fill('wrong horse 2');
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();

    const modal = page.getByTestId('captcha-modal');
    await expect(modal).toBeVisible();
    await expect(modal).toHaveCSS('z-index', '99');
    await expect(page.locator('body')).toHaveClass(/nimbus-modal-open/);
    const box = await modal.locator('iframe').boundingBox();
    expect(box?.width).toBe(320);
    expect(box?.height).toBe(430);
    release();

    // The frame solves its proof of work, lands on /loading, and the modal hands the token on:
    // the sign-in goes through the shield and is judged on the password again.
    await expect(modal).toBeHidden({ timeout: 30_000 });
    await expect(page.locator('body')).not.toHaveClass(/nimbus-modal-open/);
    await expect(page.getByTestId('form-error')).toHaveText(
      'Wrong account number or password, please re-enter',
    );
  });

  test('closing the modal cancels the sign-in without an error', async ({ page, request }) => {
    const username = `e2e-${randomBytes(6).toString('hex')}@example.com`;
    await makeRisky(request, username);
    await holdLoadingPage(page);

    await page.goto('/auth');
    const panel = page.getByTestId('auth-panel');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await panel.locator('input[name=email]').fill(username);
    await panel.locator('input[name=password]').fill('wrong horse 2');
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();

    const modal = page.getByTestId('captcha-modal');
    await expect(modal).toBeVisible();
    // The focus stays in the modal: Tab and Shift+Tab go through its frame and its close button
    // (and out to the browser's own controls), never to the page behind it.
    const close = modal.getByRole('button', { name: 'Close' });
    await expect(close).toBeFocused();
    const focusBehind = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return (
          active !== null &&
          active !== document.body &&
          active.closest('[data-testid="captcha-modal"]') === null
        );
      });
    const seen = new Set<string>();
    for (const key of [
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
      'Shift+Tab',
    ]) {
      await page.keyboard.press(key);
      expect(await focusBehind()).toBe(false);
      seen.add(await page.evaluate(() => document.activeElement?.tagName ?? ''));
    }
    expect(seen).toContain('IFRAME');
    expect(seen).toContain('BUTTON');
    expect(
      await page.evaluate(
        () => document.querySelector('[data-testid="auth-panel"]')?.closest('[inert]') !== null,
      ),
    ).toBe(true);
    await close.click();
    await expect(modal).toBeHidden();
    expect(await page.evaluate(() => document.querySelector('[inert]'))).toBeNull();
    await expect(page.locator('body')).not.toHaveClass(/nimbus-modal-open/);
    await expect(page.getByTestId('form-error')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  });

  test('fills the screen on a phone', async ({ page, request }) => {
    const username = `e2e-${randomBytes(6).toString('hex')}@example.com`;
    await makeRisky(request, username);
    await holdLoadingPage(page);
    await page.setViewportSize({ width: 375, height: 700 });

    await page.goto('/auth');
    const panel = page.getByTestId('auth-panel');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await panel.locator('input[name=email]').fill(username);
    await panel.locator('input[name=password]').fill('wrong horse 2');
    await panel.getByRole('button', { name: 'Sign in', exact: true }).click();

    const frame = page.getByTestId('captcha-modal').locator('iframe');
    await expect(frame).toBeVisible();
    const box = await frame.boundingBox();
    expect(box?.width).toBe(375);
    expect(box?.height).toBe(700);
  });
});
