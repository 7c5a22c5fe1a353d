import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { item } from '../support/drive-items';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { makeH264Ac3Mkv, makeHevcMp4 } from '../support/test-media';
import { playMuted, timeOf, viewerPlayer, visitorOfShare } from '../support/video-player';

/*
 * Videos this Chromium cannot play as they are, made by ffmpeg: an MKV with H.264 and two AC3
 * audio streams (remuxed to HLS) and an HEVC MP4 (transcoded to H.264), played through hls.js.
 * Each plays, a seek to the middle plays within a few seconds, the quality and the audio stream
 * can be switched; the MKV plays on a share page for a visitor too.
 */

const seconds = 20;

/** Opens a drive file in the viewer, muted, and waits until it plays. */
async function playInViewer(
  page: Page,
  name: string,
): Promise<{ player: Locator; video: Locator }> {
  await item(page, name).dblclick();
  const { player, video } = await viewerPlayer(page);
  await playMuted(video);
  expect(await video.evaluate((element) => (element as HTMLVideoElement).error)).toBeNull();
  return { player, video };
}

/** Seeks with the seek bar to the middle and waits until it plays on from there. */
async function seekToMiddle(player: Locator, video: Locator): Promise<void> {
  await player.getByRole('slider', { name: 'Seek' }).fill(String(seconds / 2));
  await expect.poll(() => timeOf(video), { timeout: 10_000 }).toBeGreaterThan(seconds / 2 + 0.3);
}

test('an H.264 + AC3 MKV and an HEVC MP4 play through HLS: seek, quality, audio stream', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signUpInEnglish(page, newEmail(), 'player hls 42');
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles([
      { name: 'film.mkv', mimeType: 'video/x-matroska', buffer: makeH264Ac3Mkv(seconds) },
      { name: 'hevc.mp4', mimeType: 'video/mp4', buffer: makeHevcMp4(seconds) },
    ]);
  await expect(item(page, 'hevc.mp4')).toBeVisible({ timeout: 30_000 });
  await expect(item(page, 'film.mkv')).toBeVisible({ timeout: 30_000 });
  const playlists: string[] = [];
  page.on('request', (request) => {
    if (/\.m3u8(\?|$)/.test(new URL(request.url()).pathname + '?')) {
      playlists.push(request.url());
    }
  });

  // The MKV: a remux, with its two audio streams.
  const { player, video } = await playInViewer(page, 'film.mkv');
  // hls.js plays the master playlist, every rendition a level of it, and picks among them.
  expect(new URL(playlists[0] ?? 'http://none/').pathname).toMatch(/\/hls\/master\.m3u8$/);
  expect(playlists.some((url) => new URL(url).pathname.endsWith('/hls/video.m3u8'))).toBe(true);
  expect(playlists.some((url) => new URL(url).pathname.endsWith('/hls/audio.m3u8'))).toBe(true);
  await seekToMiddle(player, video);
  await player.getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('menu', { name: 'Settings' });
  await expect(settings.getByRole('menuitemradio', { name: 'Auto' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(settings.getByRole('menuitemradio', { name: 'English' })).toBeVisible();
  const before = await timeOf(video);
  const beforeAudio = playlists.length;
  await settings.getByRole('menuitemradio', { name: 'French' }).click();
  // hls.js switches to the French audio rendition of the same master playlist.
  await expect
    .poll(() =>
      playlists
        .slice(beforeAudio)
        .some(
          (url) =>
            new URL(url).pathname.endsWith('/hls/audio.m3u8') &&
            new URL(url).searchParams.get('audio') === '1',
        ),
    )
    .toBe(true);
  expect(playlists.slice(beforeAudio).some((url) => url.includes('/hls/master.m3u8'))).toBe(false);
  // The new stream goes on from where the old one stood, and plays.
  await expect.poll(() => timeOf(video), { timeout: 15_000 }).toBeGreaterThan(before + 0.5);
  await player.getByRole('button', { name: 'Settings' }).click();
  const lower = page.getByRole('menuitemradio', { name: '480p' });
  await expect(lower).toBeVisible();
  const atSwitch = await timeOf(video);
  const requested = playlists.length;
  await lower.click();
  await expect.poll(() => playlists.length).toBeGreaterThan(requested);
  // The 480p level of the same master playlist: its media playlist, no new master.
  expect(playlists.slice(requested).every((url) => url.includes('/hls/video.m3u8'))).toBe(true);
  await expect.poll(() => timeOf(video), { timeout: 30_000 }).toBeGreaterThan(atSwitch + 0.5);
  expect(Math.abs((await timeOf(video)) - atSwitch)).toBeLessThan(15);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('file-preview')).toBeHidden();

  // The HEVC MP4: transcoded, since this Chromium has no HEVC.
  const hevc = await playInViewer(page, 'hevc.mp4');
  await seekToMiddle(hevc.player, hevc.video);
});

test('a visitor plays a shared MKV (H.264 + AC3) through the share’s HLS links', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { visitor, player, video } = await visitorOfShare(
    browser,
    baseURL,
    'player hls share 42',
    [{ name: 'film.mkv', mimeType: 'video/x-matroska', buffer: makeH264Ac3Mkv(seconds) }],
    'film.mkv',
  );
  await playMuted(video);
  await seekToMiddle(player, video);
  await visitor.close();
});
