import fs from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * The drive's file manager in Chromium: folders made and opened, breadcrumbs, back/forward and
 * reload, inline rename (F2, context menu, selection bar; a taken name refused, Esc cancels),
 * downloads (one file directly, several items and folders as a zip), move through the folder
 * dialog and by dragging onto folders and breadcrumbs (with undo, Esc cancels), trash with undo,
 * restore from /drive/trash, emptying the trash after a confirmation, and Ctrl+A over a folder
 * larger than what is loaded.
 */

/** The toast that says `title`. */
function toastOf(page: Page, title: string) {
  return page.locator('li').filter({ has: page.getByText(title, { exact: true }) });
}

/** The name and the entry names of a downloaded zip (read from its central directory). */
async function zipEntriesOf(
  download: Download,
): Promise<{ name: string; entries: string[]; bytes: Buffer }> {
  const bytes = await fs.readFile(await download.path());
  const entries: string[] = [];
  // Central directory headers: signature PK\x01\x02, name length at +28, name at +46.
  for (let at = bytes.indexOf('PK\x01\x02'); at >= 0; at = bytes.indexOf('PK\x01\x02', at + 4)) {
    const length = bytes.readUInt16LE(at + 28);
    entries.push(bytes.subarray(at + 46, at + 46 + length).toString('utf8'));
  }
  return { name: download.suggestedFilename(), entries, bytes };
}

async function newFolder(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New folder' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Folder name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(item(page, name)).toBeVisible();
}

test('signed-out visitors are sent to sign in and back', async ({ page }) => {
  await page.goto('/drive/trash');
  await expect(page).toHaveURL(/\/drive\/login\?redirect=%2Fdrive%2Ftrash$/);
});

