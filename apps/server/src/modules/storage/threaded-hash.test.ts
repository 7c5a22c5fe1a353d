import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContentHasher, type ContentDigest } from './content-hash';
import { HashedFileWriter, hashFilePrefix, slotSize } from './hashed-file-writer';
import { directAlignment, openDirect } from './shared-slots';
import {
  LocalContentHasher,
  ThreadedContentHasher,
  createStreamHasher,
  threadedHashFrom,
} from './threaded-hash';

const KiB = 1024;
const MiB = 1024 * KiB;

/** The digest of the plain, single-threaded hasher. */
function plainDigest(data: Buffer, expectedSize?: number): ContentDigest {
  const hasher = new ContentHasher(expectedSize);
  hasher.update(data);
  return hasher.digest();
}

function split(data: Buffer, sizes: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  let offset = 0;
  for (let turn = 0; offset < data.length; turn += 1) {
    const take = sizes[turn % sizes.length] ?? 1;
    chunks.push(data.subarray(offset, offset + take));
    offset += take;
  }
  return chunks;
}

async function threadedDigest(chunks: Buffer[], expectedSize?: number): Promise<ContentDigest> {
  const hasher = ThreadedContentHasher.create(expectedSize);
  // Updates are not awaited one by one: they are applied in order all the same.
  await Promise.all(chunks.map((chunk) => hasher.update(chunk)));
  return hasher.digest();
}

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-threaded-hash-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('the threaded hasher', () => {
  it.each([
    0,
    1,
    256 * KiB - 1,
    256 * KiB,
    256 * KiB + 1,
    2 * MiB - 1,
    2 * MiB,
    2 * MiB + 1,
    5 * MiB + 17,
  ])(
    'gives the plain hasher’s SHA-256 and GCID for %i bytes, any chunking, known or unknown size',
    async (size) => {
      const data = randomBytes(size);
      const expected = plainDigest(data, size);
      expect(plainDigest(data)).toEqual(expected);
      for (const sizes of [[Math.max(1, size)], [1, 7, 4096], [64 * KiB], [256 * KiB + 3, 100]]) {
        expect(await threadedDigest(split(data, sizes), size)).toEqual(expected);
        expect(await threadedDigest(split(data, sizes))).toEqual(expected);
      }
    },
  );

  it.each([128 * MiB, 128 * MiB + 1])(
    'picks the block size of the plain hasher at the 128 MiB boundary (%i bytes)',
    async (size) => {
      const pattern = randomBytes(MiB);
      const data = Buffer.concat([
        ...Array.from({ length: 128 }, () => pattern),
        Buffer.alloc(size - 128 * MiB, 42),
      ]);
      const expected = plainDigest(data, size);
      expect(await threadedDigest(split(data, [MiB]), size)).toEqual(expected);
      expect(await threadedDigest(split(data, [MiB]))).toEqual(expected);
    },
    120_000,
  );

  it('copies its state mid-block; the copy and the original go on independently', async () => {
    const data = randomBytes(3 * MiB + 12345);
    const hasher = ThreadedContentHasher.create(data.length);
    void hasher.update(data.subarray(0, MiB + 777));
    const saved = hasher.copy();
    expect(saved.size).toBe(MiB + 777);
    await hasher.update(randomBytes(4096));
    await saved.update(data.subarray(MiB + 777));
    expect(await saved.digest()).toEqual(plainDigest(data));
    expect((await hasher.digest()).size).toBe(MiB + 777 + 4096);
  });

  it('refuses a digest whose size contradicts the announced one, and a second digest', async () => {
    const hasher = ThreadedContentHasher.create(600 * MiB);
    await hasher.update(Buffer.alloc(10));
    await expect(hasher.digest()).rejects.toThrow(/do not match/);
    await expect(hasher.digest()).rejects.toThrow(/already/);
    expect(() => hasher.copy()).toThrow(/already/);
  });
});

describe('createStreamHasher', () => {
  it('hashes small files of known size on the calling thread, the rest on the threads, alike', async () => {
    expect(createStreamHasher(threadedHashFrom - 1)).toBeInstanceOf(LocalContentHasher);
    expect(createStreamHasher(threadedHashFrom)).toBeInstanceOf(ThreadedContentHasher);
    expect(createStreamHasher()).toBeInstanceOf(ThreadedContentHasher);
    const data = randomBytes(threadedHashFrom - 1);
    const local = createStreamHasher(data.length);
    await local.update(data.subarray(0, 1000));
    const saved = local.copy();
    await local.update(data.subarray(1000));
    await saved.update(data.subarray(1000));
    expect(await local.digest()).toEqual(plainDigest(data));
    expect(await saved.digest()).toEqual(plainDigest(data));
    await expect(local.digest()).rejects.toThrow(/already/);
  });
});

