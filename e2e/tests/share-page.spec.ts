import type { APIRequestContext } from '@playwright/test';
import { request as apiRequest, expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The share page in Chromium: member A shares a folder with a pass code; an anonymous visitor
 * opens the Spanish link with `?s_code=`, lands on the unprefixed page in Spanish, enters with the
 * pre-filled code, browses two levels deep through the folders and the breadcrumbs, previews a
 * text file through the share's links, and saves:
 * sent to sign in as member B, back on the share page the save finishes and B's drive holds it.
 */

const password = 'share owner 42';

/** An access token of a member, signed in from a fresh API context (no session cookie). */
async function tokenOf(baseURL: string, email: string): Promise<string> {
  const context = await apiRequest.newContext({ baseURL });
  const signIn = await context.post('/v1/auth/signin', {
    data: { client_id: 'web', username: email, password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  await context.dispose();
  return token;
}

async function newFolder(
  request: APIRequestContext,
  token: string,
  name: string,
  parentId: string,
): Promise<string> {
  const answer = await request.post('/drive/v1/files', {
    headers: { 'x-client-id': 'web', authorization: `Bearer ${token}` },
    data: { kind: 'drive#folder', name, parent_id: parentId },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { file: { id: string } }).file.id;
}

test('an anonymous visitor opens a shared folder in Spanish and browses two levels', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const emailA = newEmail();
  const emailB = newEmail();
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await signUpInEnglish(ownerPage, emailA, password);
  const other = await browser.newContext();
  await signUpInEnglish(await other.newPage(), emailB, password);
  await other.close();
  const tokenA = await tokenOf(baseURL ?? '', emailA);
  const tokenB = await tokenOf(baseURL ?? '', emailB);
  const top = await newFolder(request, tokenA, 'Vacaciones', '');
  const inner = await newFolder(request, tokenA, 'Fotos', top);
  await newFolder(request, tokenA, 'Playa', inner);
  await newFolder(request, tokenA, 'Montaña', top);
  // A text file uploaded through the drive, moved two levels down.
  await ownerPage
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles([
      { name: 'nota.txt', mimeType: 'text/plain', buffer: Buffer.from('hola desde la playa\n') },
    ]);
  await expect(
    ownerPage.locator('[data-testid=upload-panel] [data-testid=upload-entry][data-status=done]'),
  ).toHaveCount(1, { timeout: 30_000 });
  await owner.close();
  const authA = { 'x-client-id': 'web', authorization: `Bearer ${tokenA}` };
  const rootListing = await request.get('/drive/v1/files', {
    headers: authA,
    params: { parent_id: '', limit: 100 },
  });
  const note = ((await rootListing.json()) as { files: { id: string; name: string }[] }).files.find(
    (file) => file.name === 'nota.txt',
  );
  expect(note).toBeDefined();
  const moved = await request.post('/drive/v1/files:batchMove', {
    headers: authA,
    data: { ids: [note?.id], to: { parent_id: inner } },
  });
  expect(moved.ok()).toBe(true);
  const created = await request.post('/drive/v1/share', {
    headers: { 'x-client-id': 'web', authorization: `Bearer ${tokenA}` },
    data: {
      file_ids: [top],
      share_to: 'copy',
      expiration_days: 7,
      pass_code_option: 'REQUIRED',
      restore_limit: 5,
    },
  });
  expect(created.ok()).toBe(true);
  const share = (await created.json()) as { share_id: string; pass_code: string };

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/es/s/${share.share_id}?s_code=${share.pass_code}`);
  await expect(page).toHaveURL(new RegExp(`^[^?]*/s/${share.share_id}\\?s_code=`));
  expect(new URL(page.url()).pathname).toBe(`/s/${share.share_id}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const form = page.getByTestId('share-pass-code-form');
  await expect(page.getByRole('heading', { name: 'Introduce el código de acceso' })).toBeVisible();
  await expect(form.getByLabel('Código de acceso')).toHaveValue(share.pass_code);
  await form.getByRole('button', { name: 'Abrir' }).click();

  const item = (name: string) => page.locator(`[data-testid=share-item][data-name="${name}"]`);
  await expect(item('Vacaciones')).toBeVisible();
  await expect(page.getByTestId('share-expiry')).toContainText('Caduca en 7 días');
  await expect(page.getByTestId('share-restores')).toContainText('Quedan 5 guardados');
  const cookies = await visitor.cookies();
  const tokenCookie = cookies.find(
    (cookie) => cookie.name === `share_pass_code_token_${share.share_id}`,
  );
  expect(tokenCookie?.sameSite).toBe('Lax');

  await item('Vacaciones').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/s/${share.share_id}/${top}$`));
  await expect(item('Fotos')).toBeVisible();
  await expect(item('Montaña')).toBeVisible();
  await item('Fotos').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/s/${share.share_id}/${top}/${inner}$`));
  await expect(item('Playa')).toBeVisible();
  // The text file previews through the share's links.
  await item('nota.txt').getByRole('button').click();
  const viewer = page.getByTestId('file-preview');
  await expect(viewer.getByTestId('preview-text')).toHaveText('hola desde la playa\n');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  const crumbs = page.getByTestId('share-breadcrumbs');
  await expect(crumbs).toHaveText(/Todos los archivos\s*Vacaciones\s*Fotos/);

  // A reload is rendered on the server from the cookie; the breadcrumbs lead back up.
  await page.reload();
  await expect(item('Playa')).toBeVisible();
  await crumbs.getByRole('link', { name: 'Vacaciones' }).click();
  await expect(item('Montaña')).toBeVisible();

  // Saving needs an account: signed in as B, the visitor is back and the save completes.
  await page.getByRole('button', { name: 'Guardar en mi unidad' }).click();
  await expect(page).toHaveURL(/\/es\/drive\/login\?redirect=/);
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(emailB);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/s/${share.share_id}/${top}\\?scene=SHOW_LOGIN_DIALOG$`),
  );
  await expect(page.getByText('Guardado en tu unidad').first()).toBeVisible();
  await visitor.close();

  // B's drive holds the shared folder with its tree, found by name.
  const search = await request.get('/drive/v1/files', {
    headers: { 'x-client-id': 'web', authorization: `Bearer ${tokenB}` },
    params: { parent_id: '*', limit: 100, filters: JSON.stringify({ trashed: { eq: false } }) },
  });
  expect(search.ok()).toBe(true);
  const names = ((await search.json()) as { files: { name: string }[] }).files.map(
    (file) => file.name,
  );
  expect(names).toEqual(expect.arrayContaining(['Vacaciones', 'Fotos', 'Playa', 'Montaña']));
});

test('an unknown share shows its status page in the visitor language', async ({ browser }) => {
  const visitor = await browser.newContext({ locale: 'ja-JP' });
  const page = await visitor.newPage();
  await page.goto('/ja/s/doesnotexist123');
  expect(new URL(page.url()).pathname).toBe('/s/doesnotexist123');
  await expect(page.getByTestId('share-status')).toHaveAttribute('data-status', 'NOT_FOUND');
  await expect(page.getByRole('heading', { name: 'この共有は存在しません' })).toBeVisible();
  await visitor.close();
});
