import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { portableFileName, truncateFileName } from '@nimbus/contracts';
import type { FileRecord } from '../drive/file.repository';
import { foldName } from '../drive/file-listing';
import { numberedName } from '../drive/file.service';

/** What a zip needs to know of a folder or a stored file. */
export type ZipRecord = Pick<FileRecord, 'kind' | 'modifiedAt' | 'sha256' | 'phase' | 'size'>;

/** An item of a zip: a folder or a stored file, with its path inside the archive. */
export interface ZipEntry {
  record: ZipRecord;
  path: string;
}

/** A small file made in memory (a JSON) put at the root of a zip before its entries. */
export interface ZipBuffer {
  path: string;
  data: Buffer;
  mtime: Date;
}

/** A zip being written as it is read. */
export interface ZipArchive {
  stream: Readable;
  /** Exact length in bytes, known before the first byte (entries are stored, not deflated). */
  size: number;
}

/**
 * The paths of the entries as every common file system holds them, Windows included: each
 * segment made portable (`portableFileName`: no direction controls, `CON` as `CON_`, `C:` as
 * `C_`, no `?` or trailing dot, 255 bytes at most), and an entry whose portable name another in
 * its folder has already (Windows ignores letter case) numbered, `a_b(2).txt`. Parents come
 * before their children.
 */
export function portablePaths(entries: readonly ZipEntry[]): string[] {
  const renamed = new Map<string, string>();
  const taken = new Set<string>();
  return entries.map(({ record, path }) => {
    const cut = path.lastIndexOf('/');
    const parentPath = cut === -1 ? '' : path.slice(0, cut);
    const parent =
      renamed.get(parentPath) ??
      parentPath
        .split('/')
        .filter((segment) => segment !== '')
        .map(portableFileName)
        .join('/');
    const prefix = parent === '' ? '' : `${parent}/`;
    const base = portableFileName(path.slice(cut + 1));
    let name = base;
    for (let n = 2; taken.has(foldName(`${prefix}${name}`)); n += 1) {
      name = numberedName(truncateFileName(base, 240), record.kind, n);
    }
    taken.add(foldName(`${prefix}${name}`));
    renamed.set(path, `${prefix}${name}`);
    return `${prefix}${name}`;
  });
}

/**
 * Streams a zip of `entries`: folders as directory entries (empty ones kept), files read from
 * the blob store one at a time, only when the archive reaches them, so memory stays flat
 * whatever the selection weighs. Entries are stored rather than deflated (most drive content
 * is compressed already, and the size is known in advance for `Content-Length`); names are
 * portable (`portablePaths`), UTF-8 with the language-encoding flag, and ZIP64 records appear as soon as an entry or the
 * archive passes 4 GiB. The same entries make the same bytes every time (a data export's
 * download resumes on that). `buffers` go first, at the paths given.
 */
export function createZipArchive(
  entries: ZipEntry[],
  open: (sha256: string) => Promise<Readable>,
  buffers: readonly ZipBuffer[] = [],
): Promise<ZipArchive> {
  const zip = new ZipFile();
  for (const buffer of buffers) {
    zip.addBuffer(buffer.data, buffer.path, { mtime: buffer.mtime, compress: false });
  }
  const paths = portablePaths(entries);
  for (const [index, { record }] of entries.entries()) {
    const path = paths[index] ?? '_';
    const mtime = new Date(record.modifiedAt);
    if (record.kind === 'folder') {
      zip.addEmptyDirectory(`${path}/`, { mtime });
      continue;
    }
    const sha256 = record.sha256;
    if (sha256 === null || record.phase !== 'PHASE_TYPE_COMPLETE') {
      continue;
    }
    zip.addReadStreamLazy(path, { mtime, compress: false, size: record.size }, (callback) => {
      open(sha256).then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as never),
      );
    });
  }
  const stream = zip.outputStream as Readable;
  // A blob that cannot be read ends the download with an error rather than a short archive.
  zip.on('error', (error: Error) => stream.destroy(error));
  // The type declarations give the size callback no argument; yazl passes the total size.
  const end = zip.end.bind(zip) as (options: object, sized: (size: number) => void) => void;
  return new Promise((resolve) => {
    end({}, (size) => resolve({ stream, size }));
  });
}