describe('the hashed file writer', () => {
  it('writes and hashes what it is given, from an offset, in any chunking', async () => {
    const data = randomBytes(7 * slotSize + 4321);
    const file = path.join(dir, 'whole');
    const handle = await fs.open(file, 'w+');
    const head = data.subarray(0, 3 * MiB + 5);
    await handle.write(head, 0, head.length, 0);
    // A resume: the kept bytes are hashed from the file, the rest written after them.
    const hasher = ThreadedContentHasher.create(data.length);
    await hashFilePrefix(handle, head.length, hasher);
    const writer = new HashedFileWriter(handle, head.length, hasher, {
      flushBytes: 2 * MiB,
      maxSlots: 2,
    });
    for (const chunk of split(data.subarray(head.length), [65_536, 1, MiB + 3, 3 * MiB])) {
      await writer.push(chunk);
    }
    await writer.flush();
    expect(writer.written).toBe(data.length);
    expect(writer.queued).toBe(data.length);
    await writer.syncTo(writer.written);
    expect(writer.durable).toBe(data.length);
    await handle.close();
    expect((await fs.readFile(file)).equals(data)).toBe(true);
    const digest = await hasher.digest();
    expect(digest).toEqual(plainDigest(data));
    expect(digest.sha256).toBe(createHash('sha256').update(data).digest('hex'));
  });

  it('writes a partial buffer when asked, so a stalled source still shows its bytes', async () => {
    const handle = await fs.open(path.join(dir, 'partial'), 'w+');
    const hasher = ThreadedContentHasher.create();
    const writer = new HashedFileWriter(handle, 0, hasher);
    expect(writer.push(Buffer.from('hello'))).toBeUndefined();
    expect(writer.written).toBe(0);
    await writer.settleWrites();
    expect(writer.written).toBe(5);
    await writer.syncTo(5);
    expect(writer.durable).toBe(5);
    await writer.flush();
    await handle.close();
    expect((await hasher.digest()).sha256).toBe(createHash('sha256').update('hello').digest('hex'));
  });

  it('reads into lent memory and writes whole aligned buffers with direct I/O, the rest through the handle', async () => {
    const data = randomBytes(5 * slotSize + 777);
    const file = path.join(dir, 'direct');
    const handle = await fs.open(file, 'w+');
    // A resume from an offset that is not a buffer boundary.
    const start = 12_345;
    await handle.write(data, 0, start, 0);
    const direct = await openDirect(file);
    // The test folder is on a disk file system (ext4 here and in CI), which has direct I/O.
    expect(direct).toBeDefined();
    const throughDirect = vi.spyOn(direct as fs.FileHandle, 'writev');
    const throughCache = vi.spyOn(handle, 'writev');
    const hasher = ThreadedContentHasher.create(data.length);
    await hashFilePrefix(handle, start, hasher);
    const writer = new HashedFileWriter(handle, start, hasher, {
      maxSlots: 2,
      ...(direct ? { direct } : {}),
    });
    const reads = [1, 4096, 65_536, 333_333];
    for (let at = start, turn = 0; at < data.length; turn += 1) {
      const lent = writer.lend();
      if (lent === undefined) {
        await writer.settleWrites();
        continue;
      }
      const take = Math.min(lent.length, reads[turn % reads.length] as number, data.length - at);
      data.copy(lent, 0, at, at + take);
      // A checkpoint meanwhile leaves lent memory alone.
      writer.handOver();
      await writer.commit(take);
      at += take;
    }
    await writer.flush();
    await direct?.close();
    await handle.close();
    expect((await fs.readFile(file)).equals(data)).toBe(true);
    expect(await hasher.digest()).toEqual(plainDigest(data));
    const bytesOf = (spy: typeof throughCache) =>
      spy.mock.calls.reduce(
        (sum, [views]) => sum + views.reduce((total, view) => total + view.byteLength, 0),
        0,
      );
    // The four whole buffers [1 MiB, 5 MiB) went past the page cache; the part buffers before and after did not.
    expect(bytesOf(throughDirect)).toBe(4 * slotSize);
    expect(bytesOf(throughCache)).toBe(data.length - start - 4 * slotSize);
    for (const [views, position] of throughDirect.mock.calls) {
      expect((position as number) % directAlignment).toBe(0);
      expect(views.every((view) => view.byteLength % directAlignment === 0)).toBe(true);
    }
  });

  it('keeps lent memory out of a checkpoint until its bytes are committed', async () => {
    const handle = await fs.open(path.join(dir, 'lent'), 'w+');
    const hasher = ThreadedContentHasher.create();
    const writer = new HashedFileWriter(handle, 0, hasher);
    const lent = writer.lend() as Buffer;
    lent.write('abc');
    await writer.settleWrites();
    expect(writer.written).toBe(0);
    expect(() => writer.push(Buffer.from('x'))).toThrow(/lent/);
    expect(writer.commit(3)).toBeUndefined();
    await writer.settleWrites();
    expect(writer.written).toBe(3);
    await writer.flush();
    await handle.close();
    expect((await hasher.digest()).sha256).toBe(createHash('sha256').update('abc').digest('hex'));
  });

  it('stops at a failed write: nothing after it is written or hashed, and flush throws', async () => {
    const file = path.join(dir, 'read-only');
    await fs.writeFile(file, '');
    const handle = await fs.open(file, 'r');
    const hasher = ThreadedContentHasher.create();
    const writer = new HashedFileWriter(handle, 0, hasher, { maxSlots: 2 });
    await expect(
      (async () => {
        for (let index = 0; index < 8; index += 1) {
          await writer.push(Buffer.alloc(slotSize, index));
        }
      })(),
    ).rejects.toThrow();
    await expect(writer.flush()).rejects.toThrow();
    expect(writer.written).toBe(0);
    expect(hasher.size).toBe(0);
    await handle.close();
  });
});
