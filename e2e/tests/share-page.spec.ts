import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { grantConsoleAdmin } from '../support/console-admin';
import { mailedCode } from '../support/outbox';
import {
  apiHeaders,
  createShare,
  newFolder,
  signedUpMember,
  tokenOf,
  uploadFile,
} from '../support/drive-seed';
import { shareReady } from '../support/share-page';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The share page in Chromium: member A shares a folder with a pass code; an anonymous visitor
 * opens the Spanish link with `?s_code=`, lands on the unprefixed page in Spanish, enters with the
 * pre-filled code, browses two levels deep, plays a video in the viewer, and clicks "Save to my
 * drive": the sign-in opens in a dialog on the share page, the visitor signs in there as member
 * B and the save finishes by itself, with "Open in my drive" leading to B's drive that holds the
 * files; A's share list counts one save.
 */

const password = 'share owner 42';

/** A one-second H.264 clip, made by ffmpeg. */
function tinyMp4(): Buffer {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-mp4-'));
  const target = path.join(folder, 'clip.mp4');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10',
    '-t',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart',
    '-y',
    target,
  ]);
  const bytes = fs.readFileSync(target);
  fs.rmSync(folder, { recursive: true, force: true });
  return bytes;
}

test('an anonymous visitor browses a Spanish share, plays a video, signs in in the dialog and saves', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const emailA = newEmail();
  const emailB = newEmail();
  const owner = await browser.newContext();
  await signUpInEnglish(await owner.newPage(), emailA, password);
  const other = await browser.newContext();
  await signUpInEnglish(await other.newPage(), emailB, password);
  await other.close();
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const tokenB = await tokenOf(baseURL ?? '', emailB, password);
  const top = await newFolder(request, tokenA, 'Vacaciones', '');
  const inner = await newFolder(request, tokenA, 'Fotos', top);
  await newFolder(request, tokenA, 'Playa', inner);
  await newFolder(request, tokenA, 'Montaña', top);
  await uploadFile(request, tokenA, inner, {
    name: 'clip.mp4',
    mimeType: 'video/mp4',
    buffer: tinyMp4(),
  });
  const share = await createShare(request, tokenA, [top], {
    expiration_days: 7,
    pass_code_option: 'REQUIRED',
    restore_limit: 5,
  });

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
  await expect(page.getByTestId('share-scene')).toHaveAttribute('data-scene', 'SHARE');
  await expect(page.getByTestId('share-count')).toHaveText('1 elemento');
  await expect(page.getByTestId('share-expiry')).toContainText('Caduca en 7 días');
  await expect(page.getByTestId('share-restores')).toContainText('Quedan 5 guardados');
  const cookies = await visitor.cookies();
  const tokenCookie = cookies.find(
    (cookie) => cookie.name === `share_pass_code_token_${share.share_id}`,
  );
  expect(tokenCookie?.sameSite).toBe('Lax');

  // Two levels deep; the list view is remembered as the share display mode.
  await page.getByRole('button', { name: 'Lista' }).click();
  await expect(page.getByTestId('share-list')).toHaveAttribute('data-view', 'list');
  await item('Vacaciones').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/s/${share.share_id}/${top}$`));
  await expect(page.getByTestId('share-scene')).toHaveAttribute('data-scene', 'SHARE_DETAIL');
  await expect(item('Montaña')).toBeVisible();
  // By keyboard: the arrows move between the items (newest first), Enter opens a folder.
  await item('Montaña').getByRole('link').focus();
  await page.keyboard.press('ArrowDown');
  await expect(item('Fotos').getByRole('link')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(item('Montaña').getByRole('link')).toBeFocused();
  await page.keyboard.press('End');
  await expect(item('Fotos').getByRole('link')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/s/${share.share_id}/${top}/${inner}$`));
  await expect(item('Playa')).toBeVisible();
  await expect(page.getByTestId('share-list')).toHaveAttribute('data-view', 'list');
  await expect(page.getByTestId('share-breadcrumbs')).toHaveText(
    /Todos los archivos\s*Vacaciones\s*Fotos/,
  );

  // The video plays in the viewer (scene SHARE_PREVIEW_WINDOW), from the share's links.
  await item('clip.mp4').getByTestId('share-open').click();
  const viewer = page.getByTestId('file-preview');
  const video = viewer.getByTestId('preview-video');
  await expect(video).toBeVisible();
  await expect(page.getByTestId('share-scene')).toHaveAttribute(
    'data-scene',
    'SHARE_PREVIEW_WINDOW',
  );
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((element) => (element as HTMLVideoElement).duration)).toBeGreaterThan(
    0.5,
  );
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // Saving needs an account: the sign-in opens in a dialog on the share page.
  await page.getByRole('button', { name: 'Guardar en mi unidad' }).click();
  const dialog = page.getByTestId('share-sign-in-dialog');
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\?scene=SHOW_LOGIN_DIALOG$/);
  await expect(page.getByTestId('share-scene')).toHaveAttribute('data-scene', 'SHOW_LOGIN_DIALOG');
  const panel = dialog.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(emailB);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();

  // The save carries on by itself and ends with "Open in my drive", still on the share page.
  await expect(dialog).toBeHidden();
  const done = page.getByTestId('share-save-done');
  await expect(done).toBeVisible({ timeout: 30_000 });
  await expect(done).toContainText('Guardado en tu unidad');
  expect(new URL(page.url()).pathname).toBe(`/s/${share.share_id}/${top}/${inner}`);
  const open = done.getByRole('link', { name: 'Abrir en mi unidad' });
  await expect(open).toHaveAttribute('href', /^\/es\/drive\/all\?folder=/);
  await open.click();
  const driveItem = (name: string) => page.locator(`[data-testid=drive-item][data-name="${name}"]`);
  // "Saved from shares" (B's default folder) holds the saved folder; its tree is inside.
  await expect(driveItem('Vacaciones')).toBeVisible();
  await driveItem('Vacaciones').dblclick();
  await expect(driveItem('Fotos')).toBeVisible();
  await expect(driveItem('Montaña')).toBeVisible();
  await visitor.close();

  // B's drive holds the shared folder with its tree, found by name.
  const search = await request.get('/drive/v1/files', {
    headers: apiHeaders(tokenB),
    params: { parent_id: '*', limit: 100, filters: JSON.stringify({ trashed: { eq: false } }) },
  });
  expect(search.ok()).toBe(true);
  const names = ((await search.json()) as { files: { name: string }[] }).files.map(
    (file) => file.name,
  );
  expect(names).toEqual(
    expect.arrayContaining(['Vacaciones', 'Fotos', 'Playa', 'Montaña', 'clip.mp4']),
  );

  // A's share list, asked with A's session cookie, counts the save.
  const list = await owner.request.get('/drive/v1/share/list', {
    headers: { 'x-client-id': 'web' },
  });
  expect(list.ok(), await list.text()).toBe(true);
  const summary = (
    (await list.json()) as { data: { share_id: string; restore_count: string }[] }
  ).data.find((entry) => entry.share_id === share.share_id);
  expect(summary?.restore_count).toBe('1');
  await owner.close();
});

