import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/* /drive/account: a member redeems an activation code an operator minted and becomes premium. */

/** Mints one code with the operators' command, against the database of the running server. */
function mintCode(days: number): string {
  const output = execFileSync(
    'node',
    ['apps/server/dist/membership.js', 'mint', '--days', String(days)],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, DATA_DIR: process.env.NIMBUS_E2E_DATA_DIR ?? '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
  return output.trim();
}

test('a member enters an activation code and the premium badge appears', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'first horse 42');
  await page.goto('/drive/account');
  const panel = page.getByTestId('membership-panel');
  await expect(panel.getByTestId('membership-badge')).toHaveAttribute('data-premium', 'false');
  await expect(panel.getByTestId('membership-plan')).toHaveText('Free plan');

  await panel.getByRole('textbox', { name: 'Activation code' }).fill('ABCD-EFGH-JKMN-PQRS');
  await panel.getByRole('button', { name: 'Activate' }).click();
  await expect(panel.getByTestId('form-error')).toHaveText('The activation code is incorrect');

  const code = mintCode(30);
  await panel.getByRole('textbox', { name: 'Activation code' }).fill(code.toLowerCase());
  await panel.getByRole('button', { name: 'Activate' }).click();
  await expect(panel.getByTestId('form-success')).toContainText('30 days of premium added');
  await expect(panel.getByTestId('membership-badge')).toHaveAttribute('data-premium', 'true');
  await expect(panel.getByTestId('membership-badge')).toHaveText('Premium');
  await expect(panel.getByTestId('membership-days-left')).toHaveText('(30 days left)');

  // The same code again: used.
  await panel.getByRole('textbox', { name: 'Activation code' }).fill(code);
  await panel.getByRole('button', { name: 'Activate' }).click();
  await expect(panel.getByTestId('form-error')).toHaveText(
    'This activation code has already been used',
  );

  // After a reload the profile refresh brings the membership back, and the header shows it.
  await page.reload();
  await expect(
    page.getByTestId('membership-panel').getByTestId('membership-badge'),
  ).toHaveAttribute('data-premium', 'true');
  await page.getByTestId('account-button').click();
  const menu = page.getByTestId('account-menu');
  await expect(menu.getByTestId('membership-badge')).toHaveText('Premium');
  await expect(menu.getByTestId('menu-premium-until')).toContainText('Until');
});