test('a member organises folders: navigate, rename, move, trash, restore, empty', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpInEnglish(page, newEmail(), 'drive horse 42');
  await expect(page.getByTestId('drive-empty')).toContainText('Your drive is empty');
  await expect(page.getByTestId('storage-meter')).toContainText('0 B of');

  await newFolder(page, 'Alpha');
  await newFolder(page, 'Beta');

  // Into Alpha and a folder inside it; the URL carries the folder.
  await item(page, 'Alpha').dblclick();
  await expect(page).toHaveURL(/\/drive\/all\?folder=/);
  await expect(page.getByTestId('drive-empty')).toContainText('This folder is empty');
  await newFolder(page, 'Inner');
  await item(page, 'Inner').dblclick();
  const crumbs = page.getByTestId('breadcrumbs');
  await expect(crumbs).toHaveText(/My files\s*\/\s*Alpha\s*\/\s*Inner/);

  // Up by the breadcrumbs, back and forward with the browser, and a reload.
  await crumbs.getByRole('button', { name: 'Alpha' }).click();
  await expect(item(page, 'Inner')).toBeVisible();
  await page.goBack();
  await expect(crumbs).toHaveText(/Alpha\s*\/\s*Inner/);
  await page.reload();
  await expect(crumbs).toHaveText(/My files\s*\/\s*Alpha\s*\/\s*Inner/);
  await expect(page.getByTestId('drive-empty')).toBeVisible();
  await crumbs.getByRole('button', { name: 'My files' }).click();
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(item(page, 'Beta')).toBeVisible();

  // Rename in place with F2: the name becomes a field in the row (no dialog); Esc cancels.
  await item(page, 'Beta').click();
  await page.getByTestId('drive-listing').press('F2');
  const field = item(page, 'Beta').getByTestId('rename-input');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('Beta');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.type('Delta');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('rename-input')).toHaveCount(0);
  await expect(item(page, 'Beta')).toBeVisible();
  await expect(item(page, 'Delta')).toHaveCount(0);
  await expect(page.getByTestId('drive-listing')).toBeFocused();

  // A taken name is refused with the catalogue's message and the field stays; Enter saves.
  await page.getByTestId('drive-listing').press('F2');
  await expect(field).toBeFocused();
  await field.fill('Alpha');
  await field.press('Enter');
  await expect(item(page, 'Beta').getByRole('alert')).toHaveText(
    'An item with this name already exists in this folder',
  );
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await field.fill('Gamma');
  await field.press('Enter');
  await expect(item(page, 'Gamma')).toBeVisible();
  await expect(item(page, 'Beta')).toHaveCount(0);
  await expect(page.getByTestId('rename-input')).toHaveCount(0);

  // An uploaded file appears in the listing.
  await page.getByTestId('upload-files-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Nimbus notes\n'),
  });
  await expect(item(page, 'notes.txt')).toBeVisible();

  // Rename from the context menu: only the base name is selected, the extension stays.
  await item(page, 'notes.txt').click({ button: 'right' });
  await page.getByTestId('item-menu').getByRole('menuitem', { name: 'Rename' }).click();
  const fileField = item(page, 'notes.txt').getByTestId('rename-input');
  await expect(fileField).toBeFocused();
  expect(
    await fileField.evaluate((input) => [
      (input as HTMLInputElement).selectionStart,
      (input as HTMLInputElement).selectionEnd,
    ]),
  ).toEqual([0, 'notes'.length]);
  await page.keyboard.type('diary');
  await page.keyboard.press('Enter');
  await expect(item(page, 'diary.txt')).toBeVisible();
  // And back from the selection bar.
  await item(page, 'diary.txt').click();
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Rename' }).click();
  await expect(item(page, 'diary.txt').getByTestId('rename-input')).toBeFocused();
  await page.keyboard.type('notes');
  await page.keyboard.press('Enter');
  await expect(item(page, 'notes.txt')).toBeVisible();
  await expect(item(page, 'diary.txt')).toHaveCount(0);

  // Download from the selection bar: the file's content link, as an attachment.
  await item(page, 'notes.txt').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('notes.txt');

  // Several items download as one zip: the folder (empty) and the file with its bytes.
  await item(page, 'Gamma').click({ modifiers: ['Control'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 items selected');
  const zipped = page.waitForEvent('download');
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Download as ZIP' }).click();
  const zip = await zipEntriesOf(await zipped);
  expect(zip.name).toMatch(/^Nimbus-[\d-]+\.zip$/);
  expect(zip.entries.sort()).toEqual(['Gamma/', 'notes.txt']);
  expect(zip.bytes.includes(Buffer.from('Nimbus notes\n'))).toBe(true);

  // Move the folder Gamma through the context menu and the folder tree, the file from the
  // selection bar.
  await item(page, 'Gamma').click();
  await item(page, 'Gamma').click({ button: 'right' });
  await page.getByTestId('item-menu').getByRole('menuitem', { name: 'Move to…' }).click();
  const move = page.getByTestId('move-copy-dialog');
  await move.getByTestId('folder-tree-node').filter({ hasText: 'Alpha' }).click();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(move).toBeHidden();
  await expect(item(page, 'Gamma')).toHaveCount(0);
  await item(page, 'notes.txt').click();
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Move to…' }).click();
  await move.getByTestId('folder-tree-node').filter({ hasText: 'Alpha' }).click();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(move).toBeHidden();
  await expect(item(page, 'notes.txt')).toHaveCount(0);
  // A folder downloads as a zip of everything inside, from the context menu.
  await item(page, 'Alpha').click({ button: 'right' });
  const folderZip = page.waitForEvent('download');
  await page.getByTestId('item-menu').getByRole('menuitem', { name: 'Download as ZIP' }).click();
  const alphaZip = await zipEntriesOf(await folderZip);
  expect(alphaZip.name).toBe('Alpha.zip');
  expect(alphaZip.entries.sort()).toEqual([
    'Alpha/',
    'Alpha/Gamma/',
    'Alpha/Inner/',
    'Alpha/notes.txt',
  ]);
  await page.keyboard.press('Escape');

  await item(page, 'Alpha').dblclick();
  await expect(item(page, 'Gamma')).toBeVisible();
  await expect(item(page, 'Inner')).toBeVisible();
  await expect(item(page, 'notes.txt')).toBeVisible();

  // Trash with the Delete key, then undo from the toast.
  await item(page, 'Gamma').click();
  await page.getByTestId('drive-listing').press('Delete');
  await expect(item(page, 'Gamma')).toHaveCount(0);
  await toastOf(page, 'Moved 1 item to the trash').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored 1 item', { exact: true })).toBeVisible();
  await expect(toastOf(page, 'Moved 1 item to the trash')).toHaveCount(0);
  await expect(item(page, 'Gamma')).toBeVisible();

  // Trash again from the selection bar and restore it from /drive/trash.
  await item(page, 'Gamma').click();
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Move to trash' }).click();
  await expect(item(page, 'Gamma')).toHaveCount(0);
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/drive\/trash$/);
  await item(page, 'Gamma').click({ button: 'right' });
  const restored = page.waitForResponse(
    (response) => response.url().includes(':batchUntrash') && response.ok(),
  );
  await page.getByTestId('item-menu').getByRole('menuitem', { name: 'Restore' }).click();
  await restored;
  await expect(item(page, 'Gamma')).toHaveCount(0);
  // The outcome takes the place of the earlier notice: no stale "Undo" beside it.
  await expect(page.getByText('Restored 1 item', { exact: true })).toBeVisible();
  await expect(toastOf(page, 'Moved 1 item to the trash')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await expect(page.getByTestId('drive-empty')).toContainText('The trash is empty');
  await page.goBack();
  await expect(item(page, 'Gamma')).toBeVisible();

  // The restores are recent events.
  await page.getByRole('link', { name: 'Recent' }).click();
  await expect(item(page, 'Gamma')).toContainText('Restored');
  await page.goBack();
  await expect(item(page, 'Gamma')).toBeVisible();

  // Select all three with Ctrl-click, trash them, then empty the trash after confirming.
  await item(page, 'Gamma').click();
  await item(page, 'Inner').click({ modifiers: ['Control'] });
  await item(page, 'notes.txt').click({ modifiers: ['Control'] });
  await expect(page.getByTestId('selection-count')).toHaveText('3 items selected');
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByTestId('drive-empty')).toBeVisible();
  await page.goto('/drive/trash');
  await expect(item(page, 'Gamma')).toBeVisible();
  await expect(item(page, 'Inner')).toBeVisible();
  await expect(item(page, 'notes.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Empty trash' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Everything in the trash will be deleted for good.');
  await confirm.getByRole('button', { name: 'Empty trash' }).click();
  await expect(page.getByTestId('drive-empty')).toContainText('The trash is empty');
  await page.reload();
  await expect(page.getByTestId('drive-empty')).toContainText('The trash is empty');
});

test('dragging selected items onto a folder or a breadcrumb moves them; Esc cancels', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpInEnglish(page, newEmail(), 'drive horse 42');
  await newFolder(page, 'Target');
  await page.getByTestId('upload-files-input').setInputFiles([
    { name: 'one.txt', mimeType: 'text/plain', buffer: Buffer.from('one\n') },
    { name: 'two.txt', mimeType: 'text/plain', buffer: Buffer.from('two\n') },
  ]);
  await expect(item(page, 'two.txt')).toBeVisible();
  await expect(item(page, 'one.txt')).toBeVisible();

  /** Presses on `from`, moves onto `to` in steps, as a person drags with a mouse. */
  async function dragOnto(from: Locator, to: Locator): Promise<void> {
    await from.hover();
    await page.mouse.down();
    const box = await to.boundingBox();
    if (!box) {
      throw new Error('the drop target is not on screen');
    }
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 });
  }

  // Both selected, dragged by one of them onto the folder: it lights up while they hover.
  await item(page, 'one.txt').click();
  await item(page, 'two.txt').click({ modifiers: ['Control'] });
  const target = item(page, 'Target');
  await dragOnto(item(page, 'one.txt'), target);
  await expect(page.getByTestId('drag-ghost')).toHaveText('Move 2 items');
  await expect(target).toHaveAttribute('data-drop-target', 'true');
  // Esc cancels: nothing moves, nothing is highlighted, the selection stays.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('drag-ghost')).toHaveCount(0);
  await expect(target).not.toHaveAttribute('data-drop-target', 'true');
  await page.mouse.up();
  await expect(item(page, 'one.txt')).toBeVisible();
  await expect(page.getByTestId('selection-count')).toHaveText('2 items selected');

  // Dropped on the folder: both move; the toast's Undo brings them back.
  await dragOnto(item(page, 'two.txt'), target);
  await expect(target).toHaveAttribute('data-drop-target', 'true');
  const moved = page.waitForResponse(
    (response) => response.url().includes(':batchMove') && response.ok(),
  );
  await page.mouse.up();
  await moved;
  await expect(item(page, 'one.txt')).toHaveCount(0);
  await expect(item(page, 'two.txt')).toHaveCount(0);
  await expect(page.getByText('Moved 2 items', { exact: true })).toBeVisible();
  await toastOf(page, 'Moved 2 items').getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Moved 2 items back', { exact: true })).toBeVisible();
  await expect(item(page, 'one.txt')).toBeVisible();
  await expect(item(page, 'two.txt')).toBeVisible();

  // An unselected item drags alone; then out of the folder onto the "My files" breadcrumb.
  await item(page, 'two.txt').click();
  await dragOnto(item(page, 'one.txt'), target);
  await expect(page.getByTestId('drag-ghost')).toHaveText('one.txt');
  await page.mouse.up();
  await expect(item(page, 'one.txt')).toHaveCount(0);
  await expect(item(page, 'two.txt')).toBeVisible();
  await target.dblclick();
  await expect(item(page, 'one.txt')).toBeVisible();
  const root = page.getByTestId('breadcrumbs').getByRole('button', { name: 'My files' });
  await dragOnto(item(page, 'one.txt'), root);
  await expect(root).toHaveAttribute('data-drop-target', 'true');
  await page.mouse.up();
  await expect(item(page, 'one.txt')).toHaveCount(0);
  // The drop did not open the breadcrumb's folder.
  await expect(page).toHaveURL(/\/drive\/all\?folder=/);
  await root.click();
  await expect(item(page, 'one.txt')).toBeVisible();
  await expect(item(page, 'two.txt')).toBeVisible();
});

