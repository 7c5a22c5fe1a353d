import type { APIRequestContext, Download, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import {
  apiHeaders,
  createShare,
  newFolder,
  newTextFile,
  signedUpMember,
  tokenOf,
} from '../support/drive-seed';
import { shareReady } from '../support/share-page';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * Picking single items on the share page in Chromium: an anonymous visitor picks two files two
 * folders deep (grid tiles), asks to save them, signs in in the dialog after a full reload, and
 * only those two land in their drive; a member picks items at the top of a share with the
 * keyboard alone (Space, Shift+arrows, Ctrl+A, Esc) and saves exactly the picked ones, then
 * downloads the whole pick and a folder as zips and one file as itself; an anonymous visitor's
 * zip of a folder two levels deep starts right after the sign-in, across a reload.
 */

const password = 'share picker 42';

/** The names (and kinds) in a member's folder, sorted by name. */
async function namesIn(request: APIRequestContext, token: string, parentId: string) {
  const answer = await request.get('/drive/v1/files', {
    headers: apiHeaders(token),
    params: { parent_id: parentId, limit: 100, order: 'NAME_ASC' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { files: { id: string; name: string; kind: string }[] }).files;
}

async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The entries of a zip as Nimbus writes them (stored, not deflated), read from its central
 * directory: name to contents (`''` for folders).
 */
function zipEntriesOf(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let index = 0; index < count; index += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    expect(zip.readUInt16LE(at + 10)).toBe(0);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.set(name, zip.subarray(dataAt, dataAt + size).toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function itemOf(page: Page) {
  return (name: string) => page.locator(`[data-testid=share-item][data-name="${name}"]`);
}

test('a visitor picks two files two folders deep, signs in after a reload, and only those are saved', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const [emailA, emailB] = [
    await signedUpMember(browser, password),
    await signedUpMember(browser, password),
  ];
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const tokenB = await tokenOf(baseURL ?? '', emailB, password);
  const top = await newFolder(request, tokenA, 'Trip', '');
  await newTextFile(request, tokenA, top, 'outside.txt');
  const mid = await newFolder(request, tokenA, 'Day one', top);
  await newFolder(request, tokenA, 'Deeper', mid);
  const x = await newTextFile(request, tokenA, mid, 'x.txt');
  await newTextFile(request, tokenA, mid, 'y.txt');
  const z = await newTextFile(request, tokenA, mid, 'z.txt');
  const shareId = (await createShare(request, tokenA, [top])).share_id;

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const item = itemOf(page);
  await page.goto(`/s/${shareId}`);
  await shareReady(page);
  await expect(page.getByTestId('share-list')).toHaveAttribute('data-view', 'grid');
  await item('Trip').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/s/${shareId}/${top}$`));
  await item('Day one').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/s/${shareId}/${top}/${mid}$`));
  await expect(item('z.txt')).toBeVisible();
  const bar = page.getByTestId('share-selection-bar');
  await expect(bar).toBeHidden();

  // The check boxes of grid tiles pick; Ctrl-click on a name adds and takes away.
  await item('x.txt').getByRole('checkbox', { name: 'Select x.txt' }).check();
  await expect(bar.getByTestId('share-selection-count')).toHaveText('1 selected');
  await item('y.txt')
    .getByTestId('share-open')
    .click({ modifiers: ['ControlOrMeta'] });
  await expect(bar.getByTestId('share-selection-count')).toHaveText('2 selected');
  await expect(page.getByTestId('file-preview')).toBeHidden();
  await item('z.txt').getByRole('checkbox', { name: 'Select z.txt' }).check();
  await item('y.txt')
    .getByTestId('share-open')
    .click({ modifiers: ['ControlOrMeta'] });
  await expect(bar.getByTestId('share-selection-count')).toHaveText('2 selected');
  await expect(item('x.txt')).toHaveAttribute('data-selected', 'true');
  await expect(item('z.txt')).toHaveAttribute('data-selected', 'true');
  await expect(item('y.txt')).not.toHaveAttribute('data-selected', 'true');

  // Not signed in: the sign-in opens for the two items, and stays asked for after a reload with
  // the two items still picked.
  await bar.getByTestId('share-selection-save').click();
  const dialog = page.getByTestId('share-sign-in-dialog');
  const askedFor =
    'Sign in or create an account, and the 2 items you chose are saved to your drive right after.';
  await expect(dialog).toContainText(askedFor);
  await page.reload();
  await expect(dialog).toContainText(askedFor);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bar.getByTestId('share-selection-count')).toHaveText('2 selected');
  await expect(item('x.txt')).toHaveAttribute('data-selected', 'true');
  await bar.getByTestId('share-selection-save').click();
  await page.reload();
  await expect(dialog).toContainText(askedFor);
  const panel = dialog.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(emailB);
  await panel.locator('input[name=password]').fill(password);
  const restore = page.waitForRequest((sent) => sent.url().includes('/drive/v1/share/restore'));
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  const sent = (await restore).postDataJSON() as { file_ids: string[]; ancestor_ids: string[] };
  expect(sent.file_ids.sort()).toEqual([x, z].sort());
  expect(sent.ancestor_ids).toEqual([top, mid]);
  const done = page.getByTestId('share-save-done');
  await expect(done).toContainText('Saved to your drive');

  // Only the two picked files are in B's drive, in "Saved from shares".
  const root = await namesIn(request, tokenB, '');
  expect(root).toHaveLength(1);
  const saved = await namesIn(request, tokenB, root[0]?.id ?? '');
  expect(saved.map((file) => [file.name, file.kind])).toEqual([
    ['x.txt', 'drive#file'],
    ['z.txt', 'drive#file'],
  ]);

  // "Open in my drive" shows them there, both selected.
  await done.getByRole('link', { name: 'Open in my drive' }).click();
  await expect(page).toHaveURL(new RegExp(`/drive/all\\?folder=${root[0]?.id}$`));
  for (const name of ['x.txt', 'z.txt']) {
    await expect(page.locator(`[data-testid=drive-item][data-name="${name}"]`)).toHaveAttribute(
      'aria-selected',
      'true',
    );
  }
  await expect(page.getByTestId('selection-count')).toHaveText('2 items selected');
  await visitor.close();
});

test('a visitor downloads a folder two levels deep as a zip right after signing in, even across a reload', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const [emailA, emailB] = [
    await signedUpMember(browser, password),
    await signedUpMember(browser, password),
  ];
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const top = await newFolder(request, tokenA, 'Trip', '');
  await newTextFile(request, tokenA, top, 'outside.txt');
  const mid = await newFolder(request, tokenA, 'Day one', top);
  await newFolder(request, tokenA, 'Deeper', mid);
  await newTextFile(request, tokenA, mid, 'x.txt');
  const shareId = (await createShare(request, tokenA, [top])).share_id;

  const visitor = await browser.newContext();
  const page = await visitor.newPage();
  const item = itemOf(page);
  await page.goto(`/s/${shareId}/${top}`);
  await shareReady(page);
  await page.getByRole('button', { name: 'List' }).click();
  await expect(item('Day one')).toBeVisible();
  await item('Day one').getByRole('button', { name: 'Download Day one as a zip' }).click();
  const dialog = page.getByTestId('share-sign-in-dialog');
  const askedFor = 'Sign in or create an account to download the item you chose.';
  await expect(dialog).toContainText(askedFor);
  await page.reload();
  await expect(dialog).toContainText(askedFor);
  const panel = dialog.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(emailB);
  await panel.locator('input[name=password]').fill(password);
  const zipCall = page.waitForRequest((sent) => sent.url().includes('/drive/v1/share:zip'));
  const downloaded = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  const sent = (await zipCall).postDataJSON() as { file_ids: string[]; ancestor_ids: string[] };
  expect(sent.file_ids).toEqual([mid]);
  expect(sent.ancestor_ids).toEqual([top]);
  const zip = await downloaded;
  expect(zip.suggestedFilename()).toBe('Day one.zip');
  expect(Object.fromEntries(zipEntriesOf(await bytesOf(zip)))).toEqual({
    'Day one/': '',
    'Day one/Deeper/': '',
    'Day one/x.txt': 'x.txt contents\n',
  });
  await visitor.close();
});

