import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { item } from '../support/drive-items';

/*
 * The drive's uploads and previews in Chromium, against the real server: a folder dropped on the
 * listing keeps its tree (folders made first, each file into its folder, form uploads for the
 * small files and tus for the large one); a reload in the middle of the tus upload goes on from
 * the server's offset (the next PATCH starts where the stored bytes end, never at 0).
 */

const MiB = 1024 * 1024;
/** The large file of the drop: several tus chunks of 8 MiB. */
const bigSize = 20 * MiB;

/**
 * Drops a folder on the drop zone. A drop made by a script cannot carry a real folder (Chromium
 * gives folder entries only to drags from the system), so the page builds real File objects and
 * hands them out through FileSystemEntry-shaped objects, as `webkitGetAsEntry` would.
 */
async function dropFolder(page: Page): Promise<void> {
  await page.getByTestId('upload-drop-zone').evaluate(async (zone, size) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext('2d');
    if (!context) {
      throw new Error('no canvas');
    }
    context.fillStyle = '#2f6fde';
    context.fillRect(0, 0, 64, 48);
    context.fillStyle = '#ffd23f';
    context.fillRect(16, 12, 32, 24);
    const png = await new Promise<Blob>((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png');
    });
    const parts: Uint8Array<ArrayBuffer>[] = [];
    for (let offset = 0; offset < size; offset += 65536) {
      parts.push(crypto.getRandomValues(new Uint8Array(Math.min(65536, size - offset))));
    }
    const files = {
      'square.png': new File([png], 'square.png', { type: 'image/png' }),
      'notes.txt': new File(['first line\nsecond line\n'], 'notes.txt', { type: 'text/plain' }),
      'big.bin': new File(parts, 'big.bin', { type: 'application/octet-stream' }),
    };
    type Entry = Record<string, unknown>;
    const fileEntry = (file: File, path: string): Entry => ({
      isFile: true,
      isDirectory: false,
      name: file.name,
      fullPath: path,
      file: (resolve: (value: File) => void) => resolve(file),
    });
    const folderEntry = (name: string, path: string, children: Entry[]): Entry => ({
      isFile: false,
      isDirectory: true,
      name,
      fullPath: path,
      createReader: () => {
        let given = false;
        return {
          readEntries: (resolve: (entries: Entry[]) => void) => {
            resolve(given ? [] : children);
            given = true;
          },
        };
      },
    });
    const tree = folderEntry('Holiday', '/Holiday', [
      fileEntry(files['square.png'], '/Holiday/square.png'),
      folderEntry('docs', '/Holiday/docs', [
        fileEntry(files['notes.txt'], '/Holiday/docs/notes.txt'),
      ]),
      fileEntry(files['big.bin'], '/Holiday/big.bin'),
    ]);
    const transfer = new DataTransfer();
    const dataTransfer = {
      types: ['Files'],
      files: transfer.files,
      dropEffect: 'none',
      effectAllowed: 'all',
      items: [{ kind: 'file', type: '', webkitGetAsEntry: () => tree, getAsFile: () => null }],
    };
    for (const type of ['dragenter', 'dragover', 'drop']) {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      zone.dispatchEvent(event);
    }
  }, bigSize);
}

test('a dropped folder keeps its tree, and a reload mid-upload goes on where it stopped', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpInEnglish(page, newEmail(), 'upload horse 42');
  await expect(page.getByTestId('drive-empty')).toBeVisible();

  // Hold the tus PATCHes of the large file after its first chunk, until the page goes away: the
  // server then has exactly that first chunk.
  const patchOffsets: number[] = [];
  let holding = true;
  let heldSeen: () => void = () => undefined;
  const secondPatch = new Promise<void>((resolve) => {
    heldSeen = resolve;
  });
  await page.route('**/drive/v1/uploads/**', async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH') {
      await route.continue();
      return;
    }
    const offset = Number(request.headers()['upload-offset']);
    patchOffsets.push(offset);
    if (holding && offset > 0) {
      // Never answered: the reload cancels it.
      heldSeen();
      return;
    }
    await route.continue();
  });

  await dropFolder(page);
  await expect(item(page, 'Holiday')).toBeVisible();
  await secondPatch;
  const panel = page.getByTestId('upload-panel');
  await expect(panel.locator('[data-testid=upload-entry][data-status=done]')).toHaveCount(2);
  await expect(panel.locator('[data-testid=upload-entry][data-status=uploading]')).toHaveCount(1);
  expect(patchOffsets).toEqual([0, 8 * MiB]);

  // Reload while the second chunk is held; the page comes back with the upload going on.
  holding = false;
  patchOffsets.length = 0;
  await page.reload();
  const restored = page.getByTestId('upload-panel');
  await expect(restored.locator('[data-testid=upload-entry]')).toHaveCount(1);
  await expect(restored.locator('[data-testid=upload-entry][data-status=done]')).toHaveCount(1, {
    timeout: 60_000,
  });
  // The first PATCH after the reload starts at the bytes the server kept, never at 0.
  expect(patchOffsets[0]).toBe(8 * MiB);
  expect(patchOffsets).not.toContain(0);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The tree is in the drive: Holiday with its image, the big file and docs/notes.txt.
  await item(page, 'Holiday').dblclick();
  await expect(item(page, 'docs')).toBeVisible();
  await expect(item(page, 'square.png')).toBeVisible();
  await expect(item(page, 'big.bin')).toBeVisible();
  const folderId = new URL(page.url()).searchParams.get('folder') ?? '';
  const listing = await page.request.get(`/drive/v1/files?parent_id=${folderId}`, {
    headers: { 'x-client-id': 'web' },
  });
  const { files } = (await listing.json()) as {
    files: { name: string; size: string; phase: string }[];
  };
  expect(files.find((file) => file.name === 'big.bin')).toMatchObject({
    size: String(bigSize),
    phase: 'PHASE_TYPE_COMPLETE',
  });
  await item(page, 'docs').dblclick();
  await expect(item(page, 'notes.txt')).toBeVisible();

  await restored.getByRole('button', { name: 'Clear finished' }).click();
  await expect(restored).toBeHidden();
});

test('a queue of 5,000 files keeps only the rows in view in the page', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpInEnglish(page, newEmail(), 'upload horse 42');
  const count = 5000;
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles(
      Array.from({ length: count }, (_, index) => ({
        name: `queued-${String(index + 1).padStart(4, '0')}.txt`,
        mimeType: 'text/plain',
        buffer: Buffer.from(`file ${index + 1}\n`),
      })),
    );
  const panel = page.getByTestId('upload-panel');
  // Hold the queue so the list stays long while it is checked.
  await panel.getByRole('button', { name: 'Pause all' }).click();
  await expect(panel.getByTestId('upload-summary')).toContainText('paused');
  const rows = panel.getByTestId('upload-entry');
  const rendered = await rows.count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(40);
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(count));

  // Scrolled to the end, the last of the 5,000 is there and the page still holds a handful.
  const list = panel.getByTestId('upload-list');
  await expect(async () => {
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(panel.locator(`[data-testid=upload-entry][aria-posinset="${count}"]`)).toBeVisible(
      { timeout: 1_000 },
    );
  }).toPass({ timeout: 20_000 });
  expect(await rows.count()).toBeLessThan(40);
});
