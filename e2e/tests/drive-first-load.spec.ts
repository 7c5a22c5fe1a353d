import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The drive answers at once: with the session cookie there, the server renders the first page
 * of the folder shown into the page, and the browser starts from it instead of asking for it
 * again. A search, and a visitor without a session, are rendered in the browser as before.
 */

/** Makes a folder from the signed-in page (the session cookie) and answers its id. */
async function makeFolder(page: Page, name: string, parentId: string): Promise<string> {
  return page.evaluate(
    async ({ folderName, parent }) => {
      const response = await fetch('/drive/v1/files', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-client-id': 'web' },
        body: JSON.stringify({ kind: 'drive#folder', name: folderName, parent_id: parent }),
      });
      return ((await response.json()) as { file: { id: string } }).file.id;
    },
    { folderName: name, parent: parentId },
  );
}

test('the first page of a folder comes rendered from the server and is not fetched again', async ({
  page,
  browser,
}) => {
  await signUpInEnglish(page, newEmail(), 'first load 42');
  const outer = await makeFolder(page, 'Quarterly reports', '');
  await makeFolder(page, 'Inner figures', outer);

  // The page's HTML holds the rows, for the root and for a folder.
  const root = await (await page.request.get('/drive/all')).text();
  expect(root).toContain('data-name="Quarterly reports"');
  const inner = await (await page.request.get(`/drive/all?folder=${outer}`)).text();
  expect(inner).toContain('data-name="Inner figures"');
  expect(inner).not.toContain('data-name="Quarterly reports"');
  // A search is the browser's.
  const search = await (await page.request.get('/drive/all?q=Quarterly')).text();
  expect(search).not.toContain('data-name="Quarterly reports"');

  const listings: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname === '/drive/v1/files') {
      listings.push(url.searchParams.get('parent_id') ?? '');
    }
  });
  // The folders changed seconds ago read relatively, and the browser's clock is ahead of the
  // server's: the page keeps the server's rows (React would report a hydration error if not).
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.clock.setFixedTime(Date.now() + 10_000);
  await page.reload();
  const row = page.locator('[data-testid=drive-item][data-name="Quarterly reports"]');
  await expect(row).toBeVisible();
  await expect(page.getByTestId('drive-all')).not.toHaveAttribute('inert');
  expect(pageErrors).toEqual([]);
  // The page works as before: a double click opens the folder, whose listing the browser asks for.
  await row.dblclick();
  await expect(page.locator('[data-testid=drive-item][data-name="Inner figures"]')).toBeVisible();
  expect(listings).not.toContain('');
  expect(listings).toContain(outer);

  // A visitor without a session gets no listing and is sent to sign in.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  const visitorHtml = await (await visitorPage.request.get('/drive/all')).text();
  expect(visitorHtml).not.toContain('data-testid="drive-item"');
  await visitorPage.goto('/drive/all');
  await expect(visitorPage).toHaveURL(/\/drive\/login\?redirect=/);
  await visitor.close();
});

test('a first load of the drive asks for the quota once, for the storage meter and the profile refresh alike', async ({
  page,
}) => {
  await signUpInEnglish(page, newEmail(), 'first load 42');
  // Leave the page the sign-up ended on, so that none of its requests are counted.
  await page.goto('about:blank');
  const abouts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && new URL(request.url()).pathname === '/drive/v1/about') {
      abouts.push(request.url());
    }
  });
  // The profile refresh asks for the quota before the VIP state: once that answered, both
  // readers of the quota have asked.
  const vip = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/drive/v1/privilege/vip',
  );
  await page.goto('/drive/all');
  await vip;
  await expect(page.getByTestId('storage-meter').first()).toBeVisible();
  expect(abouts).toHaveLength(1);
});
