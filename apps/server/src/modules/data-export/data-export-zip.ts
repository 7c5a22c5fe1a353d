import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { portablePaths } from '../content/zip-archive';
import type { DriveItem, ExportEntry, StoredExportEntry } from './data-export.repository';
import { layOutZip, zipBytes, type ZipLayoutEntry } from './export-zip-layout';

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

/** The account's JSON as the zip holds it, first of its entries. */
export interface AccountJson {
  data: Buffer;
  /** Its time in the zip: when the export was asked for. */
  modifiedAt: string;
}

function accountEntry(account: AccountJson): ZipLayoutEntry {
  return {
    name: accountJsonName,
    size: account.data.length,
    crc32: crc32(account.data),
    modifiedAt: account.modifiedAt,
  };
}

function layoutEntryOf(entry: Omit<StoredExportEntry, 'offset'>): ZipLayoutEntry {
  return {
    name: entry.kind === 'folder' ? `${entry.path}/` : entry.path,
    size: entry.size,
    crc32: entry.crc32,
    modifiedAt: entry.modifiedAt,
  };
}

/**
 * Lays out an export's zip when it is built: the account's JSON, then the drive's entries under
 * portable names (`portablePaths`, as every zip of Nimbus names them), each with the CRC-32 of
 * its blob (`crcs`, by content hash) and the offset of its header. The manifest stored with them
 * fixes every byte of the zip, so a download resumes anywhere without reading what is before.
 */
export function layOutExport(
  entries: readonly ExportEntry[],
  crcs: ReadonlyMap<string, number>,
  account: AccountJson,
): { entries: StoredExportEntry[]; size: number } {
  const names = portablePaths(
    entries.map((entry) => ({
      path: entry.path,
      record: { ...entry, phase: 'PHASE_TYPE_COMPLETE' },
    })),
  );
  const named = entries.map((entry, index) => ({
    ...entry,
    path: names[index] ?? entry.path,
    crc32: entry.sha256 === null ? 0 : (crcs.get(entry.sha256) ?? 0),
  }));
  const laidOut = layOutZip([accountEntry(account), ...named.map(layoutEntryOf)]);
  return {
    entries: named.map((entry, index) => ({
      ...entry,
      offset: laidOut.entries[index + 1]?.offset ?? 0,
    })),
    size: laidOut.size,
  };
}

/**
 * Bytes `start` to `end` (inclusive) of a ready export's zip, from its stored manifest: only the
 * blobs of the entry holding `start` (from the right offset) and of those after it are read.
 */
export function exportBytes(
  manifest: { entries: readonly StoredExportEntry[]; account: AccountJson; size: number },
  open: (sha256: string, range: { start: number; end: number }) => Promise<Readable>,
  start: number,
  end: number,
): Readable {
  const { entries, account } = manifest;
  const laidOut = [
    { ...accountEntry(account), offset: 0 },
    ...entries.map((entry) => ({ ...layoutEntryOf(entry), offset: entry.offset })),
  ];
  return zipBytes(
    laidOut,
    manifest.size,
    (index, from, to) => {
      const sha256 = index === 0 ? null : (entries[index - 1]?.sha256 ?? null);
      return sha256 === null
        ? Promise.resolve(Readable.from([account.data.subarray(from, to + 1)]))
        : open(sha256, { start: from, end: to });
    },
    start,
    end,
  );
}
