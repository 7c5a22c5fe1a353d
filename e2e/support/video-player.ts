import type { Browser, Locator, Page } from '@playwright/test';
import { request as apiRequest, expect } from '@playwright/test';
import { createShare, signedUpMember, tokenOf, uploadFile } from './drive-seed';

/*
 * What the video player's tests share: the player of the open viewer, the video's clock, and a
 * share of uploaded files opened by a visitor.
 */

export const timeOf = (video: Locator) =>
  video.evaluate((element) => (element as HTMLVideoElement).currentTime);

/** The texts of the cues of the subtitle track shown, or "" when none shows. */
export const shownCueText = (video: Locator) =>
  video.evaluate((element) => {
    const shown = Array.from((element as HTMLVideoElement).textTracks).find(
      (track) => track.mode === 'showing',
    );
    return Array.from(shown?.cues ?? [])
      .map((cue) => (cue as VTTCue).text)
      .join('\n');
  });

/** The player of the viewer open on the page and its video, once the player shows. */
export async function viewerPlayer(page: Page): Promise<{ player: Locator; video: Locator }> {
  const player = page.getByTestId('file-preview').getByTestId('video-player');
  await expect(player).toBeVisible();
  return { player, video: player.getByTestId('preview-video') };
}

/** Mutes the video (autoplay with sound is refused) and plays it until it runs. */
export async function playMuted(video: Locator): Promise<void> {
  await video.evaluate((element) => {
    (element as HTMLVideoElement).muted = true;
  });
  await expect
    .poll(
      async () => {
        await video.evaluate((element) =>
          (element as HTMLVideoElement).play().catch(() => undefined),
        );
        return timeOf(video);
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0.5);
}

/**
 * A new member shares the files uploaded here; a visitor (a browser context of its own, closed by
 * the caller) opens the share page and the file named `open` in its viewer.
 */
export async function visitorOfShare(
  browser: Browser,
  baseURL: string | undefined,
  password: string,
  files: { name: string; mimeType: string; buffer: Buffer }[],
  open: string,
) {
  const email = await signedUpMember(browser, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  const request = await apiRequest.newContext({ baseURL });
  const ids: string[] = [];
  for (const file of files) {
    ids.push(await uploadFile(request, token, '', file));
  }
  const { share_id: shareId } = await createShare(request, token, ids);
  await request.dispose();

  const visitor = await browser.newContext({ baseURL });
  const page = await visitor.newPage();
  await page.goto(`/s/${shareId}`);
  await page
    .locator(`[data-testid=share-item][data-name="${open}"]`)
    .getByTestId('share-open')
    .click();
  return { visitor, page, ...(await viewerPlayer(page)) };
}
