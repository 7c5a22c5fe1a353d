import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { seedTorrent } from '../support/torrent-swarm';

/*
 * Offline downloads in Chromium against the real server and its real worker: a member pastes a
 * link to a file server this test runs on loopback (the e2e server runs with
 * ALLOW_PRIVATE_FETCH and this port allowed), watches the task's progress while the source
 * holds back the second half, sees it reach 100 %, and opens the file in the viewer and in
 * My Downloads. The link checker tells a visitor what a link holds and saves it after sign-in.
 * A magnet link of a torrent this test seeds on loopback (with its own tracker) lists its files
 * in the Add dialog, and the one file picked lands in a folder named after the torrent; a link
 * to a `.torrent` does the same, or, kept as a file, saves the `.torrent` itself.
 */

const fetchPort = Number(process.env.NIMBUS_E2E_FETCH_PORT);
const sourceUrl = (path: string) => `http://127.0.0.1:${fetchPort}${path}`;

/** About 200 KB of numbered lines: the viewer shows the first of them. */
const notes = Buffer.from(
  Array.from({ length: 12_000 }, (_, index) => `line ${String(index).padStart(5, '0')}\n`).join(''),
);
const report = Buffer.from('%PDF-1.4\n'.padEnd(48 * 1024, '%'));

/** Bencodes a value the way .torrent files are written (dictionary keys sorted). */
function bencode(value: unknown): Buffer {
  if (typeof value === 'number') {
    return Buffer.from(`i${value}e`);
  }
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value);
    return Buffer.concat([Buffer.from(`${bytes.length}:`), bytes]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([Buffer.from('l'), ...value.map(bencode), Buffer.from('e')]);
  }
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  return Buffer.concat([
    Buffer.from('d'),
    ...entries.flatMap(([key, item]) => [bencode(key), bencode(item)]),
    Buffer.from('e'),
  ]);
}

/** A torrent of two files, for the file picking of the Add dialog. */
const holidayTorrent = bencode({
  announce: 'http://127.0.0.1:9/announce',
  info: {
    name: 'Holiday',
    'piece length': 16384,
    pieces: Buffer.alloc(20, 1),
    files: [
      { length: 2048, path: ['beach.jpg'] },
      { length: 5 * 1024 * 1024, path: ['video', 'sunset.mkv'] },
    ],
  },
});

/** The source sends the second half of notes.txt only once the test has seen the progress. */
let releaseNotes: () => void = () => undefined;
let notesReleased = new Promise<void>((resolve) => {
  releaseNotes = resolve;
});

/** What `/links/<name>.torrent` serves: `.torrent` files of torrents a test seeds. */
const torrentLinks = new Map<string, Buffer>();

/** Requests for the link that never works. */
let goneHits = 0;

const source = http.createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://source').pathname;
  if (path === '/gone.iso') {
    goneHits += 1;
  }
  if (path === '/notes.txt') {
    response.writeHead(200, {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(notes.length),
    });
    const half = Math.floor(notes.length / 2);
    response.write(notes.subarray(0, half));
    void notesReleased.then(() => response.end(notes.subarray(half)));
    return;
  }
  if (path === '/report') {
    response.writeHead(200, {
      'content-type': 'application/pdf',
      'content-length': String(report.length),
      'content-disposition': 'attachment; filename="Quarterly report.pdf"',
    });
    response.end(report);
    return;
  }
  const torrent = torrentLinks.get(path);
  if (torrent) {
    response.writeHead(200, { 'content-type': 'application/x-bittorrent' });
    response.end(torrent);
    return;
  }
  response.writeHead(404);
  response.end();
});

// The file server's port is fixed by the configuration: one worker runs this file's tests.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  await new Promise<void>((resolve) => source.listen(fetchPort, '127.0.0.1', resolve));
});

test.afterAll(async () => {
  releaseNotes();
  source.closeAllConnections();
  await new Promise((resolve) => source.close(resolve));
});

function taskRow(page: Page, name: string) {
  return page.locator(`[data-testid=task-item][data-name="${name}"]`);
}

