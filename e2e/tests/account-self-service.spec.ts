import { expect, test } from '@playwright/test';
import { mailedCode } from '../support/outbox';
import { driveReady, newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * /drive/account on a phone: a member uploads a profile picture (shown in the header too),
 * changes the e-mail address with the code mailed to the new one, asks for the account's
 * deletion, sees the drive's banner of it and cancels it by signing in again with the new address.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a member sets a picture, changes the email address, asks for deletion and cancels it', async ({
  page,
}) => {
  const password = 'first horse 42';
  await signUpInEnglish(page, newEmail(), password);
  await page.goto('/drive/account');
  // Rendered by the client once the session is read: the page has hydrated.
  await expect(page.getByTestId('account-page')).toBeVisible();

  // A file of the wrong type is refused before anything is sent; a PNG becomes the picture.
  const avatar = page.getByTestId('avatar-field');
  await avatar.getByTestId('avatar-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(avatar.getByTestId('form-error')).toContainText('not a PNG, JPEG, GIF or WebP');
  await avatar
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(avatar.getByTestId('form-success')).toHaveText(
    'Your profile picture has been updated.',
  );
  await expect(avatar.getByTestId('avatar-image')).toHaveAttribute('src', /\/v1\/user\/avatar\//);
  await expect(page.getByTestId('account-button').locator('img')).toHaveAttribute(
    'src',
    /\/v1\/user\/avatar\//,
  );

  // The new address gets a code; the change takes effect once it is entered.
  const changed = newEmail();
  const email = page.getByTestId('email-panel');
  await email.getByLabel('New email address').fill(changed);
  await email.getByLabel('Password', { exact: true }).fill(password);
  await email.getByRole('button', { name: 'Send code' }).click();
  await email.getByLabel('Verification code').fill(await mailedCode(changed));
  await email.getByRole('button', { name: 'Change email address' }).click();
  await expect(email.getByTestId('form-success')).toContainText(
    'Your email address has been changed.',
  );

  // Deletion names its date, signs out, and is cancelled by signing in with the new address.
  await page.getByTestId('deletion-start').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByTestId('deletion-terms')).toContainText(/On \w+ \d+, \d{4}/);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByTestId('deletion-confirm').click();
  await expect(page.getByTestId('deletion-pending')).toContainText('will be deleted for good on');
  await expect(page.getByTestId('header-sign-in')).toBeVisible();

  // The drive (its sign-in, for the signed-out member) says so too, with the way back.
  await page.goto('/drive/all');
  await expect(page).toHaveURL(/\/drive\/login/);
  const banner = page.getByTestId('deletion-banner');
  await expect(banner).toContainText(/deleted for good on \w+ \d+, \d{4}/);
  await banner.getByTestId('deletion-banner-cancel').click();
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await expect(panel.getByTestId('cancel-deletion-lead')).toBeVisible();
  await panel.locator('input[name=email]').fill(changed);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Cancel deletion and sign in' }).click();
  await driveReady(page);
  await expect(page.getByTestId('deletion-banner')).toHaveCount(0);
  await page.goto('/drive/account');
  await expect(page.getByTestId('account-page')).toBeVisible();
  await expect(page.getByTestId('avatar-image')).toBeVisible();

  // Nothing on the page reaches past the phone's right edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
});
