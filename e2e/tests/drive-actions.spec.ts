import http from 'node:http';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiHeaders, newFolder, newTextFile, tokenOf } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * The dialog actions of the drive (`?action=` on arrival) in Chromium against the built app:
 * each is performed once on the page that owns it and taken off the address, a visitor signs in
 * first and comes back to it, hostile parameters do nothing, and in embedded mode (`?origin=`) a
 * parent page on another origin receives the actions of the drive's links.
 */

const password = 'action horse 42';

/** A member signed up in `page`, with an API token. */
async function member(page: Page, baseURL: string): Promise<string> {
  const email = newEmail();
  await signUpInEnglish(page, email, password);
  return tokenOf(baseURL, email, password);
}

/** An offline task of a link nothing answers (it fails at once): its id. */
async function newTask(request: APIRequestContext, token: string, name: string): Promise<string> {
  const answer = await request.post('/drive/v1/files', {
    headers: apiHeaders(token),
    data: {
      kind: 'drive#file',
      upload_type: 'UPLOAD_TYPE_URL',
      url: { url: `http://127.0.0.1:9/${name}` },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { task: { id: string } }).task.id;
}

test('show_task opens that task’s details on the task list; unknown and hostile tasks open nothing', async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  test.setTimeout(90_000);
  const token = await member(page, baseURL ?? '');
  await newTask(request, token, 'first-report.bin');
  const second = await newTask(request, token, 'second-report.bin');

  await page.goto(`/drive/all?action=show_task&task_id=${second}`);
  await expect(page).toHaveURL(/\/drive\/tasks$/);
  const details = page.getByTestId('task-details');
  await expect(details).toHaveAttribute('data-task-id', second);
  await expect(details.getByRole('heading', { name: 'Task details' })).toBeVisible();
  await expect(details.getByTestId('task-item')).toHaveAttribute('data-name', 'second-report.bin');
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(details).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('task-item')).toHaveCount(2);
  await expect(details).toHaveCount(0);

  // Another member's task is not found; a hostile id asks for nothing.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherToken = await member(otherPage, baseURL ?? '');
  const theirs = await newTask(request, otherToken, 'theirs.bin');
  await other.close();
  await page.goto(`/drive/tasks?action=show_task&task_id=${theirs}`);
  // One toast says so.
  await expect(
    page
      .locator('li')
      .filter({ has: page.getByText("This task isn't in your list any more.", { exact: true }) }),
  ).toHaveCount(1);
  await expect(details).toHaveCount(0);
  await page.goto(
    `/drive/tasks?action=show_task&task_id=${encodeURIComponent('../../v1/user/me"><img src=x>')}`,
  );
  await expect(page).toHaveURL(/\/drive\/tasks$/);
  await expect(page.getByTestId('task-item')).toHaveCount(2);
  await expect(details).toHaveCount(0);
  await page.goto('/drive/tasks?action=no_such_action');
  await expect(page.getByTestId('task-item')).toHaveCount(2);
});

test('create_task opens the Add dialog with the link; a visitor signs in first', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const link = 'https://downloads.example/big file.iso';
  await page.goto(`/drive/all?action=create_task&url=${encodeURIComponent(link)}`);
  // Signed out: sign-in first, with the action kept in the way back.
  await expect(page).toHaveURL(/\/drive\/login\?redirect=/);
  await signUpInEnglish(page, newEmail(), password, { expectDrive: false });
  await expect(page).toHaveURL(/\/drive\/tasks$/);
  const dialog = page.getByRole('dialog', { name: 'Add offline download' });
  await expect(dialog.getByLabel('Links')).toHaveValue(link);

  // The installed app's share target: the manifest names it, and a link shared from a phone's
  // share sheet (inside the text, after a title; the service worker turns the sheet's post into
  // this address, web-app.spec.ts) lands in the same dialog.
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    share_target?: { action: string; method: string; params: Record<string, string> };
  };
  expect(manifest.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    params: { title: 'title', text: 'text', url: 'url' },
  });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  const query = new URLSearchParams({
    title: 'A clip',
    text: 'Look at this: https://video.example/clip.mp4.',
  });
  await page.goto(`/share-target?${query.toString()}`);
  await expect(page).toHaveURL(/\/drive\/tasks$/);
  await expect(dialog.getByLabel('Links')).toHaveValue('https://video.example/clip.mp4');
});

