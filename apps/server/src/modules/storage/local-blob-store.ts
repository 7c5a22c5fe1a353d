import { randomBytes } from 'node:crypto';
import { closeSync, createReadStream, createWriteStream, fsync, openSync, statSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BlobNotFoundError,
  ChecksumMismatchError,
  assertSha256,
  blobKey,
  readBufferSize,
  type BlobEntry,
  type BlobStore,
  type PutOptions,
  type ReadRange,
} from './blob-store.interface';
import { drainStream } from '../../lib/stream-drain';
import { HashingStream, SizeMismatchError, type ContentDigest } from './content-hash';
import { HashedFileWriter } from './hashed-file-writer';
import { openDirect } from './shared-slots';
import { createStreamHasher, threadedHashFrom } from './threaded-hash';

/** What the local store needs: its folder, and where to say what start-up cleaned. */
export interface LocalBlobStoreOptions {
  /** Folder of the blobs (`DATA_DIR/blobs`); temp files go to its `.tmp`, on the same disk. */
  root: string;
  logger?: { warn(message: string): void };
}

const tempDirName = '.tmp';

/** Bytes written between the background fdatasyncs of a large put (as uploads do). */
const largeFlushBytes = 32 * 1024 * 1024;

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/*
 * The store's calls that only read (stat, opening and closing a folder) are made synchronously:
 * each takes microseconds, less than the round trip to libuv's thread pool, and a small upload
 * makes several. Those that change the file system (mkdir, rename) may wait for the journal
 * while other fsyncs commit, and the fsyncs wait for the disk: they stay in the pool.
 */

/** fsync of a folder, so a rename or a new entry in it survives a power cut. */
async function syncDirectory(dir: string): Promise<void> {
  const fd = openSync(dir, 'r');
  try {
    await new Promise<void>((resolve, reject) =>
      fsync(fd, (error) => (error ? reject(error) : resolve())),
    );
  } finally {
    closeSync(fd);
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, someone else's.
    return isErrorCode(error, 'EPERM');
  }
}

/**
 * Blobs as files under `root/ab/cd/<sha256>`. A put writes a temp file named after the writing
 * process, fsyncs it, renames it into place and fsyncs the folder, so a blob is whole or absent
 * after any crash. At start the store removes the temp files of processes that are gone (or that
 * had this process id before, as a restarted container's pid 1 does), never those of a live one
 * such as a server running beside a `verify`.
 */
