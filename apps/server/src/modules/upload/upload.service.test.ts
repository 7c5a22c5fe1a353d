import { describe, expect, it } from 'vitest';
import { chooseProofRanges } from './upload.service';

describe('instant upload proof ranges', () => {
  it('are two or three ranges inside the content, of 128 KiB or the whole of a shorter file', () => {
    const counts = new Set<number>();
    for (const size of [1, 1000, 128 * 1024, 128 * 1024 + 1, 5_000_000, 2 ** 40]) {
      for (let round = 0; round < 50; round += 1) {
        const ranges = chooseProofRanges(size);
        counts.add(ranges.length);
        expect(ranges.length).toBeGreaterThanOrEqual(2);
        expect(ranges.length).toBeLessThanOrEqual(3);
        for (const range of ranges) {
          expect(range.length).toBe(Math.min(size, 128 * 1024));
          expect(range.offset).toBeGreaterThanOrEqual(0);
          expect(range.offset + range.length).toBeLessThanOrEqual(size);
          expect(Number.isInteger(range.offset)).toBe(true);
        }
      }
    }
    expect([...counts].sort()).toEqual([2, 3]);
  });

  it('land in different places from one upload to the next', () => {
    const offsets = new Set(
      Array.from({ length: 20 }, () => chooseProofRanges(10 ** 9)[0]?.offset),
    );
    expect(offsets.size).toBeGreaterThan(15);
  });
});
