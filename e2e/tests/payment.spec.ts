import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The purchase pages: a member opens /drive/payment with the redeem box asked for, compares the
 * plans, redeems an operator's premium code and a storage pack code, and sees both take effect.
 */

/** Mints one code with the operators' command, against the database of the running server. */
function mintCode(...argv: string[]): string {
  const output = execFileSync('node', ['apps/server/dist/membership.js', 'mint', ...argv], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DATA_DIR: process.env.NIMBUS_E2E_DATA_DIR ?? '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return output.trim();
}

test('a member redeems a premium code on /drive/payment and a storage pack on /drive/payment/storage', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpInEnglish(page, newEmail(), 'first horse 42');

  await page.goto('/drive/payment?action=open_redeem_box');
  // The action opens the box (focused) and leaves the address.
  const box = page.getByTestId('redeem-box');
  const field = box.getByRole('textbox', { name: 'Activation code' });
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(/\/drive\/payment$/);

  const status = page.getByTestId('payment-status');
  await expect(status.getByTestId('membership-badge')).toHaveAttribute('data-premium', 'false');
  await expect(status).toContainText('You are on the free plan.');
  // The comparison shows the server's plan limits (the defaults: 10 GB free, 6 TB premium).
  const storageRow = page.getByTestId('compare-storage');
  await expect(storageRow).toContainText('10 GB');
  await expect(storageRow).toContainText('6 TB');
  await expect(page.getByTestId('compare-tasks-per-day')).toContainText('1,000');
  // The default catalogue: three premium plans, not sold online without a checkout link.
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('30 days of Premium');
  await expect(page.getByTestId('product-buy')).toHaveCount(0);
  // Nothing is sold online: the page says once what to do instead, and promises no shop.
  await expect(page.getByTestId('catalogue-not-sold')).toHaveText(
    'Not sold online here. Ask the site operator for a code and redeem it below.',
  );
  await expect(page.getByText('Price set by the site operator')).toHaveCount(0);
  await expect(page.getByText(/Buy opens/)).toHaveCount(0);
  await expect(page.getByTestId('usage-storage')).toContainText('0 B of 10 GB');

  await field.fill('ABCD-EFGH-JKMN-PQRS');
  await box.getByRole('button', { name: 'Redeem' }).click();
  await expect(box.getByTestId('form-error')).toHaveText('The activation code is incorrect');

  const premium = mintCode('--days', '30');
  await field.fill(premium.toLowerCase());
  await box.getByRole('button', { name: 'Redeem' }).click();
  await expect(box.getByTestId('form-success')).toContainText('30 days of Premium added');
  await expect(status.getByTestId('membership-badge')).toHaveAttribute('data-premium', 'true');
  await expect(status.getByTestId('payment-days-left')).toHaveText('30 days left');
  // The usage follows the new plan.
  await expect(page.getByTestId('usage-storage')).toContainText('0 B of 6 TB');

  // A storage pack raises the limit on top of premium.
  await page.getByRole('link', { name: 'Storage packs' }).click();
  await expect(page).toHaveURL(/\/drive\/payment\/storage$/);
  await expect(page.getByTestId('usage-storage')).toContainText('0 B of 6 TB');
  await expect(page.getByTestId('product-card')).toHaveCount(2);
  const pack = mintCode('--type', 'storage', '--size', '100GiB', '--days', '30');
  const storageBox = page.getByTestId('redeem-box');
  await storageBox.getByRole('textbox', { name: 'Activation code' }).fill(pack);
  await storageBox.getByRole('textbox', { name: 'Activation code' }).press('Enter');
  await expect(storageBox.getByTestId('form-success')).toContainText(
    '100 GB of extra storage added until',
  );
  await expect(page.getByTestId('usage-storage')).toContainText('0 B of 6.1 TB');
});

test('the in-app shop folds the redeem box until it is asked for', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'first horse 42');
  await page.goto('/inapp/shop');
  const box = page.getByTestId('redeem-box');
  await expect(box).toHaveAttribute('data-open', 'false');
  await expect(page.getByTestId('product-card')).toHaveCount(3);
  await box.getByRole('button', { name: 'Have a code?' }).click();
  await expect(box.getByRole('textbox', { name: 'Activation code' })).toBeFocused();
});
