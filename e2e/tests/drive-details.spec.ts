import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { createShare, newFolder, tokenOf, uploadFile } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * What the drive tells of one item in Chromium against the real server: a PDF's grid tile shows
 * a picture of its first page (drawn by Poppler on the server), and the details panel (a side
 * panel on a computer, a bottom sheet on a phone) shows an item's facts, place and links.
 */

const password = 'details horse 42';

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
  await signUpInEnglish(page, newEmail(), password);
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

/** A 40×30 PNG drawn on a canvas in the page. */
async function canvasPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 30;
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no canvas');
    }
    context.fillStyle = '#2e86e4';
    context.fillRect(0, 0, 40, 30);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}

/** A member with a picture in a folder "Reports", shared by one link; the folder's id. */
async function seededMember(page: Page, request: APIRequestContext, baseURL: string) {
  const email = newEmail();
  await signUpInEnglish(page, email, password);
  const token = await tokenOf(baseURL, email, password);
  const folder = await newFolder(request, token, 'Reports', '');
  const picture = await uploadFile(request, token, folder, {
    name: 'chart.png',
    mimeType: 'image/png',
    buffer: await canvasPng(page),
  });
  const share = await createShare(request, token, [picture]);
  return { folder, share };
}

test('the details panel shows an item’s facts, place and links, from the menu and the keyboard', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { folder, share } = await seededMember(page, request, baseURL ?? '');
  await page.goto(`/drive/all?folder=${folder}`);
  const chart = item(page, 'chart.png');
  await chart.hover();
  await chart.getByTestId('item-more').click();
  await page.getByRole('menuitem', { name: 'Details' }).click();

  const panel = page.getByTestId('details-panel');
  await expect(panel.getByRole('heading', { name: 'chart.png' })).toBeVisible();
  await expect(panel.getByTestId('details-type')).toContainText(/image\/png|PNG/);
  await expect(panel.getByTestId('details-size')).toContainText('bytes');
  await expect(panel.getByTestId('details-dimensions')).toContainText('40 × 30 pixels');
  await expect(panel.getByTestId('details-hash')).toContainText(/[0-9A-F]{40}/);
  await expect(panel.getByTestId('details-created')).not.toBeEmpty();
  await expect(panel.getByTestId('details-picture')).toBeVisible();
  const links = panel.getByTestId('details-share');
  await expect(links).toHaveCount(1);
  await expect(links).toContainText(`/s/${share.share_id}`);
  await expect(links).toContainText('0 views');
  await expect(links).toContainText('Never expires');
  // A side panel at the right edge on a computer.
  const viewport = page.viewportSize();
  const box = await panel.boundingBox();
  expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(viewport?.width);
  expect(box?.width ?? 0).toBeLessThan((viewport?.width ?? 0) / 2);

  // Each folder of the place opens it.
  const location = panel.getByTestId('details-location');
  await expect(location.getByRole('link')).toHaveText(['My files', 'Reports']);
  await location.getByRole('link', { name: 'My files' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/\/drive\/all$/);
  await expect(item(page, 'Reports')).toBeVisible();

  // `i` and Alt+Enter open the focused item's details; Esc closes them.
  await item(page, 'Reports').click();
  await page.keyboard.press('i');
  await expect(panel.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expect(panel.getByTestId('details-type')).toContainText('File folder');
  await expect(panel.getByTestId('details-size')).toHaveCount(0);
  await expect(panel.getByTestId('details-shares')).toContainText('No active link');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('drive-listing')).toBeFocused();
  await page.keyboard.press('Alt+Enter');
  await expect(panel.getByRole('heading', { name: 'Reports' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the details open from the item’s menu as a bottom sheet', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const { folder } = await seededMember(page, request, baseURL ?? '');
    await page.goto(`/drive/all?folder=${folder}`);
    await item(page, 'chart.png').getByTestId('item-more').tap();
    await page.getByRole('menuitem', { name: 'Details' }).tap();
    const panel = page.getByTestId('details-panel');
    await expect(panel.getByTestId('details-dimensions')).toContainText('40 × 30 pixels');
    const box = await panel.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(390);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
    // Nothing reaches past the screen's edge.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await panel.getByRole('button', { name: 'Close' }).tap();
    await expect(panel).toBeHidden();
  });
});