test('highlight_files scrolls to the file in its folder and selects it; open_file opens it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await member(page, baseURL ?? '');
  const folder = await newFolder(request, token, 'Reports', '');
  const ids: string[] = [];
  for (let index = 0; index < 40; index += 1) {
    ids.push(
      await newTextFile(request, token, folder, `report-${String(index).padStart(2, '0')}.txt`),
    );
  }
  // Newest first: the first file made is the last row, far below the fold.
  await page.goto(`/drive/all?action=highlight_files&file_id=${ids[0]}`);
  await expect(page).toHaveURL(new RegExp(`/drive/all\\?folder=${folder}$`));
  const target = item(page, 'report-00.txt');
  await expect(target).toHaveAttribute('aria-selected', 'true');
  await expect(target).toBeInViewport();
  await expect(page.getByTestId('selection-count')).toHaveText('1 item selected');

  await page.goto(`/drive/all?action=open_file&file_id=${ids[1]}`);
  await expect(page.getByTestId('file-preview').getByTestId('preview-text')).toContainText(
    'report-01.txt contents',
  );
  await expect(page).toHaveURL(/\/drive\/all$/);
  await page.keyboard.press('Escape');

  // An id that names nothing of the member's opens nothing and says so.
  await page.goto('/drive/all?action=open_file&file_id=nothing_here_42');
  await expect(
    page
      .locator('li')
      .filter({ has: page.getByText("This file isn't in your drive any more.", { exact: true }) }),
  ).toHaveCount(1);
  await expect(page.getByTestId('file-preview')).toHaveCount(0);
  await expect(page).toHaveURL(/\/drive\/all$/);

  await page.goto(`/drive/all?action=move_files&file_id=${ids[2]},${ids[3]}`);
  const move = page.getByTestId('move-copy-dialog');
  await expect(move.getByRole('heading', { name: 'Move 2 items' })).toBeVisible();
  await expect(page).toHaveURL(/\/drive\/all$/);
});

test('search lists the drive’s items whose name holds the text, from any page', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const token = await member(page, baseURL ?? '');
  const folder = await newFolder(request, token, 'Archive', '');
  await newTextFile(request, token, '', 'budget-summary.txt');
  await newTextFile(request, token, folder, 'old-budget.txt');
  await newTextFile(request, token, '', 'holiday.txt');

  await page.goto('/help?action=search&keyword=budget');
  await expect(page).toHaveURL(/\/drive\/all\?q=budget$/);
  await expect(page.getByTestId('search-title')).toHaveText('Results for “budget”');
  await expect(item(page, 'budget-summary.txt')).toBeVisible();
  await expect(item(page, 'old-budget.txt')).toBeVisible();
  await expect(item(page, 'holiday.txt')).toHaveCount(0);

  const box = page.getByRole('searchbox', { name: 'Search your drive' });
  await box.fill('holi');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/drive\/all\?q=holi$/);
  await expect(item(page, 'holiday.txt')).toBeVisible();
  await expect(page.getByTestId('drive-item')).toHaveCount(1);
});

test('show_storage_dialog and show_traffic_dialog show the quota with the way to get more', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const token = await member(page, baseURL ?? '');
  await newTextFile(request, token, '', 'notes.txt');

  await page.goto('/drive/recent?action=show_storage_dialog');
  const storage = page.getByTestId('storage-dialog');
  await expect(storage.getByRole('heading', { name: 'Storage' })).toBeVisible();
  await expect(storage.getByTestId('quota-usage')).toHaveText(
    /^\d+(\.\d+)? B of [\d.]+ [KMGT]?B used$/,
  );
  await expect(storage.getByRole('link', { name: 'Get more storage' })).toHaveAttribute(
    'href',
    '/drive/payment/storage',
  );
  await expect(page).toHaveURL(/\/drive\/recent$/);
  await page.keyboard.press('Escape');
  await expect(storage).toBeHidden();

  // The storage meter's link asks for the same dialog.
  await page.getByTestId('storage-details').click();
  await expect(storage).toBeVisible();
  await expect(page).toHaveURL(/\/drive\/recent$/);
  await page.keyboard.press('Escape');

  await page.goto('/ja/drive/all?action=show_traffic_dialog');
  const traffic = page.getByTestId('traffic-dialog');
  await expect(traffic.getByRole('heading', { name: 'ダウンロード通信量' })).toBeVisible();
  await expect(traffic.getByRole('link', { name: '通信量を増やす' })).toHaveAttribute(
    'href',
    '/ja/drive/payment/traffic',
  );
  await expect(page).toHaveURL(/\/ja\/drive\/all$/);
});