test('a member picks items at the top of a share with the keyboard and saves only those', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const emailA = await signedUpMember(browser, password);
  const emailB = newEmail();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpInEnglish(page, emailB, password);
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const tokenB = await tokenOf(baseURL ?? '', emailB, password);
  const album = await newFolder(request, tokenA, 'album', '');
  await newTextFile(request, tokenA, album, 'inside.txt');
  const beach = await newTextFile(request, tokenA, '', 'beach.txt');
  const city = await newTextFile(request, tokenA, '', 'city.txt');
  const dunes = await newTextFile(request, tokenA, '', 'dunes.txt');
  const shareId = (await createShare(request, tokenA, [album, beach, city, dunes])).share_id;

  const item = itemOf(page);
  await page.goto(`/s/${shareId}`);
  await shareReady(page);
  await page.getByRole('button', { name: 'List' }).click();
  await page.getByTestId('share-sort').selectOption('NAME_ASC');
  await expect(item('dunes.txt')).toBeVisible();
  const names = page.getByTestId('share-item');
  await expect(names).toHaveCount(4);
  // The listing is asked for again in the new order: wait for it.
  await expect
    .poll(() => names.evaluateAll((items) => items.map((one) => one.dataset.name)))
    .toEqual(['album', 'beach.txt', 'city.txt', 'dunes.txt']);
  const bar = page.getByTestId('share-selection-bar');
  const count = bar.getByTestId('share-selection-count');

  // Space picks the focused item, Shift with an arrow picks the range it passes over.
  await item('album').getByRole('link').focus();
  await page.keyboard.press('Space');
  await expect(count).toHaveText('1 selected');
  await expect(page).toHaveURL(new RegExp(`/s/${shareId}$`));
  await page.keyboard.press('ArrowDown');
  await expect(item('beach.txt').getByTestId('share-open')).toBeFocused();
  await page.keyboard.press('Shift+ArrowDown');
  await expect(item('city.txt').getByTestId('share-open')).toBeFocused();
  await expect(count).toHaveText('3 selected');
  // Esc lets go; Ctrl+A picks all; Esc again.
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await page.keyboard.press('ControlOrMeta+a');
  await expect(count).toHaveText('4 selected');
  await expect(page.getByRole('checkbox', { name: 'Select all' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  // Pick the folder and one file apart from it.
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(item('album').getByRole('link')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(count).toHaveText('2 selected');
  await expect(item('album')).toHaveAttribute('data-selected', 'true');
  await expect(item('city.txt')).toHaveAttribute('data-selected', 'true');

  // Saved by keyboard, into "Saved from shares".
  await bar.getByTestId('share-selection-save').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('share-save-dialog');
  await expect(dialog).toContainText('Choose where the 2 chosen items go in your drive.');
  const restore = page.waitForRequest((sent) => sent.url().includes('/drive/v1/share/restore'));
  await dialog.getByRole('button', { name: 'Save here' }).focus();
  await page.keyboard.press('Enter');
  const sent = (await restore).postDataJSON() as { file_ids: string[]; ancestor_ids?: string[] };
  expect(sent.file_ids).toEqual([album, city]);
  expect(sent.ancestor_ids).toBeUndefined();
  await expect(dialog.getByTestId('share-save-done')).toContainText('Saved to your drive');

  // A pick of several items, folders included, downloads as one zip of the whole share; a
  // folder's own button zips that folder with everything inside; one file alone comes as itself.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('checkbox', { name: 'Select all' }).check();
  await expect(count).toHaveText('4 selected');
  const zipCall = page.waitForRequest((sent) => sent.url().includes('/drive/v1/share:zip'));
  const wholeDownload = page.waitForEvent('download');
  await bar.getByTestId('share-selection-download').click();
  expect(((await zipCall).postDataJSON() as { file_ids: string[] }).file_ids).toEqual([]);
  const whole = await wholeDownload;
  expect(whole.suggestedFilename()).toBe('album.zip');
  const wholeEntries = zipEntriesOf(await bytesOf(whole));
  expect([...wholeEntries.keys()].sort()).toEqual([
    'album/',
    'album/inside.txt',
    'beach.txt',
    'city.txt',
    'dunes.txt',
  ]);
  expect(wholeEntries.get('album/inside.txt')).toBe('inside.txt contents\n');
  await page.getByRole('checkbox', { name: 'Select all' }).uncheck();
  await expect(bar).toBeHidden();

  const folderDownload = page.waitForEvent('download');
  await item('album').getByTestId('share-download').click();
  const folder = await folderDownload;
  expect(folder.suggestedFilename()).toBe('album.zip');
  expect(Object.fromEntries(zipEntriesOf(await bytesOf(folder)))).toEqual({
    'album/': '',
    'album/inside.txt': 'inside.txt contents\n',
  });

  await item('beach.txt').getByTestId('share-check').click();
  await expect(count).toHaveText('1 selected');
  const fileDownload = page.waitForEvent('download');
  await bar.getByTestId('share-selection-download').click();
  expect((await fileDownload).suggestedFilename()).toBe('beach.txt');
  await context.close();

  const root = await namesIn(request, tokenB, '');
  expect(root).toHaveLength(1);
  const saved = await namesIn(request, tokenB, root[0]?.id ?? '');
  expect(saved.map((file) => [file.name, file.kind])).toEqual([
    ['album', 'drive#folder'],
    ['city.txt', 'drive#file'],
  ]);
  expect((await namesIn(request, tokenB, saved[0]?.id ?? '')).map((file) => file.name)).toEqual([
    'inside.txt',
  ]);
});

test('on a phone, the check boxes are large, a long press picks, a tap picks while picking, and the bar sits at the bottom', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const emailA = await signedUpMember(browser, password);
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const folder = await newFolder(request, tokenA, 'Photos', '');
  for (const name of ['one.txt', 'two.txt', 'three.txt']) {
    await newTextFile(request, tokenA, folder, name);
  }
  const shareId = (await createShare(request, tokenA, [folder])).share_id;

  const visitor = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await visitor.newPage();
  const item = itemOf(page);
  await page.goto(`/s/${shareId}/${folder}`);
  await shareReady(page);
  await expect(item('two.txt')).toBeVisible();
  const check = item('one.txt').getByRole('checkbox', { name: 'Select one.txt' });
  // Measured again until it holds: the virtual rows take the place of the first rows just after
  // hydration.
  await expect(async () => {
    const box = await check.locator('xpath=..').boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
  }).toPass();
  await check.tap();
  const bar = page.getByTestId('share-selection-bar');
  await expect(bar.getByTestId('share-selection-count')).toHaveText('1 selected');
  // While picking, a tap on a name picks instead of opening.
  await item('three.txt').getByTestId('share-open').tap();
  await expect(bar.getByTestId('share-selection-count')).toHaveText('2 selected');
  await expect(page.getByTestId('file-preview')).toBeHidden();
  const barBox = await bar.boundingBox();
  expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(844);
  await bar.getByRole('button', { name: 'Clear selection' }).tap();
  await expect(bar).toBeHidden();
  // A finger resting on an item picks it, and lifting it opens nothing.
  const name = await item('two.txt').getByTestId('share-open').boundingBox();
  const touch = await visitor.newCDPSession(page);
  const point = { x: (name?.x ?? 0) + 40, y: (name?.y ?? 0) + 20 };
  await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await expect(item('two.txt')).toHaveAttribute('data-selected', 'true');
  await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect(bar.getByTestId('share-selection-count')).toHaveText('1 selected');
  await expect(page.getByTestId('file-preview')).toBeHidden();
  await bar.getByRole('button', { name: 'Clear selection' }).tap();
  await expect(bar).toBeHidden();
  // With nothing picked, a tap opens the file again.
  await item('two.txt').getByTestId('share-open').tap();
  await expect(page.getByTestId('file-preview')).toBeVisible();
  await visitor.close();
});

test('Ctrl+A picks all thousand items of a shared folder over every page, the list stays virtualized, and the save takes them all', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const emailA = await signedUpMember(browser, password);
  const emailB = newEmail();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpInEnglish(page, emailB, password);
  const tokenA = await tokenOf(baseURL ?? '', emailA, password);
  const tokenB = await tokenOf(baseURL ?? '', emailB, password);
  const big = await newFolder(request, tokenA, 'Thousand', '');
  const count = 1000;
  for (let start = 0; start < count; start += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, count - start) }, (_, index) =>
        newFolder(request, tokenA, `item-${String(start + index).padStart(4, '0')}`, big),
      ),
    );
  }
  const shareId = (await createShare(request, tokenA, [big])).share_id;

  await page.goto(`/s/${shareId}/${big}`);
  await shareReady(page);
  const item = itemOf(page);
  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByTestId('share-item').first()).toBeVisible();
  await page.getByTestId('share-item').first().getByRole('link').focus();
  await page.keyboard.press('ControlOrMeta+a');
  const bar = page.getByTestId('share-selection-bar');
  await expect(bar.getByTestId('share-selection-count')).toHaveText('1,000 selected', {
    timeout: 60_000,
  });
  // Only the rows in view are in the page.
  expect(await page.getByTestId('share-item').count()).toBeLessThan(100);
  await page.getByTestId('share-list').evaluate((list) => list.scrollTo(0, list.scrollHeight));
  await expect(item('item-0000').or(item('item-0999')).first()).toBeVisible();
  expect(await page.getByTestId('share-item').count()).toBeLessThan(100);
  await expect(page.locator('[data-testid=share-item][data-selected=true]').first()).toBeVisible();

  await bar.getByTestId('share-selection-save').click();
  const dialog = page.getByTestId('share-save-dialog');
  await expect(dialog).toContainText('Choose where the 1,000 chosen items go in your drive.');
  const restore = page.waitForRequest((sent) => sent.url().includes('/drive/v1/share/restore'));
  await dialog.getByRole('button', { name: 'Save here' }).click();
  const sent = (await restore).postDataJSON() as { file_ids: string[]; ancestor_ids: string[] };
  expect(new Set(sent.file_ids).size).toBe(count);
  expect(sent.ancestor_ids).toEqual([big]);
  await expect(dialog.getByTestId('share-save-done')).toContainText('Saved to your drive', {
    timeout: 60_000,
  });
  await context.close();

  const root = await namesIn(request, tokenB, '');
  expect(root).toHaveLength(1);
  const saved = await request.get('/drive/v1/files', {
    headers: apiHeaders(tokenB),
    params: { parent_id: root[0]?.id ?? '', limit: 1000 },
  });
  const files = ((await saved.json()) as { files: { name: string }[]; next_page_token: string })
    .files;
  expect(files).toHaveLength(count);
  expect(files.every((file) => file.name.startsWith('item-'))).toBe(true);
});
