import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeGcid, gcidBlockSize, proveRanges } from './gcid';

const KiB = 1024;
const MiB = 1024 * KiB;

/** The GCID the plain way, with Node's SHA-1 (the server's reference in content-hash.test.ts). */
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

describe('gcid in the browser', () => {
  it.each([
    [0, 256 * KiB],
    [128 * MiB, 256 * KiB],
    [128 * MiB + 1, 512 * KiB],
    [256 * MiB + 1, 1 * MiB],
    [512 * MiB + 1, 2 * MiB],
    [50 * 1024 * MiB, 2 * MiB],
  ])('gives %i bytes blocks of %i, as the server does', (size, blockSize) => {
    expect(gcidBlockSize(size)).toBe(blockSize);
  });

  it('hashes no bytes to the SHA-1 of nothing', async () => {
    expect(await computeGcid(new Blob([]))).toBe('DA39A3EE5E6B4B0D3255BFEF95601890AFD80709');
  });

  it('hashes "abc" to the SHA-1 of its one block digest', async () => {
    const inner = createHash('sha1').update('abc').digest();
    const expected = createHash('sha1').update(inner).digest('hex').toUpperCase();
    expect(await computeGcid(new Blob(['abc']))).toBe(expected);
    // The same value written out, as a fixed vector.
    expect(expected).toBe('0D3CED9BEC10A777AEC23CCC353A8C08A633045E');
  });

  it.each([1, 256 * KiB - 1, 256 * KiB, 256 * KiB + 1, 3 * 256 * KiB, 5 * MiB + 17])(
    'matches the reference for %i bytes and reports progress up to the size',
    async (size) => {
      const data = randomBytes(size);
      const progress: number[] = [];
      const gcid = await computeGcid(new Blob([data]), {
        onProgress: (hashed) => progress.push(hashed),
      });
      expect(gcid).toBe(referenceGcid(data, gcidBlockSize(size)));
      expect(progress.at(-1)).toBe(size);
      expect(progress).toEqual([...progress].sort((left, right) => left - right));
    },
  );

  it('stops between blocks when aborted', async () => {
    const controller = new AbortController();
    const run = computeGcid(new Blob([randomBytes(MiB)]), {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('proof ranges', () => {
  it('answers the SHA-1 of each range in lower-case hex, echoing offsets as they came', async () => {
    const data = randomBytes(3 * MiB);
    const sha1 = (part: Buffer) => createHash('sha1').update(part).digest('hex');
    const proven = await proveRanges(new Blob([data]), [
      { offset: '0', length: '4096' },
      { offset: 2 * MiB + 5, length: 1000 },
      { offset: String(3 * MiB - 10), length: '10' },
    ]);
    expect(proven).toEqual([
      { offset: '0', length: '4096', sha1: sha1(data.subarray(0, 4096)) },
      { offset: 2 * MiB + 5, length: 1000, sha1: sha1(data.subarray(2 * MiB + 5, 2 * MiB + 1005)) },
      { offset: String(3 * MiB - 10), length: '10', sha1: sha1(data.subarray(3 * MiB - 10)) },
    ]);
  });

  it('refuses a range that is not a byte range', async () => {
    await expect(proveRanges(new Blob(['abc']), [{ offset: '-1', length: '2' }])).rejects.toThrow(
      RangeError,
    );
    await expect(proveRanges(new Blob(['abc']), [{ offset: 'x', length: '2' }])).rejects.toThrow(
      RangeError,
    );
  });
});
