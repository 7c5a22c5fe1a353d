import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { mailedCode } from '../support/outbox';

/*
 * Password reset in Spanish: an address without an account answered like any other, then the
 * member's e-mail, the mailed code, a new password, and sign-in with it.
 */

test('a member resets the password with a mailed code and signs in with the new one', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const email = `e2e-${randomBytes(6).toString('hex')}@example.com`;

  await page.goto('/es/drive/login');
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.getByRole('button', { name: 'Crear cuenta' }).click();
  await panel.locator('input[name=email]').fill(email);
  await panel.getByRole('button', { name: 'Enviar código' }).click();
  await expect(panel).toHaveAttribute('data-step', 'sign-up-details');
  const signUpCode = await mailedCode(email);
  await panel.locator('input[name=verification_code]').fill(signUpCode);
  await panel.locator('input[name=password]').fill('old horse 42');
  await panel.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page).toHaveURL(/\/es\/drive\/all$/);
  await context.clearCookies();
  await page.evaluate(() => window.localStorage.clear());

  await page.goto('/es/drive/login');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.getByRole('button', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(panel.getByRole('heading', { name: 'Restablece tu contraseña' })).toBeVisible();
  // An address without an account is answered like any other (nothing tells it has none), and
  // the page says a code comes only if there is an account.
  const stranger = `e2e-${randomBytes(6).toString('hex')}@example.com`;
  await panel.locator('input[name=email]').fill(stranger);
  await panel.getByRole('button', { name: 'Enviar código' }).click();
  await expect(panel).toHaveAttribute('data-step', 'reset-code');
  await expect(panel).toContainText(
    `Si ${stranger} tiene una cuenta de Nimbus, le hemos enviado un código de 6 dígitos.`,
  );
  await panel.getByRole('button', { name: 'Enviar un código nuevo' }).click();
  await expect(panel).toHaveAttribute('data-step', 'reset-email');
  await panel.locator('input[name=email]').fill(email);
  await panel.getByRole('button', { name: 'Enviar código' }).click();
  await expect(panel).toHaveAttribute('data-step', 'reset-code');
  await panel.locator('input[name=verification_code]').fill('000000');
  await panel.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByTestId('form-error')).toBeVisible();

  await panel
    .locator('input[name=verification_code]')
    .fill(await mailedCode(email, { exclude: [signUpCode] }));
  await panel.getByRole('button', { name: 'Continuar' }).click();
  await expect(panel).toHaveAttribute('data-step', 'reset-password');
  await panel.locator('input[name=password]').fill('new horse 42');
  await panel.getByRole('button', { name: 'Guardar nueva contraseña' }).click();
  await expect(page.getByTestId('form-success')).toHaveText(
    'Tu contraseña se ha cambiado. Inicia sesión con la nueva contraseña.',
  );
  await expect(panel).toHaveAttribute('data-step', 'sign-in');

  await panel.locator('input[name=email]').fill(email);
  await panel.locator('input[name=password]').fill('new horse 42');
  await panel.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(/\/es\/drive\/all$/);
  await expect(page.getByTestId('account-button')).toBeVisible();
});