export function createLocalBlobStore(options: LocalBlobStoreOptions): BlobStore {
  const root = path.resolve(options.root);
  const tempDir = path.join(root, tempDirName);
  const pathOf = (sha256: string) => path.join(root, blobKey(sha256));

  async function start(): Promise<void> {
    await fs.mkdir(tempDir, { recursive: true });
    for (const name of await fs.readdir(tempDir)) {
      const pid = Number(name.split('-')[0]);
      if (!Number.isInteger(pid) || pid === process.pid || !isProcessAlive(pid)) {
        await fs.rm(path.join(tempDir, name), { force: true });
        options.logger?.warn(`removed the temp file ${name} of an interrupted blob write`);
      }
    }
  }

  const started = start();
  // Failure surfaces on the first call that awaits `started`; this keeps it from being unhandled.
  started.catch(() => undefined);

  async function statOf(sha256: string): Promise<BlobEntry | undefined> {
    const stats = statSync(pathOf(sha256), { throwIfNoEntry: false });
    return stats === undefined ? undefined : { sha256, size: stats.size };
  }

  /**
   * Renames a finished file to its place under `ab/cd`, creating those folders as needed, then
   * fsyncs every folder that gained an entry: `cd` (the file), `ab` when `cd` is new, the root
   * when `ab` is. The fsyncs run at once (the file system commits them together) and all end
   * before this returns, so the blob is durable before any row refers to it.
   */
  async function moveIntoPlace(from: string, to: string): Promise<void> {
    const dir = path.dirname(to);
    const parent = path.dirname(dir);
    const created = await fs.mkdir(dir, { recursive: true });
    const changed =
      created === undefined ? [] : path.resolve(created) === parent ? [parent, root] : [parent];
    try {
      await fs.rename(from, to);
      changed.push(dir);
    } finally {
      // New folders are made durable even when the rename fails (a copy then takes its place).
      await Promise.all(changed.map(syncDirectory));
    }
  }

  /** A small or unsized put: hashed on this thread as it streams, fsynced as it closes. */
  async function writeStreamed(
    source: Readable,
    tempPath: string,
    expectedSize: number | undefined,
  ): Promise<ContentDigest> {
    const hashing = new HashingStream(expectedSize);
    // `flush` fsyncs the file before it is closed, and the pipeline settles only after that.
    await pipeline(
      source,
      hashing,
      createWriteStream(tempPath, { flags: 'wx', flush: true, highWaterMark: readBufferSize }),
    );
    return hashing.digest;
  }

  /**
   * A large put of a known size, as uploads write: gathered into the shared 1 MiB buffers, whole
   * ones written with direct I/O where the file system has it, hashed on the hash threads while
   * the next bytes arrive, fdatasynced in the background as the file grows, then fsynced.
   */
  async function writeLarge(
    source: Readable,
    tempPath: string,
    expectedSize: number,
  ): Promise<ContentDigest> {
    const handle = await fs.open(tempPath, 'wx');
    const direct = await openDirect(tempPath).catch(() => undefined);
    const hasher = createStreamHasher(expectedSize);
    const writer = new HashedFileWriter(handle, 0, hasher, {
      flushBytes: largeFlushBytes,
      maxSlots: 4,
      ...(direct === undefined ? {} : { direct }),
    });
    let digested = false;
    try {
      await drainStream(source, (chunk) => {
        if (writer.queued + chunk.length > expectedSize) {
          throw new SizeMismatchError(expectedSize, writer.queued + chunk.length);
        }
        return writer.push(chunk);
      });
      await writer.flush();
      if (writer.written !== expectedSize) {
        throw new SizeMismatchError(expectedSize, writer.written);
      }
      await handle.sync();
      digested = true;
      return await hasher.digest();
    } catch (error) {
      // Every buffer under way is back before the file is closed.
      await writer.flush().catch(() => undefined);
      throw error;
    } finally {
      if (!digested) {
        hasher.dispose();
      }
      await direct?.close();
      await handle.close();
    }
  }

  async function put(source: Readable, putOptions: PutOptions = {}): Promise<ContentDigest> {
    await started;
    const tempPath = path.join(tempDir, `${process.pid}-${randomBytes(12).toString('hex')}`);
    const { expectedSize } = putOptions;
    let digest: ContentDigest;
    try {
      digest =
        expectedSize !== undefined && expectedSize >= threadedHashFrom
          ? await writeLarge(source, tempPath, expectedSize)
          : await writeStreamed(source, tempPath, expectedSize);
      if (putOptions.expectedSha256 !== undefined && putOptions.expectedSha256 !== digest.sha256) {
        throw new ChecksumMismatchError(putOptions.expectedSha256, digest.sha256);
      }
    } catch (error) {
      await fs.rm(tempPath, { force: true });
      throw error;
    }
    const finalPath = pathOf(digest.sha256);
    const existing = await statOf(digest.sha256);
    if (existing?.size === digest.size) {
      await fs.rm(tempPath, { force: true });
      return digest;
    }
    // A missing blob, or a damaged one of the wrong size, which the new copy replaces.
    await moveIntoPlace(tempPath, finalPath);
    return digest;
  }

  async function adopt(filePath: string, digest: ContentDigest): Promise<void> {
    await started;
    const finalPath = pathOf(digest.sha256);
    const existing = await statOf(digest.sha256);
    if (existing?.size === digest.size) {
      // The bytes are stored already. Freeing a big file's blocks takes a while (a tenth of a
      // second per GiB), so nobody waits for it; a copy a crash leaves behind is swept with the
      // other partial data (its upload's or task's sweep).
      fs.rm(filePath, { force: true }).catch(() => undefined);
      return;
    }
    try {
      await moveIntoPlace(filePath, finalPath);
    } catch (error) {
      if (!isErrorCode(error, 'EXDEV')) {
        throw error;
      }
      // The uploads folder is on another disk: copy through the ordinary write path.
      await put(createReadStream(filePath, { highWaterMark: readBufferSize }), {
        expectedSize: digest.size,
        expectedSha256: digest.sha256,
      });
      await fs.rm(filePath, { force: true });
    }
  }

  async function get(sha256: string, range: ReadRange = {}): Promise<Readable> {
    await started;
    let handle: fs.FileHandle;
    try {
      // Opened before the stream exists, so a missing blob fails here and a delete that comes
      // after cannot cut the read short.
      handle = await fs.open(pathOf(sha256), 'r');
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) {
        throw new BlobNotFoundError(sha256);
      }
      throw error;
    }
    return handle.createReadStream({
      highWaterMark: readBufferSize,
      ...(range.start === undefined ? {} : { start: range.start }),
      ...(range.end === undefined ? {} : { end: range.end }),
    });
  }

  async function* list(): AsyncIterable<BlobEntry> {
    await started;
    const level = async (dir: string, pattern: RegExp) => {
      try {
        return (await fs.readdir(dir)).filter((name) => pattern.test(name)).sort();
      } catch (error) {
        if (isErrorCode(error, 'ENOENT')) {
          return [];
        }
        throw error;
      }
    };
    const pair = /^[0-9a-f]{2}$/;
    for (const first of await level(root, pair)) {
      for (const second of await level(path.join(root, first), pair)) {
        const dir = path.join(root, first, second);
        for (const name of await level(dir, /^[0-9a-f]{64}$/)) {
          if (name.startsWith(first + second)) {
            const stats = await fs.stat(path.join(dir, name));
            yield { sha256: name, size: stats.size };
          }
        }
      }
    }
  }

  return {
    kind: 'local',
    put,
    adopt,
    get,
    async stat(sha256) {
      await started;
      return statOf(sha256);
    },
    async exists(sha256) {
      await started;
      return (await statOf(sha256)) !== undefined;
    },
    async delete(sha256) {
      await started;
      assertSha256(sha256);
      const file = pathOf(sha256);
      await fs.rm(file, { force: true });
      await syncDirectory(path.dirname(file)).catch((error: unknown) => {
        if (!isErrorCode(error, 'ENOENT')) {
          throw error;
        }
      });
    },
    list,
    localPath: pathOf,
    async close() {
      await started.catch(() => undefined);
    },
  };
}
