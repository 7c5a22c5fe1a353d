import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSegmentCache, renditionDir, type SegmentKey } from './segment-cache';

const sha256 = 'ab'.repeat(32);
const key = (segment: number, rendition = '720p'): SegmentKey => ({
  sha256,
  rendition,
  audio: 0,
  segment,
});

let root = '';
let clock = 0;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-segment-cache-'));
  clock = 1_000;
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

/** A finished segment of `bytes` in the jobs folder, as a run leaves it. */
async function made(cache: { jobsDir: string }, name: string, bytes: number): Promise<string> {
  await fs.mkdir(cache.jobsDir, { recursive: true });
  const file = path.join(cache.jobsDir, name);
  await fs.writeFile(file, Buffer.alloc(bytes, 1));
  return file;
}

describe('segment cache', () => {
  it('addresses segments by content, rendition, audio and burned subtitle', () => {
    expect(renditionDir(root, { sha256, rendition: 'remux', audio: undefined })).toBe(
      path.join(root, 'ab', sha256, 'remux-an'),
    );
    expect(renditionDir(root, { sha256, rendition: '480p', audio: 1, burn: 3 })).toBe(
      path.join(root, 'ab', sha256, '480p-a1-s3'),
    );
  });

  it('keeps to its byte budget by evicting the least recently used segments', async () => {
    const cache = createSegmentCache({ root, maxBytes: 1_000, now: () => clock });
    for (const segment of [0, 1, 2]) {
      clock += 1;
      await cache.put(key(segment), await made(cache, `${segment}.ts`, 300));
    }
    expect(await cache.size()).toBe(900);
    // Segment 0 is watched again: segment 1 is now the least recently used.
    clock += 1;
    expect(await cache.find(key(0))).toBe(path.join(renditionDir(root, key(0)), '0.ts'));

    clock += 1;
    await cache.put(key(3), await made(cache, '3.ts', 300));
    expect(await cache.find(key(1))).toBeUndefined();
    await expect(fs.stat(path.join(renditionDir(root, key(1)), '1.ts'))).rejects.toThrow();
    expect(await cache.find(key(0))).toBeDefined();
    expect(await cache.find(key(2))).toBeDefined();
    expect(await cache.find(key(3))).toBeDefined();
    expect(await cache.size()).toBe(900);
  });

  it('finds the segments an earlier process left, oldest first out', async () => {
    const first = createSegmentCache({ root, maxBytes: 10_000, now: () => clock });
    await first.put(key(0), await made(first, 'a.ts', 400));
    await first.put(key(1), await made(first, 'b.ts', 400));
    const old = new Date(Date.now() - 3_600_000);
    await fs.utimes(path.join(renditionDir(root, key(0)), '0.ts'), old, old);
    // A run's leftovers in the jobs folder are not cached segments.
    await made(first, 'left.ts', 400);

    const later = createSegmentCache({ root, maxBytes: 1_000, now: () => Date.now() });
    expect(await later.size()).toBe(800);
    expect(await later.find(key(1, '720p'))).toBeDefined();
    await later.put(key(2), await made(later, 'c.ts', 400));
    expect(await later.find(key(0))).toBeUndefined();
    expect(await later.find(key(1))).toBeDefined();
    expect(await later.size()).toBe(800);
  });

  it('keeps fragmented MP4 segments and their init segment apart from MPEG-TS ones, and finds them again', async () => {
    const first = createSegmentCache({ root, maxBytes: 10_000, now: () => clock });
    const remux = (segment: number, kind: 'ts' | 'm4s' | 'init'): SegmentKey => ({
      ...key(segment, 'remux'),
      kind,
    });
    await first.put(remux(0, 'init'), await made(first, 'init', 100));
    await first.put(remux(0, 'm4s'), await made(first, 'm', 300));
    const dir = renditionDir(root, remux(0, 'm4s'));
    expect(await first.find(remux(0, 'm4s'))).toBe(path.join(dir, '0.m4s'));
    // The init segment is one per rendition, whatever segment it was split off.
    expect(await first.find(remux(7, 'init'))).toBe(path.join(dir, 'init.mp4'));
    expect(await first.find(remux(0, 'ts'))).toBeUndefined();

    const later = createSegmentCache({ root, maxBytes: 10_000, now: () => clock });
    expect(await later.size()).toBe(400);
    expect(await later.find(remux(0, 'init'))).toBeDefined();
  });
});
