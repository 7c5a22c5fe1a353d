import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { item } from '../support/drive-items';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { makeH264Ac3Mkv, makeHevcMp4 } from '../support/test-media';
import {
  playMuted,
  shownCueText,
  timeOf,
  viewerPlayer,
  visitorOfShare,
} from '../support/video-player';

/*
 * Videos this Chromium cannot play as they are, made by ffmpeg: an MKV with H.264 and two AC3
 * audio streams (remuxed to HLS) and an HEVC MP4 (transcoded to H.264), played through hls.js.
 * Each plays, a seek to the middle plays within a few seconds, the SRT beside the MKV shows its
 * cues over the HLS playback, the quality and the audio stream can be switched; the same on a
 * share page for a visitor.
 */

const seconds = 20;

const sidecar = {
  name: 'film.en.srt',
  mimeType: 'application/x-subrip',
  buffer: Buffer.from('1\n00:00:00,000 --> 00:00:19,500\nHello from beside the film\n'),
};

/** Picks the SRT beside the film in the subtitle menu and waits for its cue to show. */
async function showSidecar(page: Page, player: Locator, video: Locator): Promise<void> {
  await player.getByRole('button', { name: 'Subtitles' }).click();
  await page.getByRole('menuitemradio', { name: sidecar.name }).click();
  await expect.poll(() => shownCueText(video)).toContain('Hello from beside the film');
}

/** Every playlist URL the page asks for from now on. */
function playlistsOf(page: Page): string[] {
  const playlists: string[] = [];
  page.on('request', (request) => {
    if (/\.m3u8(\?|$)/.test(new URL(request.url()).pathname + '?')) {
      playlists.push(request.url());
    }
  });
  return playlists;
}

/** Whether a playlist of audio stream 1 (the French one) was asked for. */
const asksFrench = (urls: string[]) =>
  urls.some(
    (url) =>
      new URL(url).pathname.endsWith('/hls/audio.m3u8') &&
      new URL(url).searchParams.get('audio') === '1',
  );

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
      sidecar,
    ]);
  await expect(item(page, 'hevc.mp4')).toBeVisible({ timeout: 30_000 });
  await expect(item(page, 'film.mkv')).toBeVisible({ timeout: 30_000 });
  await expect(item(page, sidecar.name)).toBeVisible({ timeout: 30_000 });
  const playlists = playlistsOf(page);

  // The MKV: a remux, with its two audio streams.
  const { player, video } = await playInViewer(page, 'film.mkv');
  // hls.js plays the master playlist, every rendition a level of it, and picks among them.
  expect(new URL(playlists[0] ?? 'http://none/').pathname).toMatch(/\/hls\/master\.m3u8$/);
  expect(playlists.some((url) => new URL(url).pathname.endsWith('/hls/video.m3u8'))).toBe(true);
  expect(playlists.some((url) => new URL(url).pathname.endsWith('/hls/audio.m3u8'))).toBe(true);
  await seekToMiddle(player, video);
  await showSidecar(page, player, video);
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
  await expect.poll(() => asksFrench(playlists.slice(beforeAudio))).toBe(true);
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

test('a visitor plays a shared MKV (H.264 + AC3) through the share’s HLS links: seek, subtitles, audio stream, quality', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const { visitor, page, player, video } = await visitorOfShare(
    browser,
    baseURL,
    'player hls share 42',
    [{ name: 'film.mkv', mimeType: 'video/x-matroska', buffer: makeH264Ac3Mkv(seconds) }, sidecar],
    'film.mkv',
  );
  const playlists = playlistsOf(page);
  await playMuted(video);
  await seekToMiddle(player, video);
  // The SRT shared beside the film shows its cues over the share's HLS playback.
  await showSidecar(page, player, video);
  // The audio stream and the quality switch through the share's links too.
  await player.getByRole('button', { name: 'Settings' }).click();
  const beforeAudio = playlists.length;
  await page.getByRole('menuitemradio', { name: 'French' }).click();
  await expect.poll(() => asksFrench(playlists.slice(beforeAudio))).toBe(true);
  await player.getByRole('button', { name: 'Settings' }).click();
  const requested = playlists.length;
  await page.getByRole('menuitemradio', { name: '480p' }).click();
  await expect
    .poll(() => playlists.slice(requested).some((url) => url.includes('/hls/video.m3u8')))
    .toBe(true);
  const atSwitch = await timeOf(video);
  await expect.poll(() => timeOf(video), { timeout: 30_000 }).toBeGreaterThan(atSwitch + 0.5);
  await visitor.close();
});