test('a pasted link is downloaded with live progress and opens from the task list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  notesReleased = new Promise<void>((resolve) => {
    releaseNotes = resolve;
  });
  await signUpInEnglish(page, newEmail(), 'offline downloads 1');

  // The Add dialog of the drive: one good link and one it cannot take.
  await page.getByTestId('add-link-button').click();
  const dialog = page.getByTestId('add-link-dialog');
  await expect(dialog.getByTestId('add-link-destination')).toHaveText('My Downloads');

  // A .torrent file is read in the browser: its files can be picked before anything is sent.
  await dialog.getByTestId('add-link-torrent-input').setInputFiles({
    name: 'holiday.torrent',
    mimeType: 'application/x-bittorrent',
    buffer: holidayTorrent,
  });
  const picker = dialog.getByTestId('torrent-files');
  await expect(picker).toContainText('Files in Holiday');
  await expect(picker).toContainText('2 of 2 files chosen');
  await expect(picker.getByRole('checkbox', { name: 'video/sunset.mkv' })).toBeChecked();
  await picker.getByRole('checkbox', { name: 'video/sunset.mkv' }).uncheck();
  await expect(picker).toContainText('1 of 2 files chosen');
  await expect(picker.getByRole('checkbox', { name: 'All files' })).not.toBeChecked();
  await picker.getByRole('button', { name: 'Remove holiday.torrent' }).click();
  await expect(picker).toBeHidden();
  await dialog
    .getByTestId('add-link-text')
    .fill(`${sourceUrl('/notes.txt')}\nftp://example.com/archive.zip\n`);
  await dialog.getByTestId('add-link-submit').click();
  const problems = dialog.getByTestId('add-link-problems');
  await expect(problems).toContainText('ftp://example.com/archive.zip');
  await expect(problems).toContainText('Not an http, https or magnet link');
  await expect(dialog.getByTestId('add-link-text')).toHaveValue('ftp://example.com/archive.zip');
  await expect(dialog.getByRole('status')).toContainText('1 download added');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The sidebar leads to the task list, which follows the download while it runs.
  await page.getByRole('link', { name: 'Offline downloads' }).click();
  await expect(page).toHaveURL(/\/drive\/tasks$/);
  const row = taskRow(page, 'notes.txt');
  await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_RUNNING', { timeout: 20_000 });
  const progress = row.getByRole('progressbar');
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  expect(Number(await progress.getAttribute('aria-valuenow'))).toBeLessThan(100);

  // Pause and resume: the download stops, then goes on.
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_PAUSED');
  await expect(row.getByTestId('task-facts')).toContainText('Paused');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_RUNNING', { timeout: 20_000 });
  await expect(row.getByRole('button', { name: 'Pause' })).toBeVisible();

  releaseNotes();
  await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_COMPLETE', { timeout: 20_000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await expect(row.getByTestId('task-percent')).toHaveText('100%');
  await expect(row.getByTestId('task-facts')).toContainText('Done');

  // The filters: it is done, not failed.
  await page.getByTestId('task-filter-error').click();
  await expect(page.getByTestId('tasks-empty')).toContainText('No failed downloads');
  await page.getByTestId('task-filter-complete').click();
  await expect(taskRow(page, 'notes.txt')).toBeVisible();

  // Open the result in the viewer...
  await taskRow(page, 'notes.txt').getByTestId('task-open').click();
  const viewer = page.getByTestId('file-preview');
  await expect(viewer.getByTestId('preview-text')).toContainText('line 00000');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // ... and find it in My Downloads.
  await taskRow(page, 'notes.txt').getByRole('button', { name: 'Show in folder' }).click();
  await expect(page).toHaveURL(/\/drive\/all\?folder=/);
  await expect(page.getByTestId('breadcrumbs')).toContainText('My Downloads');
  await expect(page.locator('[data-testid=drive-item][data-name="notes.txt"]')).toBeVisible();
});

