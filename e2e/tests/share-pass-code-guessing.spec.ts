import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createShare, newFolder, signedUpMember, tokenOf } from '../support/drive-seed';

/*
 * Wrong pass codes from elsewhere do not keep a visitor who knows the code out of a share: once
 * the share has many wrong codes, the pass-code form opens the captcha modal with a challenge
 * about this share, and after it is solved the right code opens the share.
 */

const password = 'share owner 42';

test('a visitor opens a share after others guessed its pass code, with a challenge', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = await signedUpMember(browser, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  const folder = await newFolder(request, token, 'Plans', '');
  const share = await createShare(request, token, [folder], { pass_code_option: 'REQUIRED' });

  // Ten wrong codes from another address, each from a device of its own: the share is guessed at.
  for (let i = 0; i < 10; i += 1) {
    const wrong = await request.get('/drive/v1/share', {
      params: { share_id: share.share_id, pass_code: `Wrong${i}x` },
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-device-id': randomBytes(16).toString('hex') },
    });
    expect(((await wrong.json()) as { share_status: string }).share_status).toBe('PASS_CODE_ERROR');
  }

  const page = await browser.newPage();
  await page.goto(`/s/${share.share_id}`);
  const form = page.getByTestId('share-pass-code-form');
  await expect(form).toBeVisible();
  await form.getByLabel('Pass code').fill(share.pass_code);
  await form.getByRole('button', { name: 'Open' }).click();

  // The challenge runs in the modal by itself; then the share opens with the same code.
  const modal = page.getByTestId('captcha-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toBeHidden({ timeout: 30_000 });
  await expect(page.locator('[data-testid=share-item][data-name="Plans"]')).toBeVisible();
  await page.close();

  // The modal speaks the page's language, not the captcha client's English defaults, also on a
  // page that never showed the sign-in form.
  const russian = await browser.newContext({ locale: 'ru-RU' });
  const visitor = await russian.newPage();
  await visitor.goto(`/s/${share.share_id}`);
  const russianForm = visitor.getByTestId('share-pass-code-form');
  await russianForm.getByLabel('Код доступа').fill(share.pass_code);
  await russianForm.getByRole('button', { name: 'Открыть' }).click();
  const russianModal = visitor.getByRole('dialog', { name: 'Проверка безопасности' });
  await expect(russianModal).toBeVisible();
  await expect(russianModal.getByRole('button', { name: 'Закрыть' })).toBeAttached();
  await expect(russianModal).toBeHidden({ timeout: 30_000 });
  await expect(visitor.locator('[data-testid=share-item][data-name="Plans"]')).toBeVisible();
  await russian.close();
});
