import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { seedTorrent } from '../support/torrent-swarm';

/*
 * Picking a torrent's files on the link checker, in Chromium against the real server and its
 * worker: a visitor checks a magnet link of a torrent this test seeds on loopback (with its own
 * tracker), sees its three files with check boxes, the count and total size chosen; choosing
 * none disables saving with a hint; the boxes work from the keyboard and fit a phone. Two files
 * are left out, the visitor signs up on the way to saving, comes back to the checker with the
 * same choice, and only the chosen file lands in the drive, from a task whose source is
 * `url_checker`. A `.torrent` file chosen on the checker is read in the browser and listed the
 * same way; a member saves the files left chosen. A `.torrent` behind an http link is read by
 * the server and listed the same way; saved with every file chosen (across sign-in) it runs as
 * a torrent, not as the `.torrent` file itself.
 */

const KiB = 1024;

/**
 * The member's one offline task is the torrent `name`, saved from the link checker; then waits
 * on the task list until it is complete and answers its row.
 */
async function completedCheckerTask(page: Page, name: string): Promise<Locator> {
  const answer = await page.request.get('/drive/v1/tasks?type=offline', {
    headers: { 'x-client-id': 'web' },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { tasks } = (await answer.json()) as {
    tasks: { name: string; params: Record<string, string> }[];
  };
  expect(tasks).toHaveLength(1);
  expect(tasks[0]).toMatchObject({ name, params: { source: 'url_checker' } });

  await page.getByRole('link', { name: 'View downloads' }).click();
  const row = page.locator(`[data-testid=task-item][data-name="${name}"]`);
  await expect(row).toHaveAttribute('data-phase', 'PHASE_TYPE_COMPLETE', { timeout: 45_000 });
  return row;
}

test('a magnet link checked on /url-checker saves only the files left chosen', async ({ page }) => {
  test.setTimeout(120_000);
  const seeding = await seedTorrent('Album', {
    'cover.jpg': randomBytes(40 * KiB),
    'disc1/track01.flac': randomBytes(300 * KiB),
    'disc1/track02.flac': randomBytes(500 * KiB),
  });
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/url-checker?${new URLSearchParams({ url: seeding.magnetURI }).toString()}`);
    const result = page.getByTestId('url-checker-result');
    // The server asks the swarm for the torrent's metadata; the checker lists its files.
    const picker = result.getByTestId('url-checker-files');
    await expect(picker).toContainText('Files in Album', { timeout: 45_000 });
    await expect(result.getByTestId('url-checker-name')).toHaveText('Album');
    const summary = picker.getByTestId('url-checker-files-summary');
    await expect(summary).toHaveText('3 of 3 files chosen · 840 KB');
    const all = picker.getByRole('checkbox', { name: 'All files' });
    const cover = picker.getByRole('checkbox', { name: 'cover.jpg' });
    const track01 = picker.getByRole('checkbox', { name: 'disc1/track01.flac' });
    const track02 = picker.getByRole('checkbox', { name: 'disc1/track02.flac' });
    for (const box of [all, cover, track01, track02]) {
      await expect(box).toBeChecked();
    }

    // On a phone every row is a 44 px target and nothing runs past the screen's edge.
    for (const name of ['All files', 'cover.jpg', 'disc1/track01.flac', 'disc1/track02.flac']) {
      const row = picker.locator('label').filter({ hasText: name });
      expect((await row.boundingBox())?.height ?? 0, name).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 800 });

    // None chosen: saving is off, and the page says why.
    const save = result.getByTestId('url-checker-save');
    await expect(save).toHaveText('Sign in to save');
    await all.uncheck();
    await expect(summary).toHaveText('0 of 3 files chosen · 0 B');
    await expect(save).toBeDisabled();
    await expect(result.getByTestId('url-checker-no-files')).toHaveText(
      'Choose at least one file to save.',
    );
    await expect(save).toHaveAccessibleDescription('Choose at least one file to save.');

    // The keyboard alone: Space chooses all again, arrows move along the list.
    await all.focus();
    await page.keyboard.press('Space');
    await expect(all).toBeChecked();
    await expect(summary).toHaveText('3 of 3 files chosen · 840 KB');
    await expect(save).toBeEnabled();
    await expect(result.getByTestId('url-checker-no-files')).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(cover).toBeFocused();
    await page.keyboard.press('End');
    await expect(track02).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(track01).toBeFocused();
    await page.keyboard.press('Space');
    await expect(track01).not.toBeChecked();
    await expect(all).toBeChecked({ indeterminate: true });
    await expect(summary).toHaveText('2 of 3 files chosen · 540 KB');

    // And the mouse: one more left out.
    await track02.uncheck();
    await expect(summary).toHaveText('1 of 3 files chosen · 40 KB');
    await expect(save).toHaveAccessibleDescription('1 of 3 files chosen · 40 KB');

    // Saving needs an account: sign up, come back with the same choice, and the save finishes.
    await save.click();
    await expect(page).toHaveURL(/\/drive\/login\?redirect=/);
    await signUpInEnglish(page, newEmail(), 'url checker files 1', { expectDrive: false });
    await expect(page).toHaveURL(/\/url-checker\?url=magnet/);
    await expect(page.getByTestId('url-checker-saved')).toContainText(
      'Added to your offline downloads',
    );
    await expect(picker.getByRole('checkbox', { name: 'cover.jpg' })).toBeChecked();
    await expect(picker.getByRole('checkbox', { name: 'disc1/track01.flac' })).not.toBeChecked();
    await expect(picker.getByRole('checkbox', { name: 'disc1/track02.flac' })).not.toBeChecked();

    // The task came from the link checker.
    const row = await completedCheckerTask(page, 'Album');

    // The folder "Album" in My Downloads holds the chosen file only.
    await row.getByRole('button', { name: 'Show in folder' }).click();
    await expect(page.getByTestId('breadcrumbs')).toContainText('My Downloads');
    await page.locator('[data-testid=drive-item][data-name="Album"]').dblclick();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Album');
    await expect(page.locator('[data-testid=drive-item][data-name="cover.jpg"]')).toBeVisible();
    await expect(page.getByTestId('drive-item')).toHaveCount(1);
  } finally {
    await seeding.close();
  }
});

test('a .torrent file read on /url-checker lists its files, and a member saves the ones chosen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seeding = await seedTorrent('Mixtape', {
    'intro.txt': randomBytes(8 * KiB),
    'side-a/song.bin': randomBytes(200 * KiB),
    'side-b/song.bin': randomBytes(300 * KiB),
  });
  try {
    await signUpInEnglish(page, newEmail(), 'url checker files 2');
    await page.goto('/url-checker');
    const input = page.getByTestId('url-checker-torrent-input');

    // A file that is not a torrent says so.
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a torrent'),
    });
    await expect(page.getByTestId('url-checker').getByRole('alert')).toHaveText(
      '“notes.txt” is not a torrent file',
    );

    // The torrent is read in the browser: its files are listed at once.
    await input.setInputFiles({
      name: 'mixtape.torrent',
      mimeType: 'application/x-bittorrent',
      buffer: seeding.torrentFile,
    });
    const result = page.getByTestId('url-checker-result');
    await expect(result.getByTestId('url-checker-name')).toHaveText('Mixtape');
    await expect(result.getByTestId('url-checker-status')).toHaveText(
      'Read from the .torrent file',
    );
    await expect(result.getByTestId('url-checker-size')).toHaveText('508 KB');
    const picker = result.getByTestId('url-checker-files');
    const summary = picker.getByTestId('url-checker-files-summary');
    await expect(summary).toHaveText('3 of 3 files chosen · 508 KB');
    await picker.getByRole('checkbox', { name: 'side-b/song.bin' }).uncheck();
    await expect(summary).toHaveText('2 of 3 files chosen · 208 KB');

    const save = result.getByTestId('url-checker-save');
    await expect(save).toHaveText('Save to my drive');
    await save.click();
    await expect(page.getByTestId('url-checker-saved')).toContainText(
      'Added to your offline downloads',
    );
    const row = await completedCheckerTask(page, 'Mixtape');

    // "Mixtape" holds intro.txt and side-a/song.bin; side-b was left out.
    await row.getByRole('button', { name: 'Show in folder' }).click();
    await page.locator('[data-testid=drive-item][data-name="Mixtape"]').dblclick();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Mixtape');
    await expect(page.locator('[data-testid=drive-item][data-name="intro.txt"]')).toBeVisible();
    await expect(page.locator('[data-testid=drive-item][data-name="side-a"]')).toBeVisible();
    await expect(page.getByTestId('drive-item')).toHaveCount(2);
    await page.locator('[data-testid=drive-item][data-name="side-a"]').dblclick();
    await expect(page.locator('[data-testid=drive-item][data-name="song.bin"]')).toBeVisible();
    await expect(page.getByTestId('drive-item')).toHaveCount(1);
  } finally {
    await seeding.close();
  }
});

test('a .torrent behind an http link is listed on /url-checker and saved as its files, across sign-in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seeding = await seedTorrent('Field recordings', {
    'dawn.wav': randomBytes(120 * KiB),
    'night/owls.wav': randomBytes(80 * KiB),
  });
  // The link server on loopback (opened to the e2e server by OFFLINE_FETCH_EXTRA_PORTS); the
  // type says nothing, the name says torrent.
  const source = http.createServer((request, response) => {
    if (request.url === '/recordings.torrent') {
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(seeding.torrentFile);
      return;
    }
    response.writeHead(404);
    response.end();
  });
  const port = Number(process.env.NIMBUS_E2E_TORRENT_LINK_PORT);
  await new Promise<void>((resolve) => source.listen(port, '127.0.0.1', resolve));
  try {
    const link = `http://127.0.0.1:${port}/recordings.torrent`;
    await page.goto(`/url-checker?${new URLSearchParams({ url: link }).toString()}`);
    const result = page.getByTestId('url-checker-result');
    await expect(result.getByTestId('url-checker-name')).toHaveText('Field recordings', {
      timeout: 30_000,
    });
    await expect(result.getByTestId('url-checker-size')).toHaveText('200 KB');
    const picker = result.getByTestId('url-checker-files');
    await expect(picker.getByTestId('url-checker-files-summary')).toHaveText(
      '2 of 2 files chosen · 200 KB',
    );
    await expect(picker.getByRole('checkbox', { name: 'night/owls.wav' })).toBeChecked();

    // Every file chosen: saving needs an account, and the choice comes back with the visitor.
    await result.getByTestId('url-checker-save').click();
    await expect(page).toHaveURL(/\/drive\/login\?redirect=/);
    await signUpInEnglish(page, newEmail(), 'url checker files 3', { expectDrive: false });
    await expect(page).toHaveURL(/\/url-checker\?url=http/);
    await expect(page.getByTestId('url-checker-saved')).toContainText(
      'Added to your offline downloads',
    );
    await expect(picker.getByRole('checkbox', { name: 'dawn.wav' })).toBeChecked();
    await expect(picker.getByRole('checkbox', { name: 'night/owls.wav' })).toBeChecked();

    // The task ran the torrent: the folder holds its files, not the .torrent file.
    const row = await completedCheckerTask(page, 'Field recordings');
    await row.getByRole('button', { name: 'Show in folder' }).click();
    await page.locator('[data-testid=drive-item][data-name="Field recordings"]').dblclick();
    await expect(page.getByTestId('breadcrumbs')).toContainText('Field recordings');
    await expect(page.locator('[data-testid=drive-item][data-name="dawn.wav"]')).toBeVisible();
    await expect(page.locator('[data-testid=drive-item][data-name="night"]')).toBeVisible();
    await expect(page.getByTestId('drive-item')).toHaveCount(2);
  } finally {
    source.closeAllConnections();
    await new Promise((resolve) => source.close(resolve));
    await seeding.close();
  }
});
