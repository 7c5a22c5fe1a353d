import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../storage/blob-store';

/**
 * Runs `use` with a path to a blob's bytes, for a tool that reads files (sharp, ffprobe,
 * ffmpeg): the blob itself on local disk, else a copy in `tempDir` removed afterwards.
 */
export async function withBlobFile<T>(
  store: Pick<BlobStore, 'get' | 'localPath'>,
  tempDir: string,
  sha256: string,
  use: (file: string) => Promise<T>,
): Promise<T> {
  const local = store.localPath?.(sha256);
  if (local !== undefined) {
    return use(local);
  }
  await fs.mkdir(tempDir, { recursive: true });
  const temp = path.join(tempDir, `${process.pid}-${randomBytes(8).toString('hex')}`);
  try {
    await pipeline(await store.get(sha256), createWriteStream(temp));
    return await use(temp);
  } finally {
    await fs.rm(temp, { force: true });
  }
}
