import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { mailedCode } from '../support/outbox';

/*
 * The identity journey in Korean: sign up with the code of the captured mail, sign
 * out, sign in, turn two-step verification on, sign in with a TOTP code, then with a recovery
 * code. Every call goes through the web app, the captcha shield included.
 */

const password = 'correct horse 42';

function totpOf(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

async function expectSignedIn(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/ko\/drive\/all$/);
  await expect(page.getByTestId('account-button')).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  // Signing out reloads the page.
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('sign-out').click();
  await reloaded;
  await expect(page.getByTestId('header-sign-in')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('nimbus_credentials'))).toBeNull();
}

async function startSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/ko/drive/login');
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await expect(panel).toHaveAttribute('data-step', 'sign-in');
  await panel.locator('input[name=email]').fill(email);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: '로그인', exact: true }).click();
}

test.describe('identity in Korean', () => {
  test('sign up by mail, sign out and in, two-step verification with TOTP and recovery codes', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const email = `e2e-${randomBytes(6).toString('hex')}@example.com`;

    // Sign up: e-mail, then the mailed code with a name and a password.
    await page.goto('/ko/drive/login');
    const panel = page.getByTestId('auth-panel');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await expect(panel.getByRole('heading', { name: 'Nimbus에 로그인' })).toBeVisible();
    await panel.getByRole('button', { name: '계정 만들기' }).click();
    await expect(panel).toHaveAttribute('data-step', 'sign-up-email');
    await panel.locator('input[name=email]').fill(email);
    await panel.getByRole('button', { name: '코드 보내기' }).click();
    await expect(panel).toHaveAttribute('data-step', 'sign-up-details');
    await expect(
      panel.getByText(`${email}(으)로 6자리 코드를 보냈습니다.`, { exact: false }),
    ).toBeVisible();
    const code = await mailedCode(email);
    await panel.locator('input[name=verification_code]').fill(code);
    await panel.locator('input[name=name]').fill('김하늘');
    await panel.locator('input[name=password]').fill(password);
    await panel.getByRole('button', { name: '계정 만들기' }).click();
    await expectSignedIn(page);

    // Only sub, expires_at and the user id are stored; the session is the HttpOnly cookie.
    const stored = await page.evaluate(() => window.localStorage.getItem('nimbus_credentials'));
    const credentials = JSON.parse(stored ?? '{}') as Record<string, unknown>;
    expect(Object.keys(credentials).sort()).toEqual(['expires_at', 'sub', 'user_id']);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'nimbus_session');
    expect(session?.httpOnly).toBe(true);
    const userId = cookies.find((cookie) => cookie.name === 'userid');
    expect(userId?.value).toBe(credentials.sub);
    expect(userId?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 3600);

    // The header's account menu: name, masked e-mail, the drive and the account page.
    await page.getByTestId('account-button').click();
    const menu = page.getByTestId('account-menu');
    await expect(menu).toContainText('김하늘');
    await expect(menu.getByRole('menuitem', { name: '내 드라이브' })).toHaveAttribute(
      'href',
      '/ko/drive/all',
    );
    await expect(menu.getByRole('menuitem', { name: '계정' })).toHaveAttribute(
      'href',
      '/ko/drive/account',
    );
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await signOut(page);

    // A wrong password shows the catalogue's Korean message.
    await page.goto('/ko/drive/login');
    await expect(panel).toHaveAttribute('data-ready', 'true');
    await panel.locator('input[name=email]').fill(email);
    await panel.locator('input[name=password]').fill('wrong horse 42');
    await panel.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByTestId('form-error')).toBeVisible();
    await expect(page.getByTestId('form-error')).not.toContainText('invalid_account_or_password');

    // Sign in with the password.
    await startSignIn(page, email);
    await expectSignedIn(page);

    // Turn two-step verification on with the QR code's secret.
    await page.goto('/ko/drive/account');
    await expect(page.getByTestId('profile-email')).toBeVisible();
    await expect(page.getByTestId('two-factor-status')).toHaveAttribute('data-enabled', 'false');
    await page.getByTestId('two-factor-turn-on').click();
    await expect(page.getByRole('img', { name: /QR/ })).toBeVisible();
    const secret = (await page.getByTestId('two-factor-secret').textContent()) ?? '';
    const totp = totpOf(secret.trim());
    await page.locator('input[name=two_factor_code]').fill(totp.generate());
    await page.getByRole('button', { name: '확인' }).click();
    await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
    const recoveryCodes = await page.getByTestId('recovery-codes').locator('li').allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await page.getByRole('button', { name: '저장했습니다' }).click();
    await expect(page.getByTestId('two-factor-status')).toHaveAttribute('data-enabled', 'true');
    await expect(page.getByTestId('two-factor-status')).toContainText('복구 코드 10개 남음');

    await signOut(page);

    // Sign in with a TOTP code (the next step's: the confirming code's step is spent).
    await startSignIn(page, email);
    await expect(panel).toHaveAttribute('data-step', 'two-factor');
    await expect(panel.getByRole('heading', { name: '2단계 인증' })).toBeVisible();
    await panel
      .locator('input[name=two_factor_code]')
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await panel.getByRole('button', { name: '확인' }).click();
    await expectSignedIn(page);

    await signOut(page);

    // Sign in with a recovery code.
    await startSignIn(page, email);
    await expect(panel).toHaveAttribute('data-step', 'two-factor');
    await panel.getByRole('button', { name: '복구 코드 사용' }).click();
    await expect(panel).toHaveAttribute('data-step', 'recovery');
    await panel.locator('input[name=recovery_code]').fill(recoveryCodes[0] ?? '');
    await panel.getByRole('button', { name: '확인' }).click();
    await expectSignedIn(page);

    await page.goto('/ko/drive/account');
    await expect(page.getByTestId('two-factor-status')).toContainText('복구 코드 9개 남음');

    // Turn two-step verification off with the password.
    const twoFactor = page.getByRole('region', { name: '2단계 인증' });
    await twoFactor.getByRole('button', { name: '끄기' }).click();
    await twoFactor.locator('input[name=password]').fill(password);
    await twoFactor.getByRole('button', { name: '끄기' }).click();
    await expect(twoFactor.getByTestId('form-success')).toHaveText('2단계 인증이 꺼졌습니다.');
    await expect(page.getByTestId('two-factor-status')).toHaveAttribute('data-enabled', 'false');
  });
});
