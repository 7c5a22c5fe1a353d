import { expect, test } from '@playwright/test';
import { newFolder, newTextFile, tokenOf } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * The drive's search results in Chromium say where each item is ("My files › Photos › 2024"):
 * a click on that path, or the item's "Show in folder" action, opens the folder.
 */

const password = 'search horse 42';

test('search results show their folder’s path, which opens that folder', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const email = newEmail();
  await signUpInEnglish(page, email, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  const photos = await newFolder(request, token, 'Photos', '');
  const year = await newFolder(request, token, '2024', photos);
  await newTextFile(request, token, year, 'holiday plan.txt');
  await newTextFile(request, token, '', 'holiday list.txt');
  const trips = await newFolder(request, token, 'Trips', '');
  await newFolder(request, token, 'Holiday ideas', trips);

  await page.goto('/drive/all');
  await page.getByRole('searchbox', { name: 'Search your drive' }).fill('holiday');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('search-title')).toHaveText('Results for “holiday”');
  await expect(page.getByTestId('drive-item')).toHaveCount(3);
  await expect(item(page, 'holiday plan.txt').getByTestId('item-path')).toHaveText(
    'My files › Photos › 2024',
  );
  await expect(item(page, 'holiday list.txt').getByTestId('item-path')).toHaveText('My files');
  await expect(item(page, 'Holiday ideas').getByTestId('item-path')).toHaveText('My files › Trips');

  // A click on the path opens the folder, with its breadcrumbs.
  await item(page, 'holiday plan.txt').getByTestId('item-path').click();
  await expect(page).toHaveURL(new RegExp(`/drive/all\\?folder=${year}$`));
  await expect(page.getByTestId('breadcrumbs')).toHaveText(/My files\s*\/\s*Photos\s*\/\s*2024/);
  await expect(item(page, 'holiday plan.txt')).toBeVisible();
  await expect(item(page, 'holiday plan.txt').getByTestId('item-path')).toHaveCount(0);

  // Back in the results, the item's menu opens its folder too.
  await page.goBack();
  await item(page, 'Holiday ideas').click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Show in folder' }).click();
  await expect(page).toHaveURL(new RegExp(`/drive/all\\?folder=${trips}$`));
  await expect(item(page, 'Holiday ideas')).toBeVisible();
});
