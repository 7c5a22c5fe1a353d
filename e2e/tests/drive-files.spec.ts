import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The drive's file manager in Chromium: folders made and opened, breadcrumbs, back/forward and
 * reload, rename with a taken name, move through the folder dialog, trash with undo, restore
 * from /drive/trash and emptying the trash after a confirmation.
 */

function item(page: Page, name: string) {
  return page.locator(`[data-testid=drive-item][data-name="${name}"]`);
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

  // Rename with F2: a taken name is refused in the dialog, a free one is saved.
  await item(page, 'Beta').click();
  await page.getByTestId('drive-listing').press('F2');
  const rename = page.getByRole('dialog');
  await rename.getByLabel('New name').fill('Alpha');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename.getByRole('alert')).toHaveText(
    'An item with this name already exists in this folder',
  );
  await rename.getByLabel('New name').fill('Gamma');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(item(page, 'Gamma')).toBeVisible();
  await expect(item(page, 'Beta')).toHaveCount(0);

  // An uploaded file appears in the listing.
  await page.getByTestId('upload-files-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Nimbus notes\n'),
  });
  await expect(item(page, 'notes.txt')).toBeVisible();

  // Download from the selection bar: the file's content link, as an attachment.
  await item(page, 'notes.txt').click();
  const download = page.waitForEvent('download');
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('notes.txt');

  // Move the folder Gamma through the context menu and the folder tree, the file from the
  // selection bar.
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
  await item(page, 'Alpha').dblclick();
  await expect(item(page, 'Gamma')).toBeVisible();
  await expect(item(page, 'Inner')).toBeVisible();
  await expect(item(page, 'notes.txt')).toBeVisible();

  // Trash with the Delete key, then undo from the toast.
  await item(page, 'Gamma').click();
  await page.getByTestId('drive-listing').press('Delete');
  await expect(item(page, 'Gamma')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored 1 item', { exact: true })).toBeVisible();
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
  });
});
