// Files of the benches: temp folders, files of random bytes and their content hashes.
import { createHash, randomFillSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Bytes the big benches move: `BENCH_SIZE_MIB` (default 1024, the 1 GiB). */
export function benchSizeBytes() {
  const mib = Number(process.env.BENCH_SIZE_MIB ?? 1024);
  if (!Number.isFinite(mib) || mib <= 0) {
    throw new Error(
      `BENCH_SIZE_MIB must be a positive number of MiB, not ${process.env.BENCH_SIZE_MIB}`,
    );
  }
  return Math.round(mib * 1024 * 1024);
}

/** A temp folder removed at exit. */
export function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `size` random bytes to `file` (1 MiB at a time); returns its SHA-256. */
export function writeRandomFile(file, size) {
  const chunk = Buffer.alloc(1024 * 1024);
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'w', 0o644);
  try {
    for (let written = 0; written < size;) {
      const part = chunk.subarray(0, Math.min(chunk.length, size - written));
      randomFillSync(part);
      fs.writeSync(fd, part);
      hash.update(part);
      written += part.length;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** SHA-256 and GCID (Xunlei/PikPak content hash, docs/api.md#files `hash`) of a file. */
export async function hashFile(file) {
  const size = fs.statSync(file).size;
  let blockSize = 256 * 1024;
  while (size / blockSize > 512 && blockSize < 2 * 1024 * 1024) {
    blockSize *= 2;
  }
  const sha256 = createHash('sha256');
  const outer = createHash('sha1');
  let block = createHash('sha1');
  let filled = 0;
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    sha256.update(chunk);
    for (let offset = 0; offset < chunk.length;) {
      const take = Math.min(blockSize - filled, chunk.length - offset);
      block.update(chunk.subarray(offset, offset + take));
      filled += take;
      offset += take;
      if (filled === blockSize) {
        outer.update(block.digest());
        block = createHash('sha1');
        filled = 0;
      }
    }
  }
  if (filled > 0) {
    outer.update(block.digest());
  }
  return { sha256: sha256.digest('hex'), gcid: outer.digest('hex').toUpperCase(), size };
}
