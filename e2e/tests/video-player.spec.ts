import type { Locator, Page } from '@playwright/test';
import { request as apiRequest, expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { item } from '../support/drive-items';
import { tokenOf, uploadFile } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { makeH264Mp4 } from '../support/test-media';
import { shownCueText, timeOf, visitorOfShare } from '../support/video-player';

/*
 * The viewer's video player on a real H.264/AAC MP4 made by ffmpeg: it plays, seeks (bar and
 * keys), answers its keyboard when focused, opens its menus in the page's language, goes on
 * where the member stopped, passes axe, seeks with a double tap on a phone, and plays on a share page.
 */

const clipSeconds = 20;

/** Uploads the clip through the drive's upload button and opens it in the viewer. */
async function openClip(page: Page, clip: Buffer): Promise<{ player: Locator; video: Locator }> {
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles([{ name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip }]);
  await expect(item(page, 'clip.mp4')).toBeVisible({ timeout: 30_000 });
  // The viewer tells the server what this browser plays (docs/api.md#files `media_codecs`).
  const fileCall = page.waitForRequest((request) =>
    /\/drive\/v1\/files\/[^/?]+\?/.test(request.url()),
  );
  await item(page, 'clip.mp4').dblclick();
  const codecs = new URL((await fileCall).url()).searchParams.get('media_codecs') ?? '';
  expect(codecs.split(',')).toEqual(expect.arrayContaining(['h264', 'aac', 'mp4']));
  const viewer = page.getByTestId('file-preview');
  const player = viewer.getByTestId('video-player');
  await expect(player).toBeVisible();
  return { player, video: player.getByTestId('preview-video') };
}

const sidecarSrt = '1\n00:00:00,000 --> 00:00:19,500\nHello from beside the video\n';
const pickedVtt = 'WEBVTT\n\n00:00.000 --> 00:19.500\nHallo aus einer anderen Datei\n';

const pausedOf = (video: Locator) =>
  video.evaluate((element) => (element as HTMLVideoElement).paused);

test('an H.264/AAC MP4 plays in the player: seek bar, keys, menus, resume, axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const clip = makeH264Mp4(clipSeconds);
  await signUpInEnglish(page, newEmail(), 'player horse 42');
  // The player's internal events, as the analytics sender posts them.
  const events: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/statistics/pub/event')) {
      events.push(request.postData() ?? '');
    }
  });
  const { player, video } = await openClip(page, clip);

  // It plays: the time goes on, with no error.
  await player.focus();
  await page.keyboard.press('m');
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).muted))
    .toBe(true);
  if (await pausedOf(video)) {
    await page.keyboard.press('k');
  }
  await expect.poll(() => timeOf(video), { timeout: 15_000 }).toBeGreaterThan(0.5);
  expect(await video.evaluate((element) => (element as HTMLVideoElement).error)).toBeNull();

  // k and space pause and play; the arrows seek five seconds.
  await page.keyboard.press('k');
  await expect.poll(() => pausedOf(video)).toBe(true);
  await page.keyboard.press(' ');
  await expect.poll(() => pausedOf(video)).toBe(false);
  await page.keyboard.press('k');
  await expect.poll(() => pausedOf(video)).toBe(true);
  const before = await timeOf(video);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => timeOf(video)).toBeCloseTo(before + 5, 0);
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => timeOf(video)).toBeCloseTo(before, 0);
  // The arrows stay in the player: the viewer still shows the clip.
  await expect(
    page.getByTestId('file-preview').getByRole('heading', { name: 'clip.mp4' }),
  ).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).volume))
    .toBeCloseTo(0.9, 2);
  expect(await video.evaluate((element) => (element as HTMLVideoElement).muted)).toBe(true);

  // The seek bar goes to the middle, and it plays on from there.
  await player.getByRole('slider', { name: 'Seek' }).fill('10');
  await expect.poll(() => timeOf(video)).toBeCloseTo(10, 0);
  await player.focus();
  await page.keyboard.press('k');
  await expect.poll(() => timeOf(video), { timeout: 10_000 }).toBeGreaterThan(10.5);
  await page.keyboard.press('k');
  await expect.poll(() => pausedOf(video)).toBe(true);

  // f puts the player in full screen and takes it out.
  await page.keyboard.press('f');
  await expect
    .poll(() =>
      page.evaluate(() => (document.fullscreenElement as HTMLElement | null)?.dataset.testid),
    )
    .toBe('video-player');
  await page.keyboard.press('f');
  await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

  // The menus: speed changes the rate; subtitles offer off, size and position.
  await player.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('menu', { name: 'Settings' });
  await expect(settings).toBeVisible();
  await expect(settings.getByRole('menuitemradio', { name: 'Normal speed' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await settings.getByRole('menuitemradio', { name: '1.5×' }).click();
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).playbackRate))
    .toBe(1.5);
  await player.getByRole('button', { name: 'Subtitles' }).click();
  const subtitles = page.getByRole('menu', { name: 'Subtitles' });
  await expect(subtitles.getByRole('menuitemradio', { name: 'Off' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await subtitles.getByRole('menuitemradio', { name: 'Large' }).click();
  await expect(subtitles).toBeHidden();

  // axe finds nothing in the viewer with the player and its controls shown.
  const axe = await new AxeBuilder({ page }).include('[data-testid=file-preview]').analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);

  // Closed and opened again, it goes on where it stood (not near either end).
  expect(await pausedOf(video)).toBe(true);
  await player.getByRole('slider', { name: 'Seek' }).fill('8');
  await expect.poll(() => timeOf(video)).toBeCloseTo(8, 0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('file-preview')).toBeHidden();
  await item(page, 'clip.mp4').dblclick();
  const again = page.getByTestId('file-preview').getByTestId('preview-video');
  await expect.poll(() => timeOf(again), { timeout: 10_000 }).toBeGreaterThanOrEqual(7.5);
  await again.evaluate((element) => (element as HTMLVideoElement).pause());
  for (const name of ['player-mount', 'set-video-freeze', 'close-video-player', 'player-restore']) {
    await expect.poll(() => events.join('\n'), { timeout: 15_000 }).toContain(name);
  }

  // In Japanese the controls and menus speak Japanese.
  await page.keyboard.press('Escape');
  await page.goto('/ja/drive/all');
  await item(page, 'clip.mp4').dblclick();
  const japanese = page.getByTestId('video-player');
  await expect(japanese).toHaveAccessibleName('動画プレーヤー');
  await japanese.getByRole('button', { name: '設定' }).click();
  await expect(page.getByRole('menu', { name: '設定' })).toContainText('再生速度');
  await expect(page.getByRole('menuitemradio', { name: '標準' })).toBeVisible();
});

