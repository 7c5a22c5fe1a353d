import { readFile } from 'node:fs/promises';
import { expect, request as apiRequest, test } from '@playwright/test';
import { tokenOf, uploadFile } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/* /drive/account: "Export my data" asked for, built in the background and downloaded. */

test('a member exports their data and downloads the zip with their files in it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(30_000);
  const email = newEmail();
  const password = 'export horse 42';
  await signUpInEnglish(page, email, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  const api = await apiRequest.newContext({ baseURL });
  const bytes = Buffer.from(`holiday notes of ${email}\n`);
  await uploadFile(api, token, '', { name: 'holiday.txt', mimeType: 'text/plain', buffer: bytes });
  await api.dispose();

  await page.goto('/drive/account');
  const panel = page.getByTestId('data-export');
  // The panel renders in the browser only, once it has asked where the export stands.
  await expect(panel).toHaveAttribute('data-phase', 'none');
  await panel.getByRole('button', { name: 'Export my data' }).click();
  await expect(panel).toHaveAttribute('data-phase', /pending|running|ready/);
  await expect(panel).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
  await expect(panel).toContainText('Your export is ready: 1 file');
  await expect(panel).toContainText('The download link works until');

  const downloading = page.waitForEvent('download');
  await panel.getByTestId('data-export-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nimbus-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = await readFile(await download.path());
  // A zip starts with a local file header; entries are stored, so the file's bytes are in it.
  expect(zip.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
  expect(zip.includes(Buffer.from('Drive/holiday.txt'))).toBe(true);
  expect(zip.includes(Buffer.from('nimbus-account.json'))).toBe(true);
  expect(zip.includes(bytes)).toBe(true);

  // On a phone the section fits the screen: nothing sticks out to the side.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(async () => {
    const box = await panel.getByTestId('data-export-download').boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  }).toPass();
});
