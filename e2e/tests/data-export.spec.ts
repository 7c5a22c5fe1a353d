import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, request as apiRequest, test } from '@playwright/test';
import { unzip } from '../../apps/server/test/support/zip';
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
  const photo = randomBytes(200_000);
  await uploadFile(api, token, '', { name: 'holiday.txt', mimeType: 'text/plain', buffer: bytes });
  await uploadFile(api, token, '', { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: photo });
  await api.dispose();

  await page.goto('/drive/account');
  const panel = page.getByTestId('data-export');
  // The panel renders in the browser only, once it has asked where the export stands.
  await expect(panel).toHaveAttribute('data-phase', 'none');
  await panel.getByRole('button', { name: 'Export my data' }).click();
  await expect(panel).toHaveAttribute('data-phase', /pending|running|ready/);
  await expect(panel).toHaveAttribute('data-phase', 'ready', { timeout: 15_000 });
  await expect(panel).toContainText('Your export is ready: 2 files');
  await expect(panel).toContainText('The download link works until');

  const downloading = page.waitForEvent('download');
  await panel.getByTestId('data-export-download').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^nimbus-export-\d{4}-\d{2}-\d{2}\.zip$/);
  // The zip holds the account's JSON and each file byte for byte (its CRC-32 checked too).
  const entries = await unzip(await readFile(await download.path()));
  expect([...entries.keys()].sort()).toEqual([
    'Drive/beach.jpg',
    'Drive/holiday.txt',
    'nimbus-account.json',
  ]);
  expect((entries.get('Drive/holiday.txt') as Buffer).equals(bytes)).toBe(true);
  expect((entries.get('Drive/beach.jpg') as Buffer).equals(photo)).toBe(true);

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