test('on a 390 px phone the player fits and a double tap on either side seeks', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const clip = makeH264Mp4(clipSeconds);
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  const email = newEmail();
  await signUpInEnglish(page, email, 'player phone 42');
  const request = await apiRequest.newContext({ baseURL });
  const token = await tokenOf(baseURL ?? '', email, 'player phone 42');
  await uploadFile(request, token, '', { name: 'clip.mp4', mimeType: 'video/mp4', buffer: clip });
  await request.dispose();
  await page.reload();
  await item(page, 'clip.mp4').dblclick();
  const player = page.getByTestId('file-preview').getByTestId('video-player');
  const video = player.getByTestId('preview-video');
  await expect(player).toBeVisible();
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState))
    .toBeGreaterThan(0);
  await video.evaluate((element) => {
    const media = element as HTMLVideoElement;
    media.muted = true;
    media.pause();
    media.currentTime = 2;
  });
  await expect.poll(() => timeOf(video)).toBeCloseTo(2, 0);

  // Every control is on the screen.
  const fullscreen = player.getByRole('button', { name: 'Full screen' });
  await expect(fullscreen).toBeVisible();
  const box = await fullscreen.boundingBox();
  expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);

  // A double tap on the right third goes ten seconds on, on the left third ten back.
  const area = await player.boundingBox();
  if (!area) {
    throw new Error('the player has no box');
  }
  const y = area.y + area.height / 3;
  await page.touchscreen.tap(area.x + area.width * 0.85, y);
  await page.touchscreen.tap(area.x + area.width * 0.85, y);
  await expect.poll(() => timeOf(video)).toBeCloseTo(12, 0);
  await page.touchscreen.tap(area.x + area.width * 0.15, y);
  await page.touchscreen.tap(area.x + area.width * 0.15, y);
  await expect.poll(() => timeOf(video)).toBeCloseTo(2, 0);
  await context.close();
});