test('a large folder scrolls page by page; sort, layout and keyboard selection', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInEnglish(page, newEmail(), 'drive horse 42');
  const count = 700;
  // Seeded through the API from the signed-in page (its session cookie and origin).
  const created = await page.evaluate(async (total) => {
    let made = 0;
    for (let start = 0; start < total; start += 50) {
      const batch = Array.from({ length: Math.min(50, total - start) }, (_, offset) =>
        fetch('/drive/v1/files', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-client-id': 'web' },
          body: JSON.stringify({
            kind: 'drive#folder',
            name: `Folder ${String(start + offset + 1).padStart(4, '0')}`,
            parent_id: '',
          }),
        }),
      );
      made += (await Promise.all(batch)).filter((response) => response.ok).length;
    }
    return made;
  }, count);
  expect(created).toBe(count);
  await page.reload();

  // Name A to Z from the sort menu, the list layout from the layout menu.
  await page.getByRole('button', { name: 'Sort by' }).click();
  await page.getByRole('menuitemradio', { name: 'Name (A to Z)' }).click();
  await page.getByRole('button', { name: 'Layout' }).click();
  await page.getByRole('menuitemradio', { name: 'List' }).click();
  const listing = page.getByTestId('drive-listing');
  await expect(listing).toHaveAttribute('data-view', 'list');
  await expect(item(page, 'Folder 0001')).toBeVisible();

  // Ctrl+A with one page of 300 loaded selects the whole folder: the rest is fetched first,
  // and the selection bar offers no action until then.
  await listing.focus();
  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/drive/v1/files?')) {
      pages.push(request.url());
    }
  });
  await listing.press('ControlOrMeta+a');
  await expect(page.getByTestId('selection-count')).toHaveText(`${count} items selected`);
  expect(pages.length).toBeGreaterThanOrEqual(2);
  expect(await page.getByTestId('drive-item').count()).toBeLessThan(100);
  await expect(
    page.getByTestId('selection-bar').getByRole('button', { name: 'Move to trash' }),
  ).toBeVisible();
  await listing.press('Escape');
  await expect(page.getByTestId('selection-bar')).toBeHidden();
  await listing.evaluate((element) => element.scrollTo(0, 0));

  // Only the rows in view are in the page; the rest arrive as the list scrolls.
  expect(await page.getByTestId('drive-item').count()).toBeLessThan(100);
  await expect(async () => {
    await listing.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(item(page, `Folder ${String(count).padStart(4, '0')}`)).toBeVisible({
      timeout: 1_000,
    });
  }).toPass({ timeout: 30_000 });
  expect(await page.getByTestId('drive-item').count()).toBeLessThan(100);

  // Keyboard: Home, Shift+Down twice, Ctrl+A, Esc.
  await listing.focus();
  await listing.press('Home');
  await expect(item(page, 'Folder 0001')).toHaveAttribute('aria-selected', 'true');
  await listing.press('Shift+ArrowDown');
  await listing.press('Shift+ArrowDown');
  await expect(page.getByTestId('selection-count')).toHaveText('3 items selected');
  await listing.press('ControlOrMeta+a');
  await expect(page.getByTestId('selection-count')).toHaveText(`${count} items selected`);
  await listing.press('Escape');
  await expect(page.getByTestId('selection-bar')).toBeHidden();

  // The display mode is the member's, kept in IndexedDB across reloads.
  await page.reload();
  await expect(listing).toHaveAttribute('data-view', 'list');
  await expect(item(page, 'Folder 0001')).toBeVisible();
  await page.getByRole('button', { name: 'Sort by' }).click();
  await expect(page.getByRole('menuitemradio', { name: 'Name (A to Z)' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');

  // After a reload only the first page is loaded; Ctrl+A and trash still take every item.
  await listing.focus();
  await listing.press('ControlOrMeta+a');
  await expect(page.getByTestId('selection-count')).toHaveText(`${count} items selected`);
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByTestId('drive-empty')).toContainText('Your drive is empty');
  await page.reload();
  await expect(page.getByTestId('drive-empty')).toContainText('Your drive is empty');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });

  test('the list view, tap to open, long press to select, the bottom selection bar', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpInEnglish(page, newEmail(), 'drive horse 42');
    await newFolder(page, 'One');
    await newFolder(page, 'Two');
    await expect(page.getByTestId('drive-listing')).toHaveAttribute('data-view', 'list');

    await item(page, 'One').tap();
    await expect(page).toHaveURL(/\/drive\/all\?folder=/);
    await page.goBack();

    // A long press selects; then taps toggle instead of opening.
    const one = item(page, 'One');
    await one.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
    await expect(one).toHaveAttribute('aria-selected', 'true');
    await one.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true });
    await one.dispatchEvent('click');
    await expect(one).toHaveAttribute('aria-selected', 'true');
    await item(page, 'Two').tap();
    await expect(page.getByTestId('selection-count')).toHaveText('2 items selected');
    await expect(page).toHaveURL(/\/drive\/all$/);

    const bar = page.getByTestId('selection-bar');
    const box = await bar.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(800);
    await bar.getByRole('button', { name: 'Move to trash' }).tap();
    await expect(page.getByTestId('drive-empty')).toBeVisible();

    // On a phone, rename keeps its dialog (no inline field under a thumb).
    await newFolder(page, 'Three');
    const three = item(page, 'Three');
    await three.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true });
    await expect(three).toHaveAttribute('aria-selected', 'true');
    await three.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true });
    await bar.getByRole('button', { name: 'Rename' }).tap();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('New name')).toHaveValue('Three');
    await expect(page.getByTestId('rename-input')).toHaveCount(0);
    await dialog.getByLabel('New name').fill('Tres');
    await dialog.getByRole('button', { name: 'Rename' }).tap();
    await expect(dialog).toBeHidden();
    await expect(item(page, 'Tres')).toBeVisible();
  });
});
