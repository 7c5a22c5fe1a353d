import { expect, test } from '@playwright/test';
import { apiHeaders, newFolder, newTextFile, tokenOf } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * The Starred view (`/drive/starred`) in Chromium: reached from the drive's sidebar, it lists the
 * member's starred items of every folder (never another member's), opens a starred folder in
 * the drive, takes a row out when it is unstarred there, and says so when nothing is starred.
 */

const password = 'starred horse 42';

test('the Starred view lists the member’s starred items and unstarring takes a row out', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = newEmail();
  await signUpInEnglish(page, email, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  const photos = await newFolder(request, token, 'Photos', '');
  const beach = await newTextFile(request, token, photos, 'beach.txt');
  const notes = await newTextFile(request, token, '', 'notes.txt');
  await newTextFile(request, token, '', 'plain.txt');
  const star = async (who: string, ids: string[], starred = true) => {
    const answer = await request.post(`/drive/v1/files:${starred ? 'star' : 'unstar'}`, {
      headers: apiHeaders(who),
      data: { ids },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  };
  await star(token, [photos, beach, notes]);

  // Another member stars an item of their own: it never shows in this member's view.
  const other = await browser.newContext();
  const otherEmail = newEmail();
  await signUpInEnglish(await other.newPage(), otherEmail, password);
  const otherToken = await tokenOf(baseURL ?? '', otherEmail, password);
  await star(otherToken, [await newTextFile(request, otherToken, '', 'their-notes.txt')]);
  await other.close();

  await page.goto('/drive/all');
  await expect(item(page, 'plain.txt')).toBeVisible({ timeout: 15_000 });
  const nav = page.getByRole('navigation', { name: 'Drive' });
  await nav.getByRole('link', { name: 'Starred' }).click();
  await expect(page).toHaveURL(/\/drive\/starred$/);
  await expect(nav.getByRole('link', { name: 'Starred' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Starred' })).toBeVisible();
  const listing = page.getByTestId('drive-listing');
  await expect(listing.getByTestId('drive-item')).toHaveCount(3);
  for (const name of ['Photos', 'beach.txt', 'notes.txt']) {
    await expect(item(page, name)).toBeVisible();
  }
  await expect(item(page, 'plain.txt')).toHaveCount(0);
  await expect(item(page, 'their-notes.txt')).toHaveCount(0);

  // Unstarred from the view, the row leaves it, and stays gone after a reload.
  await item(page, 'notes.txt').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Remove star' }).click();
  await expect(item(page, 'notes.txt')).toHaveCount(0);
  await expect(listing.getByTestId('drive-item')).toHaveCount(2);
  await page.reload();
  await expect(item(page, 'beach.txt')).toBeVisible({ timeout: 15_000 });
  await expect(listing.getByTestId('drive-item')).toHaveCount(2);

  // A starred folder opens in the drive.
  await item(page, 'Photos').dblclick();
  await expect(page).toHaveURL(new RegExp(`/drive/all\\?folder=${photos}$`));
  await expect(item(page, 'beach.txt')).toBeVisible();

  // With nothing starred, the view says how to fill it.
  await star(token, [photos, beach], false);
  await page.goto('/drive/starred');
  await expect(page.getByTestId('drive-empty')).toContainText('No starred items');
});
