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

  // Move Gamma into Alpha through the context menu and the folder tree.
  await item(page, 'Gamma').click({ button: 'right' });
  await page.getByTestId('item-menu').getByRole('menuitem', { name: 'Move to…' }).click();
  const move = page.getByTestId('move-copy-dialog');
  await move.getByTestId('folder-tree-node').filter({ hasText: 'Alpha' }).click();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(move).toBeHidden();
  await expect(item(page, 'Gamma')).toHaveCount(0);
  await item(page, 'Alpha').dblclick();
  await expect(item(page, 'Gamma')).toBeVisible();
  await expect(item(page, 'Inner')).toBeVisible();

  // Trash with the Delete key, then undo from the toast.
  await item(page, 'Gamma').click();
  await page.getByTestId('drive-listing').press('Delete');
  await expect(item(page, 'Gamma')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Restored 1 item')).toBeVisible();
  await expect(item(page, 'Gamma')).toBeVisible();

  // Trash again from the selection bar and restore it from /drive/trash.
  await item(page, 'Gamma').click();
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Move to trash' }).click();
  await expect(item(page, 'Gamma')).toHaveCount(0);
  await page.getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/drive\/trash$/);
  await item(page, 'Gamma').click({ button: 'right' });
  await page.getByTestId('item-menu').getByRole('menuitem', { name: 'Restore' }).click();
  await expect(item(page, 'Gamma')).toHaveCount(0);
  await expect(page.getByTestId('drive-empty')).toContainText('The trash is empty');
  await page.goBack();
  await expect(item(page, 'Gamma')).toBeVisible();

  // Select two with Ctrl-click, trash both, then empty the trash after confirming.
  await item(page, 'Gamma').click();
  await item(page, 'Inner').click({ modifiers: ['Control'] });
  await expect(page.getByTestId('selection-count')).toHaveText('2 items selected');
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Move to trash' }).click();
  await expect(page.getByTestId('drive-empty')).toBeVisible();
  await page.goto('/drive/trash');
  await expect(item(page, 'Gamma')).toBeVisible();
  await expect(item(page, 'Inner')).toBeVisible();
  await page.getByRole('button', { name: 'Empty trash' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Everything in the trash will be deleted for good.');
  await confirm.getByRole('button', { name: 'Empty trash' }).click();
  await expect(page.getByTestId('drive-empty')).toContainText('The trash is empty');
  await page.reload();
  await expect(page.getByTestId('drive-empty')).toContainText('The trash is empty');
});
