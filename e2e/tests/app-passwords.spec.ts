import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/* /drive/account: app passwords for WebDAV, made, shown once, used, listed and revoked. */

function basic(email: string, password: string): Record<string, string> {
  return {
    authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
    depth: '0',
  };
}

test('a member makes an app password, a WebDAV app uses it, and revoking it locks the app out', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const email = newEmail();
  await signUpInEnglish(page, email, 'first horse 42');
  await page.goto('/drive/account');

  const panel = page.getByTestId('app-passwords');
  await expect(panel.getByRole('heading', { name: 'App passwords' })).toBeVisible();
  await expect(panel.getByTestId('webdav-address')).toHaveText(/\/dav\/$/);
  await expect(panel.getByText('You have no app passwords yet.')).toBeVisible();
  await panel.getByLabel('Name').fill('VLC on the TV');
  await panel.getByLabel('Access').selectOption('read');
  await panel.getByRole('button', { name: 'Create app password' }).click();
  const shown = panel.getByTestId('new-app-password');
  await expect(shown).toHaveText(/^[a-z2-7]{5}(-[a-z2-7]{5}){4}$/);
  const password = (await shown.textContent()) ?? '';

  const listed = panel.getByTestId('app-password-list').locator('li');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('VLC on the TV');
  await expect(listed).toContainText('Read only');
  await expect(listed).toContainText('Never used');

  // The app signs in to WebDAV with it; the list then shows its last use.
  const listing = await request.fetch('/dav/', {
    method: 'PROPFIND',
    headers: basic(email, password),
  });
  expect(listing.status()).toBe(207);
  await page.reload();
  await expect(listed).toContainText('Last used');

  await listed.getByRole('button', { name: 'Revoke' }).click();
  await expect(panel.getByText('The app password has been revoked.')).toBeVisible();
  await expect(listed).toHaveCount(0);
  const refused = await request.fetch('/dav/', {
    method: 'PROPFIND',
    headers: basic(email, password),
  });
  expect(refused.status()).toBe(401);
});