test('the page actions: sign-in and back, navigations, the prompt and the mobile sidebar', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // A visitor asked to sign in comes back to where they were, without the action.
  await page.goto('/help?action=login_required');
  await expect(page).toHaveURL(/\/drive\/login\?redirect=%2Fhelp$/);
  await signUpInEnglish(page, newEmail(), password, { expectDrive: false });
  await expect(page).toHaveURL(/\/help$/);

  await page.goto('/help?action=login_to_drive');
  await expect(page).toHaveURL(/\/drive\/all$/);
  await page.goto('/drive/all?action=open_feedback');
  await expect(page).toHaveURL(/\/drive\/feedback$/);
  await page.goto('/drive/all?action=url_checker');
  await expect(page).toHaveURL(/\/url-checker$/);
  // The redeem box lives on the purchase page, which opens it and takes the action off.
  await page.goto('/drive/all?action=open_redeem_box');
  await expect(
    page.getByTestId('redeem-box').getByRole('textbox', { name: 'Activation code' }),
  ).toBeFocused();
  await expect(page).toHaveURL(/\/drive\/payment$/);

  await page.goto('/?action=show_popup_window');
  const popup = page.getByTestId('popup-window');
  await expect(popup.getByRole('heading', { name: 'Nimbus on your computer' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await popup.getByRole('button', { name: 'Not now' }).click();
  await expect(popup).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/drive/all?action=show_mobile_sidebar');
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/drive\/all$/);

  // Last: the locale is remembered from here on.
  await page.goto('/ja/help?action=landing_page');
  await expect(page).toHaveURL(/\/ja$/);
});

test.describe('embedded mode', () => {
  const parent = process.env.NIMBUS_E2E_EMBEDDER_ORIGIN ?? '';
  let server: http.Server | undefined;

  // The parent page, served on loopback from another port: another origin of the same site, so
  // the frame keeps the member's session (a real server: Chromium refuses a frame on loopback
  // inside a page it cannot place on the local network).
  test.beforeAll(async () => {
    const { hostname, port } = new URL(parent);
    server = http.createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      // The page frames the app whose origin the test names (`?app=`).
      const appOrigin = new URL(request.url ?? '/', parent).searchParams.get('app') ?? '';
      response.end(`<!doctype html><title>Parent</title>
<script>window.received = []; addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));</script>
<iframe id="drive" title="Nimbus" style="width: 1200px; height: 680px" src="${appOrigin}/drive/all?origin=${encodeURIComponent(parent)}"></iframe>`);
    });
    await new Promise<void>((resolve) => server?.listen(Number(port), hostname, resolve));
  });
  test.afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  test('a parent page on another origin receives the actions of the drive’s links', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await member(page, baseURL ?? '');
    const origin = new URL(baseURL ?? '').origin;
    expect(parent).not.toBe('');
    await page.goto(`${parent}/?${new URLSearchParams({ app: origin }).toString()}`);
    const frame = page.frameLocator('#drive');
    const received = () =>
      page.evaluate(() => (window as unknown as { received: unknown[] }).received);

    await frame.getByTestId('storage-details').click();
    await expect.poll(received).toEqual([
      {
        origin,
        data: {
          type: 'nimbus:action',
          action: 'show_storage_dialog',
          href: `${origin}/drive/all?action=show_storage_dialog`,
        },
      },
    ]);
    // The parent shows it: the frame neither navigates nor opens the dialog itself.
    await expect(frame.getByTestId('storage-dialog')).toHaveCount(0);

    await frame.getByTestId('drive-feedback').click();
    await expect.poll(async () => (await received()).length).toBe(2);
    expect((await received())[1]).toEqual({
      origin,
      data: { type: 'nimbus:action', action: 'open_feedback', href: `${origin}/drive/feedback` },
    });
    const drive = page.frames().find((candidate) => candidate.url().startsWith(origin));
    expect(new URL(drive?.url() ?? origin).pathname).toBe('/drive/all');
  });
});
