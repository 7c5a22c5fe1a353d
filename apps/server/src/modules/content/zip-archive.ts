import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileRecord } from '../drive/file.repository';

/** An item of a zip: a folder or a stored file, with its path inside the archive. */
export interface ZipEntry {
  record: FileRecord;
  path: string;
}

/** A zip being written as it is read. */
export interface ZipArchive {
  stream: Readable;
  /** Exact length in bytes, known before the first byte (entries are stored, not deflated). */
  size: number;
}

/** A path yazl accepts: no drive-letter look at its start (`C:` would read as absolute). */
function archivePath(path: string): string {
  return path.replace(/^([A-Za-z]):/, '$1_');
}

/**
 * Streams a zip of `entries`: folders as directory entries (empty ones kept), files read from
 * the blob store one at a time, only when the archive reaches them, so memory stays flat
 * whatever the selection weighs. Entries are stored rather than deflated (most drive content
 * is compressed already, and the size is known in advance for `Content-Length`); names are
 * UTF-8 with the language-encoding flag, and ZIP64 records appear as soon as an entry or the
 * archive passes 4 GiB.
 */
export function createZipArchive(entries: ZipEntry[], open: (sha256: string) => Promise<Readable>): Promise<ZipArchive> {
  const zip = new ZipFile();
  for (const { record, path } of entries) {
    const mtime = new Date(record.modifiedAt);
    if (record.kind === 'folder') {
      zip.addEmptyDirectory(`${archivePath(path)}/`, { mtime });
      continue;
    }
    const sha256 = record.sha256;
    if (sha256 === null || record.phase !== 'PHASE_TYPE_COMPLETE') {
      continue;
    }
    zip.addReadStreamLazy(archivePath(path), { mtime, compress: false, size: record.size }, (callback) => {
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
