import { createHash, randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { ContentHasher, HashingStream, SizeMismatchError, gcidBlockSize } from './content-hash';

const KiB = 1024;
const MiB = 1024 * KiB;

/** The GCID the plain way: every block in memory, block size by the rule's own arithmetic. */
function referenceGcid(data: Buffer, blockSize: number): string {
  const digests: Buffer[] = [];
  for (let offset = 0; offset < data.length; offset += blockSize) {
    digests.push(
      createHash('sha1')
        .update(data.subarray(offset, offset + blockSize))
        .digest(),
    );
  }
  return createHash('sha1').update(Buffer.concat(digests)).digest('hex').toUpperCase();
}

function referenceBlockSize(size: number): number {
  // 256 KiB * 2^k for the smallest k in 0..3 with ceil-free size / blockSize <= 512.
  for (const blockSize of [256 * KiB, 512 * KiB, 1 * MiB]) {
    if (size <= 512 * blockSize) {
      return blockSize;
    }
  }
  return 2 * MiB;
}

function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

async function hashThroughStream(chunks: Buffer[], expectedSize?: number) {
  const hashing = new HashingStream(expectedSize);
  let passed = 0;
  await pipeline(
    Readable.from(chunks),
    hashing,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        passed += chunk.length;
        callback();
      },
    }),
  );
  return { digest: hashing.digest, passed };
}

function split(data: Buffer, sizes: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  let offset = 0;
  let turn = 0;
  while (offset < data.length) {
    const take = sizes[turn % sizes.length] ?? 1;
    chunks.push(data.subarray(offset, offset + take));
    offset += take;
    turn += 1;
  }
  return chunks;
}

describe('gcidBlockSize', () => {
  it.each([
    [0, 256 * KiB],
    [1, 256 * KiB],
    [128 * MiB, 256 * KiB],
    [128 * MiB + 1, 512 * KiB],
    [256 * MiB, 512 * KiB],
    [256 * MiB + 1, 1 * MiB],
    [512 * MiB, 1 * MiB],
    [512 * MiB + 1, 2 * MiB],
    [1024 * MiB, 2 * MiB],
    [1024 * MiB + 1, 2 * MiB],
    [50 * 1024 * MiB, 2 * MiB],
  ])('gives %i bytes blocks of %i', (size, blockSize) => {
    expect(gcidBlockSize(size)).toBe(blockSize);
    expect(referenceBlockSize(size)).toBe(blockSize);
  });

  it('never leaves more than 512 blocks below the 2 MiB cap', () => {
    for (let size = 0; size < 4096 * MiB; size += 7 * MiB + 12345) {
      const blockSize = gcidBlockSize(size);
      expect(blockSize === 2 * MiB || Math.ceil(size / blockSize) <= 512).toBe(true);
      expect(blockSize === 256 * KiB || size / (blockSize / 2) > 512).toBe(true);
    }
  });
});

describe('content hashing', () => {
  it('hashes zero bytes: the GCID of no blocks is the SHA-1 of nothing', async () => {
    const { digest } = await hashThroughStream([], 0);
    expect(digest).toEqual({
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      gcid: 'DA39A3EE5E6B4B0D3255BFEF95601890AFD80709',
      size: 0,
    });
  });

  it('hashes a tiny known text', async () => {
    const data = Buffer.from('abc');
    const { digest } = await hashThroughStream([data]);
    expect(digest.sha256).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // One block: the GCID is the SHA-1 of SHA-1("abc").
    const inner = createHash('sha1').update(data).digest();
    expect(digest.gcid).toBe(createHash('sha1').update(inner).digest('hex').toUpperCase());
  });

  it.each([1, 256 * KiB - 1, 256 * KiB, 256 * KiB + 1, 3 * 256 * KiB, 5 * MiB + 17])(
    'matches the plain implementation for %i bytes, any chunking, known or unknown size',
    async (size) => {
      const data = randomBytes(size);
      const expected = {
        sha256: sha256Of(data),
        gcid: referenceGcid(data, referenceBlockSize(size)),
        size,
      };
      for (const sizes of [[size], [1, 7, 4096], [64 * KiB], [256 * KiB + 3, 100]]) {
        const known = await hashThroughStream(split(data, sizes), size);
        expect(known.digest).toEqual(expected);
        expect(known.passed).toBe(size);
        const unknown = await hashThroughStream(split(data, sizes));
        expect(unknown.digest).toEqual(expected);
      }
    },
  );

  it('switches to 512 KiB blocks one byte past 128 MiB, when the size is not known up front', async () => {
    const pattern = randomBytes(MiB);
    const size = 128 * MiB + 1;
    const data = Buffer.concat([...Array.from({ length: 128 }, () => pattern), Buffer.from([42])]);
    expect(data.length).toBe(size);
    const expected = { sha256: sha256Of(data), gcid: referenceGcid(data, 512 * KiB), size };
    expect((await hashThroughStream(split(data, [MiB]))).digest).toEqual(expected);
    expect((await hashThroughStream(split(data, [MiB]), size)).digest).toEqual(expected);
  });

  it('runs one lane of the announced size, and drops ruled-out lanes when the size is unknown', () => {
    expect(new ContentHasher(600 * MiB).blockSizes).toEqual([2 * MiB]);
    expect(new ContentHasher(200 * MiB).blockSizes).toEqual([512 * KiB]);
    const unknown = new ContentHasher();
    expect(unknown.blockSizes).toEqual([256 * KiB, 512 * KiB, 1 * MiB, 2 * MiB]);
    const chunk = Buffer.alloc(MiB);
    for (let index = 0; index < 128; index += 1) {
      unknown.update(chunk);
    }
    expect(unknown.blockSizes).toHaveLength(4);
    unknown.update(Buffer.alloc(1));
    expect(unknown.blockSizes).toEqual([512 * KiB, 1 * MiB, 2 * MiB]);
  });

  it('refuses a digest whose size contradicts the announced one', () => {
    const hasher = new ContentHasher(600 * MiB);
    hasher.update(Buffer.alloc(10));
    expect(() => hasher.digest()).toThrow(/do not match/);
  });

  it('fails as soon as more bytes arrive than announced, and at the end when fewer did', async () => {
    await expect(
      hashThroughStream([Buffer.alloc(10), Buffer.alloc(10)], 15),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    await expect(hashThroughStream([Buffer.alloc(10)], 15)).rejects.toThrow(
      'expected 15 bytes, got 10',
    );
  });

  it('has no digest before the stream ends', () => {
    expect(() => new HashingStream().digest).toThrow(/not finished/);
  });
});

describe('a copied hasher', () => {
  it('goes on independently from the same state, mid-block, as a resumable upload rolls back to it', () => {
    const data = randomBytes(3 * MiB + 12345);
    const hasher = new ContentHasher(data.length);
    hasher.update(data.subarray(0, MiB + 777));
    const saved = hasher.copy();
    // Bytes the copy never sees: a request thrown away for a failed checksum.
    hasher.update(randomBytes(4096));
    saved.update(data.subarray(MiB + 777));
    const digest = saved.digest();
    expect(digest.size).toBe(data.length);
    expect(digest.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(digest.gcid).toBe(referenceGcid(data, gcidBlockSize(data.length)));
  });
});