test('the link checker tells a visitor what a link holds and saves it after sign-in', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`/url-checker?${new URLSearchParams({ url: sourceUrl('/report') }).toString()}`);
  const result = page.getByTestId('url-checker-result');
  await expect(result).toHaveAttribute('data-reachable', 'true');
  await expect(result.getByTestId('url-checker-name')).toHaveText('Quarterly report.pdf');
  await expect(result.getByTestId('url-checker-size')).toHaveText('48 KB');
  await expect(result).toContainText('application/pdf');
  await expect(result.getByTestId('url-checker-status')).toHaveText('Can be downloaded');

  // A blocked address says why, and nothing else: no rows of "unknown".
  await page.getByLabel('Paste a link').fill('http://169.254.169.254/latest/meta-data/');
  await page.getByTestId('url-checker-submit').click();
  await expect(result).toHaveAttribute('data-reachable', 'false');
  await expect(result.getByTestId('url-checker-status')).toHaveText(
    'This link leads to a local or private network address, and downloads from such addresses are not allowed',
  );
  await expect(result.getByTestId('url-checker-size')).toHaveCount(0);
  await expect(result).not.toContainText('Unknown');

  // A link whose server has no file there says so, with the status it answered.
  await page.getByLabel('Paste a link').fill(sourceUrl('/gone.iso'));
  await page.getByTestId('url-checker-submit').click();
  await expect(result.getByTestId('url-checker-status')).toHaveText(
    'There is no file at this link: its server answered 404 (not found)',
  );

  // Saving needs an account: sign up, come back, and the save finishes.
  await page.getByLabel('Paste a link').fill(sourceUrl('/report'));
  await page.getByTestId('url-checker-submit').click();
  await expect(result).toHaveAttribute('data-reachable', 'true');
  await page.getByTestId('url-checker-save').click();
  await expect(page).toHaveURL(/\/drive\/login\?redirect=/);
  await signUpInEnglish(page, newEmail(), 'offline downloads 2', { expectDrive: false });
  await expect(page).toHaveURL(/\/url-checker\?url=/);
  await expect(page.getByTestId('url-checker-saved')).toContainText(
    'Added to your offline downloads',
  );
  await page.getByRole('link', { name: 'View downloads' }).click();
  await expect(taskRow(page, 'Quarterly report.pdf')).toHaveAttribute(
    'data-phase',
    'PHASE_TYPE_COMPLETE',
    { timeout: 20_000 },
  );
});

test('a failed download says why, can be retried and deleted, and leaves the list empty', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpInEnglish(page, newEmail(), 'offline downloads 3');
  await page.goto('/drive/tasks');
  await expect(page.getByTestId('tasks-empty')).toContainText('No offline downloads yet');

  await page.getByTestId('add-link-button').click();
  const dialog = page.getByTestId('add-link-dialog');
  await dialog.getByTestId('add-link-text').fill(sourceUrl('/gone.iso'));
  await dialog.getByTestId('add-link-text').press('Control+Enter');
  await expect(dialog).toBeHidden();

  const row = taskRow(page, 'gone.iso');
  await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_ERROR', { timeout: 20_000 });
  await expect(row.getByTestId('task-message')).toHaveText(
    'There is no file at this link: its server answered 404 (not found)',
  );
  await page.getByTestId('task-filter-error').click();
  await expect(taskRow(page, 'gone.iso')).toBeVisible();
  await page.getByTestId('task-filter-running').click();
  await expect(page.getByTestId('tasks-empty')).toContainText('Nothing in progress');
  await page.getByTestId('task-filter-all').click();

  // Retry fetches the link again, and it fails again.
  const before = goneHits;
  await row.getByRole('button', { name: 'Retry' }).click();
  await expect.poll(() => goneHits, { timeout: 20_000 }).toBeGreaterThan(before);
  await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_ERROR', { timeout: 20_000 });

  // Deleting asks once.
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByTestId('delete-task-dialog');
  await expect(confirm).toContainText('“gone.iso” leaves the list.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('tasks-empty')).toContainText('No offline downloads yet');
  await page.reload();
  await expect(page.getByTestId('tasks-empty')).toBeVisible();
});

