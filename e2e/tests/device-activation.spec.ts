import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { mailedCode } from '../support/outbox';

/*
 * The TV login (RFC 8628) from the member's side: the TV's verification_uri_complete asks a
 * visitor to sign in, comes back with the code filled in, and the member allows the TV, which
 * then gets its tokens.
 */

interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  interval: number;
}

test.describe('connecting a TV', () => {
  test('a visitor signs up from the activation page and allows the TV', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const started = await request.post('/v1/auth/device/code', {
      data: { client_id: 'tv', scope: 'user pan offline' },
    });
    expect(started.ok()).toBe(true);
    const device = (await started.json()) as DeviceAuthorization;
    const verification = new URL(device.verification_uri_complete);
    expect(verification.pathname).toBe('/tv/activate');

    const pending = await request.post('/v1/auth/token', {
      data: {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: device.device_code,
        client_id: 'tv',
      },
    });
    expect(((await pending.json()) as { error: string }).error).toBe('authorization_pending');

    // Signed out: the page offers sign-in that comes back here.
    await page.goto(`${verification.pathname}${verification.search}`);
    const activation = page.getByTestId('device-activation');
    await activation.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/drive\/login\?redirect=/);

    const email = `e2e-${randomBytes(6).toString('hex')}@example.com`;
    const panel = page.getByTestId('auth-panel');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await panel.getByRole('button', { name: 'Create account' }).click();
    await panel.locator('input[name=email]').fill(email);
    await panel.getByRole('button', { name: 'Send code' }).click();
    await expect(panel).toHaveAttribute('data-step', 'sign-up-details');
    await panel.locator('input[name=verification_code]').fill(await mailedCode(email));
    await panel.locator('input[name=password]').fill('correct horse 42');
    await panel.getByRole('button', { name: 'Create account' }).click();

    // Back on the activation page with the TV's code filled in.
    await expect(page).toHaveURL(/\/tv\/activate\?user_code=/);
    await expect(activation.locator('input[name=user_code]')).toHaveValue(device.user_code);
    await activation.getByRole('button', { name: 'Continue' }).click();
    const ask = page.getByTestId('device-request');
    await expect(ask).toContainText('wants to use your Nimbus account.');
    await expect(ask).toContainText(device.user_code);
    await expect(ask.getByRole('listitem')).toHaveCount(3);
    await ask.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByTestId('form-success')).toHaveText(
      'Your TV is signed in. You can go back to watching.',
    );

    await new Promise((resolve) => setTimeout(resolve, device.interval * 1000));
    const granted = await request.post('/v1/auth/token', {
      data: {
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: device.device_code,
        client_id: 'tv',
      },
    });
    const token = (await granted.json()) as { access_token?: string; scope?: string };
    expect(token.access_token).toBeTruthy();
  });

  test('a wrong code shows the catalogue message', async ({ page }) => {
    const email = `e2e-${randomBytes(6).toString('hex')}@example.com`;
    await page.goto('/auth?redirect=/tv/activate');
    const panel = page.getByTestId('auth-panel');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await panel.getByRole('button', { name: 'Create account' }).click();
    await panel.locator('input[name=email]').fill(email);
    await panel.getByRole('button', { name: 'Send code' }).click();
    await panel.locator('input[name=verification_code]').fill(await mailedCode(email));
    await panel.locator('input[name=password]').fill('correct horse 42');
    await panel.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/tv\/activate$/);

    const activation = page.getByTestId('device-activation');
    await activation.locator('input[name=user_code]').fill('BCDF-GHJK');
    await activation.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expect(page.getByTestId('form-error')).not.toHaveText(/^\s*$/);
  });
});