/** A small red PNG, made by ffmpeg. */
function tinyPng(): Buffer {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-png-'));
  const target = path.join(folder, 'photo.png');
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=red:size=96x64',
    '-frames:v',
    '1',
    '-y',
    target,
  ]);
  const bytes = fs.readFileSync(target);
  fs.rmSync(folder, { recursive: true, force: true });
  return bytes;
}

test('on a phone, a download waits for the sign-in across a reload and a member saves into a folder they pick', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const emailA = await signedUpMember(browser, password);
  const emailB = await signedUpMember(browser, password);
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const tokenB = await tokenOf(baseURL ?? '', emailB, password);
  const album = await newFolder(request, tokenA, 'Album', '');
  await uploadFile(request, tokenA, album, {
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  await uploadFile(request, tokenA, album, {
    name: 'note.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('see you at the beach\n'),
  });
  const target = await newFolder(request, tokenB, 'Target', '');
  const { share_id: shareId } = await createShare(request, tokenA, [album]);

  const visitor = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await visitor.newPage();
  await page.goto(`/s/${shareId}`);
  await shareReady(page);
  const item = (name: string) => page.locator(`[data-testid=share-item][data-name="${name}"]`);
  const save = page.getByRole('button', { name: 'Save to my drive' });
  await expect(save).toBeVisible();
  expect((await save.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await item('Album').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/s/${shareId}/${album}$`));

  // Grid by default, with the image's thumbnail; the list view is remembered across a reload.
  const list = page.getByTestId('share-list');
  await expect(list).toHaveAttribute('data-view', 'grid');
  await expect(item('photo.png').locator('img')).toHaveAttribute('src', /.+/);
  await page.getByRole('button', { name: 'List' }).click();
  await expect(list).toHaveAttribute('data-view', 'list');
  // The server renders the list too (the "ssr view type" cookie), so no grid flashes first.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('data-view="list"');
  await page.reload();
  await expect(list).toHaveAttribute('data-view', 'list');
  await expect(item('note.txt')).toBeVisible();

  // The viewer's download asks for an account too; Esc closes the sign-in, then the viewer.
  await item('note.txt').getByTestId('share-open').click();
  const viewer = page.getByTestId('file-preview');
  await expect(viewer.getByTestId('preview-text')).toHaveText('see you at the beach\n');
  await viewer.getByRole('button', { name: 'Download' }).click();
  const signIn = page.getByTestId('share-sign-in-dialog');
  await expect(signIn).toBeVisible();
  await expect(signIn.locator('input[name=email]')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(signIn).toBeHidden();
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // A download needs an account: the sign-in dialog opens, and stays asked for after a reload.
  const download = item('note.txt').getByRole('button', { name: 'Download note.txt' });
  expect((await download.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await download.click();
  const dialog = page.getByTestId('share-sign-in-dialog');
  await expect(dialog).toContainText('Sign in or create an account to download this file.');
  await page.reload();
  await expect(dialog).toContainText('Sign in or create an account to download this file.');
  const panel = dialog.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(emailB);
  await panel.locator('input[name=password]').fill(password);
  const downloaded = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  expect((await downloaded).suggestedFilename()).toBe('note.txt');
  await expect(dialog).toBeHidden();

  // Signed in, "Save to my drive" asks where: B picks a folder of their own.
  await save.click();
  const saveDialog = page.getByTestId('share-save-dialog');
  await expect(saveDialog.getByTestId('save-default-folder')).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await saveDialog.locator('[data-testid=save-folder-node][data-name="Target"]').click();
  await saveDialog.getByRole('button', { name: 'Save here' }).click();
  const done = saveDialog.getByTestId('share-save-done');
  await expect(done).toContainText('Saved to your drive');
  const inTarget = await request.get('/drive/v1/files', {
    headers: apiHeaders(tokenB),
    params: { parent_id: target, limit: 100 },
  });
  const files = ((await inTarget.json()) as { files: { id: string; name: string }[] }).files;
  expect(files.map((file) => file.name)).toEqual(['Album']);
  // "Open in my drive" leads to the folder with what the save brought selected.
  await expect(done.getByRole('link', { name: 'Open in my drive' })).toHaveAttribute(
    'href',
    `/drive/all?folder=${target}&action=highlight_files&file_id=${files[0]?.id}`,
  );
  await done.getByRole('link', { name: 'Open in my drive' }).click();
  await expect(page).toHaveURL(new RegExp(`/drive/all\\?folder=${target}$`));
  await expect(page.locator('[data-testid=drive-item][data-name="Album"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await visitor.close();
});

test('a share of more than a thousand items is saved in the background and followed again after a reload', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const emailA = await signedUpMember(browser, password);
  const emailB = newEmail();
  const member = await browser.newContext();
  const page = await member.newPage();
  await signUpInEnglish(page, emailB, password);
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const tokenB = await tokenOf(baseURL ?? '', emailB, password);
  const big = await newFolder(request, tokenA, 'Big', '');
  const count = 1001;
  for (let start = 0; start < count; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, index) =>
        newFolder(request, tokenA, `item-${start + index}`, big),
      ),
    );
  }
  const { share_id: shareId } = await createShare(request, tokenA, [big]);

  // The page's polls of the task are held, so the progress bar is what the member sees.
  let polled = false;
  let holding = true;
  await page.route('**/drive/v1/tasks/**', async (route) => {
    polled = true;
    if (!holding) {
      await route.continue();
    }
  });
  await page.goto(`/s/${shareId}`);
  await shareReady(page);
  await page.getByRole('button', { name: 'Save to my drive' }).click();
  const dialog = page.getByTestId('share-save-dialog');
  const answered = page.waitForResponse((response) =>
    response.url().includes('/drive/v1/share/restore'),
  );
  await dialog.getByRole('button', { name: 'Save here' }).click();
  const answer = (await (await answered).json()) as {
    restore_status: string;
    restore_task_id: string;
  };
  expect(answer.restore_status).toBe('RESTORE_START');
  expect(answer.restore_task_id).not.toBe('');
  await expect(dialog.getByRole('progressbar', { name: 'Save progress' })).toBeVisible();
  await expect.poll(() => polled).toBe(true);

  // After a reload the running save ("restore to drive") is followed again until it completes.
  holding = false;
  await page.reload();
  const done = page.getByTestId('share-save-done');
  await expect(done).toContainText('Saved to your drive', { timeout: 120_000 });
  await done.getByRole('link', { name: 'Open in my drive' }).click();
  const saved = page.locator('[data-testid=drive-item][data-name="Big"]');
  await expect(saved).toBeVisible();
  await expect(saved).toHaveAttribute('aria-selected', 'true');
  await member.close();

  const task = await request.get(`/drive/v1/tasks/${answer.restore_task_id}`, {
    headers: apiHeaders(tokenB),
  });
  expect(((await task.json()) as { phase: string }).phase).toBe('PHASE_TYPE_COMPLETE');
});

test('sensitive content stays under a cover until the visitor lifts it, and the choice is remembered', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = await signedUpMember(browser, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  const headers = apiHeaders(token);
  const me = await request.get('/v1/user/me', { headers });
  grantConsoleAdmin(((await me.json()) as { sub: string }).sub);
  const folder = await newFolder(request, token, 'Flagged', '');
  await uploadFile(request, token, folder, {
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: tinyPng(),
  });
  const listing = await request.get('/drive/v1/files', {
    headers,
    params: { parent_id: folder, limit: 10 },
  });
  const photo = ((await listing.json()) as { files: { id: string }[] }).files[0];
  const flagged = await request.patch(`/audit.admin/v1/files/${photo?.id ?? ''}`, {
    headers,
    data: { audit_status: 'SENSITIVE_RESOURCE' },
  });
  expect(flagged.ok(), await flagged.text()).toBe(true);
  const shareOf = async (fileId: string): Promise<string> =>
    (await createShare(request, token, [fileId])).share_id;
  const withFlaggedFile = await shareOf(folder);
  const other = await newFolder(request, token, 'Words', '');
  const flaggedShare = await shareOf(other);
  const moderated = await request.patch(`/audit.admin/v1/shares/${flaggedShare}`, {
    headers,
    data: { audit_status: 'SENSITIVE_WORD' },
  });
  expect(moderated.ok(), await moderated.text()).toBe(true);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/s/${withFlaggedFile}/${folder}`);
  const card = page.locator('[data-testid=share-item][data-name="photo.png"]');
  await expect(card).toContainText('Sensitive content');
  await expect(card.locator('img')).toHaveCount(0);
  await page
    .getByTestId('share-file-cover')
    .getByRole('button', { name: 'Show the content' })
    .click();
  await expect(card.locator('img')).toHaveAttribute('src', /.+/);
  await page.reload();
  await expect(card.locator('img')).toHaveAttribute('src', /.+/);
  await expect(page.getByTestId('share-file-cover')).toHaveCount(0);

  // A share flagged as a whole: the cover first, then its status page, remembered.
  await page.goto(`/s/${flaggedShare}`);
  const cover = page.getByTestId('share-cover');
  await expect(
    cover.getByRole('heading', { name: 'This share may contain sensitive content' }),
  ).toBeVisible();
  await expect(page.getByTestId('share-status')).toHaveCount(0);
  await cover.getByRole('button', { name: 'Show the content' }).click();
  await expect(page.getByTestId('share-status')).toHaveAttribute('data-status', 'SENSITIVE_WORD');
  await page.reload();
  await expect(page.getByTestId('share-status')).toHaveAttribute('data-status', 'SENSITIVE_WORD');
  await expect(cover).toHaveCount(0);
  await visitor.close();
});

test('a visitor who creates an account in the sign-in dialog has the save finished right after', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const emailA = await signedUpMember(browser, password);
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const folder = await newFolder(request, tokenA, 'Recipes', '');
  const { share_id: shareId } = await createShare(request, tokenA, [folder]);

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  await page.goto(`/s/${shareId}`);
  await shareReady(page);
  await page.getByRole('button', { name: 'Save to my drive' }).click();
  const dialog = page.getByTestId('share-sign-in-dialog');
  await expect(dialog).toContainText('the files are saved to your drive right after');
  const panel = dialog.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  const emailB = newEmail();
  await panel.getByRole('button', { name: 'Create account' }).click();
  await panel.locator('input[name=email]').fill(emailB);
  await panel.getByRole('button', { name: 'Send code' }).click();
  await expect(panel).toHaveAttribute('data-step', 'sign-up-details');
  await panel.locator('input[name=verification_code]').fill(await mailedCode(emailB));
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('share-save-done')).toContainText('Saved to your drive');
  expect(new URL(page.url()).pathname).toBe(`/s/${shareId}`);
  await visitor.close();

  const tokenB = await tokenOf(baseURL ?? '', emailB, password);
  const search = await request.get('/drive/v1/files', {
    headers: apiHeaders(tokenB),
    params: { parent_id: '*', limit: 100 },
  });
  const names = ((await search.json()) as { files: { name: string }[] }).files.map(
    (file) => file.name,
  );
  expect(names).toContain('Recipes');
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