test('a pasted magnet link lists its files; the one picked lands in a folder named after the torrent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // A tracker and a seeder of a two-file torrent "Trip", both on loopback.
  const seeding = await seedTorrent('Trip', {
    'beach.jpg': randomBytes(40 * 1024),
    'video/sunset.bin': randomBytes(600 * 1024),
  });
  try {
    await signUpInEnglish(page, newEmail(), 'offline downloads 4');

    await page.getByTestId('add-link-button').click();
    const dialog = page.getByTestId('add-link-dialog');
    await dialog.getByTestId('add-link-text').fill(seeding.magnetURI);
    // The server asks the swarm for the torrent's metadata; the dialog lists its files.
    const picker = dialog.getByTestId('magnet-files');
    await expect(picker).toContainText('Files in Trip', { timeout: 30_000 });
    await expect(picker).toContainText('2 of 2 files chosen');
    await expect(picker.getByRole('checkbox', { name: 'beach.jpg' })).toBeChecked();
    await picker.getByRole('checkbox', { name: 'video/sunset.bin' }).uncheck();
    await expect(picker).toContainText('1 of 2 files chosen');
    await dialog.getByTestId('add-link-submit').click();
    await expect(dialog).toBeHidden();

    await page.getByRole('link', { name: 'Offline downloads' }).click();
    const row = taskRow(page, 'Trip');
    await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_COMPLETE', { timeout: 30_000 });
    await expect(row.getByTestId('task-percent')).toHaveText('100%');

    // The folder "Trip" in My Downloads holds the picked file only.
    await row.getByRole('button', { name: 'Show in folder' }).click();
    await expect(page.getByTestId('breadcrumbs')).toContainText('My Downloads');
    await page.locator('[data-testid=drive-item][data-name="Trip"]').dblclick();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Trip');
    await expect(page.locator('[data-testid=drive-item][data-name="beach.jpg"]')).toBeVisible();
    await expect(page.getByTestId('drive-item')).toHaveCount(1);
  } finally {
    await seeding.close();
  }
});

test('a pasted link to a .torrent lists its files and runs the torrent; kept as a file, it saves the .torrent', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const seeding = await seedTorrent('Concert', {
    'setlist.txt': randomBytes(8 * 1024),
    'audio/encore.flac': randomBytes(400 * 1024),
  });
  torrentLinks.set('/links/Concert%20night.torrent', seeding.torrentFile);
  try {
    await signUpInEnglish(page, newEmail(), 'offline downloads 5');

    // The server reads the .torrent behind the link; the dialog lists its files.
    await page.getByTestId('add-link-button').click();
    const dialog = page.getByTestId('add-link-dialog');
    const link = sourceUrl('/links/Concert%20night.torrent');
    await dialog.getByTestId('add-link-text').fill(link);
    const picker = dialog.getByTestId('torrent-link-files');
    await expect(picker).toContainText('Files in Concert', { timeout: 30_000 });
    await expect(picker).toContainText('2 of 2 files chosen');
    await picker.getByRole('checkbox', { name: 'audio/encore.flac' }).uncheck();
    await expect(picker).toContainText('1 of 2 files chosen');
    await dialog.getByTestId('add-link-submit').click();
    await expect(dialog).toBeHidden();

    await page.getByRole('link', { name: 'Offline downloads' }).click();
    const row = taskRow(page, 'Concert');
    await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_COMPLETE', { timeout: 30_000 });
    await row.getByRole('button', { name: 'Show in folder' }).click();
    await page.locator('[data-testid=drive-item][data-name="Concert"]').dblclick();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Concert');
    await expect(page.locator('[data-testid=drive-item][data-name="setlist.txt"]')).toBeVisible();
    await expect(page.getByTestId('drive-item')).toHaveCount(1);

    // The same link kept as a file: the task saves the .torrent itself, under the link's name.
    await page.getByTestId('add-link-button').click();
    await dialog.getByTestId('add-link-text').fill(link);
    await expect(dialog.getByTestId('torrent-link-files')).toContainText('2 of 2 files chosen', {
      timeout: 30_000,
    });
    await dialog.getByTestId('torrent-link-keep-file').check();
    await expect(dialog.getByTestId('torrent-link-files')).not.toContainText('files chosen');
    await dialog.getByTestId('add-link-submit').click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Offline downloads' }).click();
    const fileRow = taskRow(page, 'Concert night.torrent');
    await expect(fileRow).toHaveAttribute('data-phase', 'PHASE_TYPE_COMPLETE', {
      timeout: 30_000,
    });
  } finally {
    torrentLinks.clear();
    await seeding.close();
  }
});
