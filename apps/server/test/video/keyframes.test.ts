import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaRunner, type MediaRunner } from '../../src/modules/video/ffmpeg-runner';
import { segmentBounds } from '../../src/modules/video/hls-playlist';
import { probeVideo, readKeyframes } from '../../src/modules/video/video-facts';
import { clipDir, run } from './video-fixture';

/*
 * The keyframe listing a remux cuts on, with the real ffprobe: a long video is read at a point
 * every 2 s through its index, a short one packet by packet.
 */

const limits = { memoryMiB: 2048, wallMs: 30_000, niceness: 0 };
let dir = '';
const files = { long: '', short: '' };

/** A silent video of `seconds` at 64×36, one frame a second, a keyframe every `gop` frames. */
async function makeVideo(name: string, seconds: number, gop: number): Promise<string> {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=64x36:rate=1:duration=${seconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', String(gop), '-sc_threshold', '0', file],
  ]);
  return file;
}

beforeAll(async () => {
  dir = await clipDir();
  [files.long, files.short] = await Promise.all([
    makeVideo('long.mkv', 900, 3),
    makeVideo('short.mp4', 30, 3),
  ]);
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The real runner, keeping the arguments of every run. */
function recordingRunner() {
  const real = createMediaRunner();
  const runs: string[][] = [];
  const runner: MediaRunner = {
    start(command, args, runLimits) {
      runs.push([command, ...args]);
      return real.start(command, args, runLimits);
    },
  };
  return { runner, runs };
}

/** Every keyframe of a file, listed packet by packet. */
async function everyKeyframe(file: string): Promise<number[]> {
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags'],
    ...['-of', 'csv=p=0', file],
  ]);
  return stdout
    .split('\n')
    .filter((line) => line.includes(',K'))
    .map((line) => Number(line.split(',')[0]));
}

describe('keyframe listing', () => {
  it('reads a long video at a point every 2 s: real keyframes, cuts 4 to 6 s apart', async () => {
    const { runner, runs } = recordingRunner();
    const facts = await probeVideo(runner, files.long, 'mkv', limits);
    const sampled = await readKeyframes(runner, files.long, facts, limits);
    // One listing, by seeks: no second pass over every packet.
    expect(runs).toHaveLength(2);
    const listing = runs[1] ?? [];
    const intervals = listing[listing.indexOf('-read_intervals') + 1] ?? '';
    expect(intervals.split(',')).toHaveLength(450);
    expect(intervals.startsWith('0.000%+#1,2.000%+#1,')).toBe(true);

    const all = new Set(await everyKeyframe(files.long));
    expect(sampled.length).toBeGreaterThan(250);
    expect(sampled.every((time) => all.has(time))).toBe(true);
    const bounds = segmentBounds(facts.startTime, facts.duration, sampled);
    const lengths = bounds.slice(1).map((end, index) => end - (bounds[index] ?? end));
    expect(Math.min(...lengths.slice(0, -1))).toBeGreaterThanOrEqual(4);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(6);
    expect(bounds.at(-1)).toBeCloseTo(facts.startTime + facts.duration, 3);
  });

  it('lists every packet of a video up to a minute long', async () => {
    const { runner, runs } = recordingRunner();
    const facts = await probeVideo(runner, files.short, 'mp4', limits);
    const keyframes = await readKeyframes(runner, files.short, facts, limits);
    expect(runs[1]).not.toContain('-read_intervals');
    expect(keyframes).toEqual(await everyKeyframe(files.short));
    expect(keyframes).toHaveLength(10);
  });
});
