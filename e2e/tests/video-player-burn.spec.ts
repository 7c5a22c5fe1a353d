import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { item } from '../support/drive-items';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { makePgsMkv } from '../support/test-media';
import { timeOf, viewerPlayer } from '../support/video-player';

/*
 * A picture subtitle (PGS) of an MKV, chosen from the player's subtitles menu, is burned into
 * the transcode: its white box shows in the video's pixels, where the plain video is black.
 */

/** The brightness (0-255) of the video's picture at its middle, drawn on a canvas. */
const middleOf = (video: Locator) =>
  video.evaluate((element) => {
    const media = element as HTMLVideoElement;
    const canvas = document.createElement('canvas');
    canvas.width = media.videoWidth;
    canvas.height = media.videoHeight;
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0) {
      return -1;
    }
    context.drawImage(media, 0, 0);
    const [red = 0, green = 0, blue = 0] = context.getImageData(
      Math.floor(canvas.width / 2),
      Math.floor(canvas.height / 2),
      1,
      1,
    ).data;
    return Math.round((red + green + blue) / 3);
  });

test('a picture subtitle picked from the menu is burned into the picture', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'player burn 42');
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles([{ name: 'film.mkv', mimeType: 'video/x-matroska', buffer: makePgsMkv(6) }]);
  await expect(item(page, 'film.mkv')).toBeVisible({ timeout: 30_000 });
  await item(page, 'film.mkv').dblclick();
  const { player, video } = await viewerPlayer(page);
  await video.evaluate((element) => {
    (element as HTMLVideoElement).muted = true;
  });
  // Paused at 1 s, inside the subtitle's time: the plain transcode is black there.
  await expect
    .poll(() => video.evaluate((element) => (element as HTMLVideoElement).readyState), {
      timeout: 20_000,
    })
    .toBeGreaterThan(1);
  await video.evaluate((element) => {
    const media = element as HTMLVideoElement;
    media.pause();
    media.currentTime = 1;
  });
  await expect.poll(() => timeOf(video)).toBeCloseTo(1, 0);
  await expect.poll(() => middleOf(video), { timeout: 10_000 }).toBeLessThan(40);

  await player.getByRole('button', { name: 'Subtitles' }).click();
  await page.getByRole('menuitemradio', { name: /\(burned in\)$/ }).click();
  await expect.poll(() => middleOf(video), { timeout: 20_000 }).toBeGreaterThan(200);
});
