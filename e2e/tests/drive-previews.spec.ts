import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * The drive's viewer in Chromium, against the real server: files uploaded through the upload
 * button open full screen; an image (drawn on a canvas in the page) shows and zooms, a WebM
 * (recorded from a canvas with MediaRecorder) plays, code shows as plain text with line numbers
 * and never as HTML; arrow keys page through them and Esc closes.
 */

/** A one-second WebM recorded from a canvas in the page (VP8, which Chromium plays). */
async function recordWebm(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 120;
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no canvas');
    }
    document.body.append(canvas);
    // Frames are pushed by hand: a headless page may not paint on its own.
    const stream = canvas.captureStream(0);
    const [track] = stream.getVideoTracks() as CanvasCaptureMediaStreamTrack[];
    const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start(100);
    for (let frame = 0; frame < 40; frame += 1) {
      context.fillStyle = `hsl(${(frame * 9) % 360} 70% 50%)`;
      context.fillRect(0, 0, 160, 120);
      context.fillStyle = '#ffffff';
      context.fillRect(frame * 3, 40, 20, 20);
      track?.requestFrame();
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
    recorder.stop();
    await stopped;
    canvas.remove();
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) {
      binary += String.fromCharCode(byte);
    }
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test('the viewer shows an image, plays a video and shows text, with keys and Esc', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpInEnglish(page, newEmail(), 'preview horse 42');
  const webm = await recordWebm(page);
  expect(webm.length).toBeGreaterThan(1000);
  const canvasPng = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 30;
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no canvas');
    }
    context.fillStyle = '#e4572e';
    context.fillRect(0, 0, 40, 30);
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  });
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles([
      { name: 'a-red.png', mimeType: 'image/png', buffer: Buffer.from(canvasPng, 'base64') },
      { name: 'b-clip.webm', mimeType: 'video/webm', buffer: webm },
      {
        name: 'c-code.py',
        mimeType: 'text/plain',
        buffer: Buffer.from('const a = 1;\n<b>not bold</b>\n'),
      },
    ]);
  const panel = page.getByTestId('upload-panel');
  await expect(panel.locator('[data-testid=upload-entry][data-status=done]')).toHaveCount(3, {
    timeout: 30_000,
  });
  await expect(item(page, 'b-clip.webm')).toBeVisible();

  // The listing's order decides next and previous: name A to Z, so that uploads finishing in
  // any order and the listing's refresh cannot reorder it under the test.
  await page.getByRole('button', { name: 'Sort by' }).click();
  await page.getByRole('menuitemradio', { name: 'Name (A to Z)' }).click();
  const names = () =>
    page
      .locator('[data-testid=drive-item][data-kind=file]')
      .evaluateAll((items) => items.map((element) => (element as HTMLElement).dataset.name ?? ''));
  await expect.poll(names).toEqual(['a-red.png', 'b-clip.webm', 'c-code.py']);
  const order = await names();
  const viewer = page.getByTestId('file-preview');
  const checks: Record<string, () => Promise<void>> = {
    'a-red.png': async () => {
      const image = viewer.getByTestId('preview-image');
      await expect(image).toBeVisible();
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(40);
      await viewer.getByRole('button', { name: 'Zoom in' }).click();
      await expect(viewer).toContainText('150%');
    },
    'b-clip.webm': async () => {
      const video = viewer.getByTestId('preview-video');
      await expect(video).toBeVisible();
      await video.evaluate(async (element) => {
        const player = element as HTMLVideoElement;
        player.muted = true;
        await player.play();
      });
      await expect
        .poll(() => video.evaluate((element) => (element as HTMLVideoElement).currentTime))
        .toBeGreaterThan(0);
    },
    'c-code.py': async () => {
      // Shown as text with line numbers, never as HTML.
      await expect(viewer.getByTestId('preview-text')).toHaveText(
        'const a = 1;\n<b>not bold</b>\n',
      );
      await expect(viewer.locator('b')).toHaveCount(0);
    },
  };
  const [first = '', second = '', third = ''] = order;

  await item(page, first).dblclick();
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('heading', { name: first })).toBeVisible();
  await expect(viewer).toContainText('1 of 3');
  // The backdrop hides the page behind it whole: no header or "Sign in" shows through.
  const backdrop = await page.evaluate(() => {
    const content = document.querySelector('[data-testid="file-preview"]');
    const overlay = content?.previousElementSibling;
    return overlay ? getComputedStyle(overlay).backgroundColor : '';
  });
  // A colour without an alpha part (`lab(3 -0.1 -2)`, not `lab(3 -0.1 -2 / 0.95)`).
  expect(backdrop).toMatch(/^(rgb|lab|oklch|oklab)\([^/]*\)$/);
  await checks[first]?.();
  // → with the keyboard (focus back on the dialog, away from any player), then the button.
  await viewer.getByRole('heading', { name: first }).click();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByRole('heading', { name: second })).toBeVisible();
  await checks[second]?.();
  await viewer.getByRole('button', { name: 'Next file' }).click();
  await expect(viewer.getByRole('heading', { name: third })).toBeVisible();
  await expect(viewer).toContainText('3 of 3');
  await checks[third]?.();
  await expect(viewer.getByRole('button', { name: 'Next file' })).toBeHidden();

  // ← back, then Esc closes the viewer and focus leaves it.
  await viewer.getByRole('heading', { name: third }).click();
  await page.keyboard.press('ArrowLeft');
  await expect(viewer.getByRole('heading', { name: second })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(page.getByTestId('drive-listing')).toBeFocused();
});