test('a visitor of a share plays the clip in the same player, with its keys', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { visitor, page, player, video } = await visitorOfShare(
    browser,
    baseURL,
    'player share 42',
    [
      { name: 'clip.mp4', mimeType: 'video/mp4', buffer: makeH264Mp4(clipSeconds) },
      { name: 'clip.en.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(sidecarSrt) },
    ],
    'clip.mp4',
  );
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await player.focus();
  await page.keyboard.press('m');
  if (await pausedOf(video)) {
    await page.keyboard.press('k');
  }
  await expect.poll(() => timeOf(video), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await page.keyboard.press('k');
  await expect.poll(() => pausedOf(video)).toBe(true);
  await player.getByRole('slider', { name: 'Seek' }).fill('12');
  await expect.poll(() => timeOf(video)).toBeCloseTo(12, 0);
  await player.focus();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => timeOf(video)).toBeCloseTo(7, 0);

  // The subtitle beside the video comes through the share too.
  await player.getByRole('button', { name: 'Subtitles' }).click();
  await page.getByRole('menuitemradio', { name: 'clip.en.srt' }).click();
  await expect.poll(() => shownCueText(video)).toContain('Hello from beside the video');
  await visitor.close();
});

test('subtitles beside the video, one picked from the drive, remembered, and seek-bar thumbnails', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = newEmail();
  const password = 'player subtitles 42';
  await signUpInEnglish(page, email, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  const request = await apiRequest.newContext({ baseURL });
  for (const file of [
    { name: 'clip.mp4', mimeType: 'video/mp4', buffer: makeH264Mp4(clipSeconds) },
    { name: 'clip.en.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(sidecarSrt) },
    { name: 'german notes.vtt', mimeType: 'text/vtt', buffer: Buffer.from(pickedVtt) },
  ]) {
    await uploadFile(request, token, '', file);
  }
  await request.dispose();
  await page.reload();
  await item(page, 'clip.mp4').dblclick();
  const player = page.getByTestId('file-preview').getByTestId('video-player');
  const video = player.getByTestId('preview-video');
  await expect(player).toBeVisible();
  await video.evaluate((element) => {
    (element as HTMLVideoElement).muted = true;
  });

  // The sidecar is in the menu; chosen, its cues show; c hides and shows them again.
  await player.getByRole('button', { name: 'Subtitles' }).click();
  await page.getByRole('menuitemradio', { name: 'clip.en.srt' }).click();
  await expect.poll(() => shownCueText(video)).toContain('Hello from beside the video');
  await player.focus();
  await page.keyboard.press('c');
  await expect.poll(() => shownCueText(video)).toBe('');
  await page.keyboard.press('c');
  await expect.poll(() => shownCueText(video)).toContain('Hello from beside the video');

  // The choice is the member's: with this browser's copy gone, the server's brings it back.
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.removeItem('nimbus.player.preferences'));
  await page.reload();
  await item(page, 'clip.mp4').dblclick();
  const reopened = page.getByTestId('file-preview').getByTestId('preview-video');
  await expect
    .poll(() => shownCueText(reopened), { timeout: 15_000 })
    .toContain('Hello from beside the video');

  // Another subtitle file of the drive, picked from the menu, joins the list and shows.
  const again = page.getByTestId('file-preview').getByTestId('video-player');
  await again.getByRole('button', { name: 'Subtitles' }).click();
  await page.getByRole('menuitem', { name: 'Choose a subtitle file from your drive…' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose a subtitle file' });
  await picker.getByRole('button', { name: 'german notes.vtt' }).click();
  await expect(picker).toBeHidden();
  await expect.poll(() => shownCueText(reopened)).toContain('Hallo aus einer anderen Datei');

  // Over the seek bar, the storyboard's picture of that time, a sprite the content origin serves.
  const seek = again.getByRole('slider', { name: 'Seek' });
  const box = await seek.boundingBox();
  await page.mouse.move(
    (box?.x ?? 0) + (box?.width ?? 0) / 2,
    (box?.y ?? 0) + (box?.height ?? 0) / 2,
  );
  const thumbnail = again.getByTestId('player-thumbnail');
  await expect(thumbnail).toBeVisible({ timeout: 15_000 });
  const sprite = await thumbnail.evaluate(
    (element) => /url\("(.*)"\)/.exec((element as HTMLElement).style.backgroundImage)?.[1] ?? '',
  );
  const served = await page.request.get(sprite);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toContain('image/jpeg');
});
