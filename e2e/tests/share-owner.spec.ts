import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { createShare, newTextFile, tokenOf } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * The owner's side of sharing in Chromium: a member makes a folder with a file in it, shares it
 * from the selection bar with a custom pass code, a restore limit and a title, copies the link
 * with its pass code (read back from the clipboard), and shares a second file with the `.` key and
 * no pass code. In /drive/shares both links show 0 views and 0 saves; an anonymous visitor opens
 * the first with its pass code, which counts views; the member edits its expiry, cancels it, and
 * the visitor's page shows it cancelled. The second is cancelled through the multi-select bar.
 * Shift on the links' check boxes selects a range of them, as in the drive.
 */

function uploadsDone(page: Page) {
  return page.locator('[data-testid=upload-panel] [data-testid=upload-entry][data-status=done]');
}

function shareRow(page: Page, title: string) {
  return page.locator('[data-testid=share-row]').filter({
    has: page.locator('[data-testid=share-title]', { hasText: title }),
  });
}

test('a member shares a folder, follows it in Shared links, edits and cancels it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await owner.newPage();
  await signUpInEnglish(page, newEmail(), 'share owner 42');

  // A folder with a file inside, and a file at the root.
  await page.getByRole('button', { name: 'New folder' }).click();
  const nameDialog = page.getByRole('dialog');
  await nameDialog.getByLabel('Folder name').fill('Project');
  await nameDialog.getByRole('button', { name: 'Create' }).click();
  await expect(item(page, 'Project')).toBeVisible();
  await item(page, 'Project').dblclick();
  await expect(page.getByTestId('drive-empty')).toBeVisible();
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles({ name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('plan\n') });
  await expect(uploadsDone(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(item(page, 'plan.txt')).toBeVisible();
  await page.getByTestId('breadcrumbs').getByRole('button', { name: 'My files' }).click();
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(item(page, 'Project')).toBeVisible();
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes\n') });
  await expect(uploadsDone(page)).toHaveCount(2, { timeout: 30_000 });
  await expect(item(page, 'notes.txt')).toBeVisible();

  // Share the folder from the selection bar with a custom pass code and a restore limit.
  await item(page, 'Project').click();
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByTestId('create-share-dialog');
  await expect(dialog.getByRole('heading', { name: 'Share “Project”' })).toBeVisible();
  await dialog.getByLabel('Title (optional)').fill('Project files');
  await dialog.getByText('Choose my own').click();
  await dialog.getByLabel('Your pass code').fill('ab');
  await dialog.getByText('Limited', { exact: true }).click();
  await dialog.getByLabel('Maximum number of saves').fill('3');
  await dialog.getByText('30 days').click();
  await dialog.getByRole('button', { name: 'Create link' }).click();
  // Checked as the server checks it, before any call.
  await expect(dialog.getByRole('alert')).toHaveText(
    'A pass code has 4 to 16 letters and digits, without spaces or symbols.',
  );
  await dialog.getByLabel('Your pass code').fill('Proj2026');
  await dialog.getByRole('button', { name: 'Create link' }).click();

  await expect(dialog.getByRole('heading', { name: 'Your link is ready' })).toBeVisible();
  const link = await dialog.getByTestId('share-link').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[\w-]{16,}$/);
  await expect(dialog.getByTestId('share-pass-code')).toHaveText('Proj2026');
  await expect(dialog.getByTestId('share-text')).toHaveValue(/Project files.*Proj2026/);
  await dialog.getByRole('button', { name: 'Copy link with pass code' }).click();
  await expect(page.getByText('Copied to the clipboard').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${link}?s_code=Proj2026`);
  await dialog.getByRole('button', { name: 'Copy link', exact: true }).click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // The viewer offers Share too: it closes and the share dialog opens for the file shown.
  await item(page, 'notes.txt').dblclick();
  const viewer = page.getByTestId('file-preview');
  await expect(viewer).toBeVisible();
  await viewer.getByRole('button', { name: 'Share' }).click();
  await expect(viewer).toBeHidden();
  const fromViewer = page.getByTestId('create-share-dialog');
  await expect(fromViewer.getByRole('heading', { name: 'Share “notes.txt”' })).toBeVisible();
  await expect(fromViewer.getByLabel('Title (optional)')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(fromViewer).toBeHidden();

  // A second share with the keyboard: `.` on the focused file, no pass code.
  await item(page, 'notes.txt').click();
  await page.getByTestId('drive-listing').press('.');
  const second = page.getByTestId('create-share-dialog');
  await expect(second.getByRole('heading', { name: 'Share “notes.txt”' })).toBeVisible();
  await second.getByText('No pass code').click();
  await second.getByRole('button', { name: 'Create link' }).click();
  await expect(second.getByText('no pass code is needed')).toBeVisible();
  await second.getByRole('button', { name: 'Done' }).click();

  // Both links in Shared links, newest first, nothing viewed or saved yet.
  await page
    .getByRole('navigation', { name: 'Drive' })
    .getByRole('link', { name: 'Shared links' })
    .click();
  await expect(page).toHaveURL(/\/drive\/shares$/);
  await expect(page.getByTestId('share-row')).toHaveCount(2);
  await expect(page.getByTestId('share-title')).toHaveText(['notes.txt', 'Project files']);
  const row = shareRow(page, 'Project files');
  await expect(row.getByTestId('share-status')).toHaveText('Active');
  await expect(row.getByTestId('share-views')).toHaveText('0 views');
  await expect(row.getByTestId('share-saves')).toHaveText('0 saves of 3');
  await expect(row.getByTestId('share-expiry')).toHaveText('In 30 days');
  await expect(row.getByTestId('share-row-pass-code')).toHaveText('Pass code: Proj2026');
  await expect(shareRow(page, 'notes.txt').getByTestId('share-saves')).toHaveText(
    '0 saves, no limit',
  );
  await row.getByRole('button', { name: 'Copy link with pass code' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(`${link}?s_code=Proj2026`);

  // An anonymous visitor opens the link with the pass code; the visit is counted.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(link);
  const form = visitorPage.getByTestId('share-pass-code-form');
  await form.getByLabel('Pass code').fill('Proj2026');
  await form.getByRole('button', { name: 'Open' }).click();
  await expect(visitorPage.locator('[data-testid=share-item][data-name="Project"]')).toBeVisible();
  await expect(visitorPage.getByTestId('share-title')).toHaveText('Project files');
  await page.reload();
  // The share page opens the share more than once per visit (pass code check, then the listing).
  await expect(shareRow(page, 'Project files').getByTestId('share-views')).toHaveText(
    /^[1-9]\d* views?$/,
  );

  // The status filter: both links are active, none has ended.
  const filter = page.getByTestId('shares-filter');
  await filter.getByRole('tab', { name: 'Ended' }).click();
  await expect(page.getByTestId('shares-empty')).toContainText('No links here');
  await filter.getByRole('tab', { name: 'Active' }).click();
  await expect(page.getByTestId('share-row')).toHaveCount(2);
  await filter.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByTestId('share-row')).toHaveCount(2);

  // The keyboard: down to the next row's check box, Space ticks it, Esc clears.
  await page.getByRole('checkbox', { name: 'Select notes.txt' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('checkbox', { name: 'Select Project files' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('shares-selection-count')).toHaveText('1 link selected');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shares-selection-bar')).toHaveCount(0);

  // Edit the expiry to one day.
  await shareRow(page, 'Project files').getByTestId('share-more').click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByTestId('edit-share-dialog');
  await expect(edit.getByText('Current pass code: Proj2026')).toBeVisible();
  await expect(edit.getByText('Keep (In 30 days)')).toBeVisible();
  await edit.getByText('1 day', { exact: true }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText('Link updated').first()).toBeVisible();
  await expect(shareRow(page, 'Project files').getByTestId('share-expiry')).toHaveText('In 1 day');

  // Cancel it after a confirmation; the visitor's page shows the link cancelled.
  await shareRow(page, 'Project files').getByTestId('share-more').click();
  await page.getByRole('menuitem', { name: 'Cancel link' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Cancel this link?');
  await expect(confirm).toContainText('“Project files” will stop working');
  await confirm.getByRole('button', { name: 'Cancel link' }).click();
  await expect(page.getByText('Link cancelled').first()).toBeVisible();
  await expect(shareRow(page, 'Project files')).toHaveCount(0);
  await visitorPage.reload();
  await expect(visitorPage.getByTestId('share-status')).toHaveAttribute('data-status', 'DELETED');
  await page.reload();
  await expect(page.getByTestId('share-row')).toHaveCount(1);

  // The other link through the multi-select bar: select all with Ctrl+A, then cancel.
  await page.getByRole('checkbox', { name: 'Select notes.txt' }).focus();
  await page.keyboard.press('Control+a');
  await expect(page.getByTestId('shares-selection-count')).toHaveText('1 link selected');
  await page
    .getByTestId('shares-selection-bar')
    .getByRole('button', { name: 'Cancel links' })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel link' }).click();
  await expect(page.getByTestId('shares-empty')).toContainText('No shared links yet');
  await page.reload();
  await expect(page.getByTestId('shares-empty')).toBeVisible();

  await visitor.close();
  await owner.close();
});

test('on a phone the shared links are cards with every action in the row menu', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await owner.newPage();
  await signUpInEnglish(page, newEmail(), 'share owner 42');
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByRole('dialog').getByLabel('Folder name').fill('Photos');
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
  await expect(item(page, 'Photos')).toBeVisible();

  // Shared from the context menu with the defaults: a generated pass code, seven days.
  await item(page, 'Photos').click({ button: 'right' });
  await page.getByTestId('item-menu').getByRole('menuitem', { name: 'Share' }).click();
  const dialog = page.getByTestId('create-share-dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const code = (await dialog.getByTestId('share-pass-code').textContent()) ?? '';
  expect(code).toMatch(/^[a-z2-9]{4}$/);
  const link = await dialog.getByTestId('share-link').inputValue();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // In the list view a row shows a quick share button on hover.
  await page.getByRole('button', { name: 'Layout' }).click();
  await page.getByRole('menuitemradio', { name: 'List' }).click();
  await page.keyboard.press('Escape');
  await item(page, 'Photos').hover();
  await item(page, 'Photos').getByRole('button', { name: 'Share Photos' }).click();
  await expect(dialog.getByRole('heading', { name: 'Share “Photos”' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/drive/shares');
  const row = shareRow(page, 'Photos');
  await expect(row.getByTestId('share-expiry')).toHaveText('In 7 days');
  await expect(row.getByRole('button', { name: 'Copy link' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Actions for Photos' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Copy link',
    'Copy link with pass code',
    'Edit',
    'Cancel link',
  ]);
  await menu.getByRole('menuitem', { name: 'Copy link with pass code' }).click();
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(`${link}?s_code=${code}`);
  const box = await row
    .getByRole('checkbox', { name: 'Select Photos' })
    .locator('..')
    .boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await owner.close();
});

test('Shift-click on a check box selects the links from the last one ticked, as in the drive', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const password = 'share owner 42';
  const email = newEmail();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpInEnglish(page, email, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']) {
    await createShare(request, token, [await newTextFile(request, token, '', name)]);
  }

  await page.goto('/drive/shares');
  const titles = page.getByTestId('share-row').getByTestId('share-title');
  await expect(titles).toHaveCount(5);
  const order = await titles.allTextContents();
  const box = (index: number) =>
    page.getByRole('checkbox', { name: `Select ${order[index]}`, exact: true });
  const checked = () => Promise.all(order.map((_, index) => box(index).isChecked()));
  const count = page.getByTestId('shares-selection-count');

  // A tick, then Shift on a later box: the range between them.
  await box(1).click();
  await box(3).click({ modifiers: ['Shift'] });
  await expect(count).toHaveText('3 links selected');
  expect(await checked()).toEqual([false, true, true, true, false]);

  // A tick elsewhere moves the anchor; Shift back up adds that range to what is selected.
  await box(4).click();
  await box(3).click();
  await box(0).click({ modifiers: ['Shift'] });
  await expect(count).toHaveText('5 links selected');
  expect(await checked()).toEqual([true, true, true, true, true]);
  await context.close();
});