/** A one-page PDF whose page is a red rectangle, written by hand (no library needed). */
function redPdf(): Buffer {
  const content = '1 0 0 rg 20 20 560 760 re f';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 4 0 R /Resources << >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(text.length);
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  text += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

test('a PDF shows in the viewer, inline from the content origin under its sandbox', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'preview horse 42');
  await page.getByTestId('upload-files-input').first().setInputFiles({
    name: 'red.pdf',
    mimeType: 'application/pdf',
    buffer: redPdf(),
  });
  await expect(item(page, 'red.pdf')).toBeVisible();

  const served = page.waitForResponse(
    (response) =>
      response.url().includes('/content/v1/') && response.url().includes('disposition=inline'),
  );
  await item(page, 'red.pdf').dblclick();
  const viewer = page.getByTestId('file-preview');
  const frame = viewer.getByTestId('preview-pdf');
  await expect(frame).toBeVisible();
  // Inline only because PDF is inert under the sandbox every content answer carries.
  const response = await served;
  // Read again outside the page: once the drive's service worker controls the page, Chromium
  // reports a navigation it let through without the security headers the server sent.
  const headers = (await page.request.get(response.url())).headers();
  expect(headers['content-type']).toBe('application/pdf');
  expect(headers['content-disposition']).toMatch(/^inline;/);
  expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(headers['x-content-type-options']).toBe('nosniff');

  // Chromium's own viewer draws the page: the middle of the frame turns red.
  await expect
    .poll(
      async () => {
        const shot = await frame.screenshot();
        return page.evaluate(async (base64) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          canvas.width = image.width;
          canvas.height = image.height;
          const context = canvas.getContext('2d');
          if (!context) {
            return 0;
          }
          context.drawImage(image, 0, 0);
          const { data } = context.getImageData(0, 0, image.width, image.height);
          let red = 0;
          for (let index = 0; index < data.length; index += 4) {
            if (
              (data[index] ?? 0) > 200 &&
              (data[index + 1] ?? 0) < 60 &&
              (data[index + 2] ?? 0) < 60
            ) {
              red += 1;
            }
          }
          return red / (data.length / 4);
        }, shot.toString('base64'));
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0.1);
});
