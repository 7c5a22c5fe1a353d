import { Transform, type Readable, type TransformCallback } from 'node:stream';
import {
  createZipArchive,
  type ZipArchive,
  type ZipBuffer,
  type ZipEntry,
} from '../content/zip-archive';
import type { DriveItem, ExportEntry } from './data-export.repository';

/** The folder of the zip the drive's items go in; the account's JSON sits beside it. */
export const driveFolder = 'Drive';

/** The name of the account's JSON at the root of the zip. */
export const accountJsonName = 'nimbus-account.json';

/**
 * The entries of a drive's zip, parents before children and each folder's items by name: every
 * live folder (empty ones kept) and every stored file, under `Drive/`. Items whose parent is not
 * in the drive (a folder in the trash) are left out with it.
 */
export function exportEntries(items: readonly DriveItem[]): ExportEntry[] {
  const children = new Map<string, DriveItem[]>();
  for (const item of items) {
    const siblings = children.get(item.parentId);
    if (siblings) {
      siblings.push(item);
    } else {
      children.set(item.parentId, [item]);
    }
  }
  for (const siblings of children.values()) {
    siblings.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  const entries: ExportEntry[] = [];
  // Depth first without recursion: a deep tree cannot exhaust the stack.
  const stack: { item: DriveItem; path: string }[] = (children.get('') ?? [])
    .map((item) => ({ item, path: `${driveFolder}/${item.name}` }))
    .reverse();
  while (stack.length > 0) {
    const { item, path } = stack.pop() as { item: DriveItem; path: string };
    if (item.kind === 'folder') {
      entries.push({ path, kind: 'folder', sha256: null, size: 0, modifiedAt: item.modifiedAt });
      const inside = children.get(item.id) ?? [];
      for (let index = inside.length - 1; index >= 0; index -= 1) {
        const child = inside[index] as DriveItem;
        stack.push({ item: child, path: `${path}/${child.name}` });
      }
      continue;
    }
    if (item.sha256 === null || item.phase !== 'PHASE_TYPE_COMPLETE') {
      continue;
    }
    entries.push({
      path,
      kind: 'file',
      sha256: item.sha256,
      size: item.size,
      modifiedAt: item.modifiedAt,
    });
  }
  return entries;
}

function zipEntriesOf(entries: readonly ExportEntry[]): ZipEntry[] {
  return entries.map((entry) => ({
    path: entry.path,
    record: {
      kind: entry.kind,
      modifiedAt: entry.modifiedAt,
      sha256: entry.sha256,
      phase: 'PHASE_TYPE_COMPLETE',
      size: entry.size,
    },
  }));
}

/** The zip of an export: the account's JSON, then the drive. Same manifest, same bytes. */
export function exportArchive(
  entries: readonly ExportEntry[],
  accountJson: { data: Buffer; mtime: Date },
  open: (sha256: string) => Promise<Readable>,
): Promise<ZipArchive> {
  const buffers: ZipBuffer[] = [{ path: accountJsonName, ...accountJson }];
  return createZipArchive(zipEntriesOf(entries), open, buffers);
}

/** The length of an export's zip, reckoned without reading a byte of any blob. */
export async function exportArchiveSize(
  entries: readonly ExportEntry[],
  accountJson: { data: Buffer; mtime: Date },
): Promise<number> {
  // The size is known once the entries are listed; no blob is ever opened (the opener waits).
  const archive = await exportArchive(entries, accountJson, () => new Promise<never>(() => {}));
  archive.stream.destroy();
  return archive.size;
}

/**
 * Bytes `start` to `end` (inclusive) of a stream: those before are read and dropped, and the
 * source is destroyed once `end` has passed, so nothing after the range is read.
 */
export function byteWindow(source: Readable, start: number, end: number): Readable {
  let position = 0;
  let isDone = false;
  const window = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (isDone) {
        callback();
        return;
      }
      const from = Math.max(0, start - position);
      const to = Math.min(chunk.length, end + 1 - position);
      position += chunk.length;
      if (to > from) {
        this.push(chunk.subarray(from, to));
      }
      if (position > end) {
        isDone = true;
        this.push(null);
        source.unpipe(window);
        source.destroy();
      }
      callback();
    },
  });
  source.on('error', (error) => window.destroy(error));
  // A client gone before the end closes the window: the source goes with it.
  window.once('close', () => source.destroy());
  return source.pipe(window);
}
