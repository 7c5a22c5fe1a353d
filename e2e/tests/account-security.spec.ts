import { expect, test } from '@playwright/test';
import { newEmail, signInInEnglish, signUpInEnglish } from '../support/sign-up';

/* /drive/account: the signed-in devices with sign-out, and the password change. */

test('a member signs another device out and changes the password', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = newEmail();
  await signUpInEnglish(page, email, 'first horse 42');

  // A second device signs in.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInInEnglish(otherPage, email, 'first horse 42');

  await page.goto('/drive/account');
  const sessions = page.getByTestId('session-list').locator('li');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
  await sessions
    .filter({ hasNotText: 'This device' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(page.getByText('The device has been signed out.')).toBeVisible();
  await expect(sessions).toHaveCount(1);

  // The signed-out device finds itself signed out on its next page.
  await otherPage.goto('/drive/account');
  await expect(otherPage.getByTestId('account-signed-out')).toBeVisible();
  await other.close();

  await page.getByLabel('Current password').fill('first horse 42');
  await page.getByLabel('New password').fill('second horse 42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText('Your password has been changed. Your other devices were signed out.'),
  ).toBeVisible();

  await page.evaluate(() => window.localStorage.clear());
  await page.context().clearCookies();
  await signInInEnglish(page, email, 'second horse 42');
});
