import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The operator console (/admin): the first admin comes from the operators' command, the console
 * asks for a sign-in with two-step verification, and an admin grants a role that the audit log
 * then shows and exports.
 */

/** Runs the operators' `admin` command against the database of the running server. */
function adminCommand(...argv: string[]): string {
  return execFileSync('node', ['apps/server/dist/admin.js', ...argv], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DATA_DIR: process.env.NIMBUS_E2E_DATA_DIR ?? '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

test('an admin made by the command steps up with two-step verification, grants a role and finds it in the audit log', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const password = 'console horse 42';
  const helper = newEmail();
  await signUpInEnglish(page, helper, password);
  await context.clearCookies();
  await page.evaluate(() => window.localStorage.clear());

  const admin = newEmail();
  await signUpInEnglish(page, admin, password);
  adminCommand('grant', admin, 'admin');

  // Without a two-step sign-in the console says what to do instead of opening.
  await page.goto('/admin');
  const gate = page.getByTestId('console-gate');
  await expect(
    gate.getByRole('heading', { name: 'Sign in again with two-step verification' }),
  ).toBeVisible();

  // Two-step verification on, then the console's "Sign in again" comes back to it.
  await page.goto('/drive/account');
  await page.getByTestId('two-factor-turn-on').click();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').trim();
  const totp = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });
  await page.locator('input[name=two_factor_code]').fill(totp.generate());
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByTestId('two-factor-status')).toHaveAttribute('data-enabled', 'true');

  await page.goto('/admin');
  await gate.getByRole('button', { name: 'Sign in again' }).click();
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(admin);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(panel).toHaveAttribute('data-step', 'two-factor');
  await panel
    .locator('input[name=two_factor_code]')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await panel.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId('console-me')).toContainText(`Signed in as ${admin} (Admin).`);

  // Grant a role with a reason.
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await nav.getByRole('link', { name: 'Roles' }).click();
  await expect(page.getByRole('heading', { name: 'Roles', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: "Member's email" }).fill(helper);
  await page.getByRole('combobox', { name: 'Role' }).selectOption('support');
  await page.getByRole('textbox', { name: 'Reason' }).fill('Answers the help desk');
  await page.getByRole('button', { name: 'Grant role' }).click();
  await expect(page.getByTestId('form-success')).toHaveText(`${helper} is now Support.`);
  await expect(page.getByTestId('role-holders')).toContainText(helper);

  // The audit log shows the grant, and its CSV export has it too.
  await nav.getByRole('link', { name: 'Audit log' }).click();
  const rows = page.getByTestId('audit-row');
  await expect(rows.filter({ hasText: 'Answers the help desk' })).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Action' }).fill('roles.grant');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows.first()).toContainText('roles.grant');
  const exportHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(exportHref).toContain('action=roles.grant');
  const csv = await page.request.get(exportHref ?? '');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Answers the help desk');
});
