import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * What the drive tells of one file in Chromium against the real server: a PDF's grid tile shows
 * a picture of its first page (drawn by Poppler on the server).
 */

function item(page: Page, name: string) {
  return page.locator(`[data-testid=drive-item][data-name="${name}"]`);
}

/** A one-page PDF that Chromium prints from a page filled with one colour. */
async function printedPdf(page: Page): Promise<Buffer> {
  const printer = await page.context().newPage();
  await printer.setContent(
    '<body style="margin:0"><div style="height:100vh;background:#1d6fd8;color:#fff;font:40px sans-serif">Quarterly report</div></body>',
  );
  const pdf = await printer.pdf({ width: '400px', height: '300px', printBackground: true });
  await printer.close();
  return pdf;
}

test('a PDF’s grid tile shows a picture of its first page', async ({ page }) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'details horse 42');
  const pdf = await printedPdf(page);
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles([{ name: 'report.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  await expect(
    page.getByTestId('upload-panel').locator('[data-testid=upload-entry][data-status=done]'),
  ).toHaveCount(1, { timeout: 30_000 });

  await page.getByRole('button', { name: 'Layout' }).click();
  await page.getByRole('menuitemradio', { name: 'Grid' }).click();
  const picture = item(page, 'report.pdf').locator('img');
  await expect(picture).toBeVisible();
  // The picture loaded: a page 400×300 drawn within the tile's size keeps its shape.
  await expect
    .poll(() => picture.evaluate((element) => (element as HTMLImageElement).naturalWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  const shape = await picture.evaluate((element) => {
    const image = element as HTMLImageElement;
    return image.naturalWidth / image.naturalHeight;
  });
  expect(shape).toBeCloseTo(4 / 3, 1);
});
