import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { mailedCode } from './outbox';

/** A fresh e-mail address for one test. */
export function newEmail(): string {
  return `e2e-${randomBytes(6).toString('hex')}@example.com`;
}

/**
 * Signs up through the English sign-in page (`/auth` unless the page is on a sign-in page
 * already) and waits for the drive unless `expectDrive` is false. `dataDir` is the data folder
 * of the server the page is on, when it is not the main e2e server.
 */
export async function signUpInEnglish(
  page: Page,
  email: string,
  password: string,
  options: { expectDrive?: boolean; dataDir?: string } = {},
): Promise<void> {
  const onSignInPage = /^(\/[\w-]+)?\/(auth|drive\/login)$/.test(new URL(page.url()).pathname);
  if (!onSignInPage) {
    await page.goto('/auth');
  }
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.getByRole('button', { name: 'Create account' }).click();
  await panel.locator('input[name=email]').fill(email);
  await panel.getByRole('button', { name: 'Send code' }).click();
  await expect(panel).toHaveAttribute('data-step', 'sign-up-details');
  await panel
    .locator('input[name=verification_code]')
    .fill(await mailedCode(email, options.dataDir ? { dataDir: options.dataDir } : {}));
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Create account' }).click();
  if (options.expectDrive !== false) {
    await driveReady(page);
  }
}

/**
 * Waits for the drive at `/drive/all` to take input: the page the server rendered is inert until
 * it has hydrated, and a file set on its upload field before then would be lost.
 */
export async function driveReady(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(page.getByTestId('drive-all')).not.toHaveAttribute('inert');
}

/** Signs in through the English sign-in page of `/auth` and waits for the drive. */
export async function signInInEnglish(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth');
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(email);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await driveReady(page);
}
