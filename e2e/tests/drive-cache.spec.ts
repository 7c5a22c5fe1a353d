import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * Actions in a large folder change the listing in place: with three pages of 300 loaded, a
 * rename, a trash, its undo and a star fetch none of the listing's pages again, and the rows
 * are those the server has (checked after a reload).
 */

function toastOf(page: Page, title: string) {
  return page.locator('li').filter({ has: page.getByText(title, { exact: true }) });
}

test('a rename and a trash in a folder with three pages loaded fetch no listing page again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInEnglish(page, newEmail(), 'drive horse 42');

  // Two files, then 700 folders (seeded through the API from the signed-in page): folders come
  // first, so the files are on the third page of 300.
  await page.getByTestId('upload-files-input').setInputFiles([
    { name: 'alpha.txt', mimeType: 'text/plain', buffer: Buffer.from('alpha\n') },
    { name: 'beta.txt', mimeType: 'text/plain', buffer: Buffer.from('beta\n') },
  ]);
  await expect(item(page, 'alpha.txt')).toBeVisible();
  await expect(item(page, 'beta.txt')).toBeVisible();
  const count = 700;
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

  const listingPages: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (request.method() === 'GET' && /\/drive\/v1\/(files\?|events)/.test(url)) {
      listingPages.push(url);
    }
  });
  await page.reload();
  const listing = page.getByTestId('drive-listing');
  await expect(page.getByTestId('drive-item').first()).toHaveAttribute('data-kind', 'folder');
  // Scrolled to the end: every page is loaded.
  await expect(async () => {
    await listing.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(item(page, 'beta.txt')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(listing).toHaveAttribute('aria-busy', 'false');
  // The first page came with the page (rendered on the server); the browser fetched the others.
  expect(listingPages.filter((url) => url.includes('/files?'))).toHaveLength(2);
  listingPages.length = 0;

  // Rename in place: the row changes where it is.
  await item(page, 'alpha.txt').click();
  await listing.press('F2');
  const field = item(page, 'alpha.txt').getByTestId('rename-input');
  await expect(field).toBeFocused();
  await field.fill('gamma.txt');
  await field.press('Enter');
  await expect(item(page, 'gamma.txt')).toBeVisible();
  await expect(item(page, 'alpha.txt')).toHaveCount(0);

  // Trash with the Delete key: the row leaves; Undo brings it back; then trash it for good.
  await item(page, 'beta.txt').click();
  await listing.press('Delete');
  await expect(item(page, 'beta.txt')).toHaveCount(0);
  await toastOf(page, 'Moved 1 item to the trash').getByRole('button', { name: 'Undo' }).click();
  await expect(item(page, 'beta.txt')).toBeVisible();
  await item(page, 'beta.txt').click();
  await listing.press('Delete');
  await expect(item(page, 'beta.txt')).toHaveCount(0);

  // Every loaded row is still there and no other: Ctrl+A with the whole folder loaded.
  await listing.press('ControlOrMeta+a');
  await expect(page.getByTestId('selection-count')).toHaveText(`${count + 1} items selected`);
  await listing.press('Escape');
  // The folder's first page (at the top) is as it was.
  await listing.evaluate((element) => element.scrollTo(0, 0));
  await expect(page.getByTestId('drive-item').first()).toHaveAttribute('data-kind', 'folder');

  // None of the three loaded pages (nor any other listing) was fetched again.
  expect(listingPages).toEqual([]);

  // The server agrees: after a reload the same rows come back.
  await page.reload();
  await expect(page.getByTestId('drive-item').first()).toHaveAttribute('data-kind', 'folder');
  await expect(async () => {
    await listing.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(item(page, 'gamma.txt')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(item(page, 'beta.txt')).toHaveCount(0);
  await expect(item(page, 'alpha.txt')).toHaveCount(0);
  await page.goto('/drive/trash');
  await expect(item(page, 'beta.txt')).toBeVisible();
});
