import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { inputGuards } from '../video-facts';
import type { TrackToolRunner } from './track-tools';

/** Thumbnails per sprite sheet: a grid of `columns` × `rows`. */
export const storyboardGrid = { columns: 10, rows: 10 } as const;

/** Width of one thumbnail, in pixels (the height follows the video's shape). */
export const storyboardTileWidth = 160;

/** The most thumbnails of one video; a long film gets them further apart. */
const maxThumbnails = 400;

/** The layout of a storyboard, kept beside its sprites. */
export interface StoryboardLayout {
  /** Seconds between two thumbnails. */
  interval: number;
  /** Thumbnails, one per interval from the start. */
  count: number;
  tileWidth: number;
  tileHeight: number;
  sprites: number;
  duration: number;
}

/** Seconds between thumbnails for a video of `duration` seconds. */
export function storyboardInterval(duration: number): number {
  return Math.max(1, Math.ceil(duration / maxThumbnails));
}

/**
 * Draws a video's storyboard: one frame every `interval` seconds (key frames only, so a film is
 * read, not decoded, in full), scaled to 160 px wide and tiled 10 × 10 per JPEG sprite.
 */
export async function drawStoryboard(
  run: TrackToolRunner,
  file: string,
  duration: number,
  tempDir: string,
): Promise<{ layout: StoryboardLayout; sprites: Buffer[] }> {
  const interval = storyboardInterval(duration);
  const dir = path.join(tempDir, `storyboard-${process.pid}-${randomBytes(8).toString('hex')}`);
  await fs.mkdir(dir, { recursive: true });
  try {
    await run(
      'ffmpeg',
      [
        '-v',
        'error',
        '-nostdin',
        ...inputGuards(),
        '-skip_frame',
        'nokey',
        '-i',
        `file:${file}`,
        '-an',
        '-sn',
        '-dn',
        '-vf',
        `fps=1/${String(interval)},scale=${String(storyboardTileWidth)}:-2,tile=${String(storyboardGrid.columns)}x${String(storyboardGrid.rows)}`,
        '-fps_mode',
        'vfr',
        '-q:v',
        '5',
        '-f',
        'image2',
        path.join(dir, 'sprite-%03d.jpg'),
      ],
      { maxOutput: 64 * 1024 },
    );
    const names = (await fs.readdir(dir)).filter((name) => name.endsWith('.jpg')).sort();
    const sprites = await Promise.all(names.map((name) => fs.readFile(path.join(dir, name))));
    const first = sprites[0];
    if (first === undefined) {
      throw new Error('ffmpeg drew no storyboard');
    }
    const { width = 0, height = 0 } = await sharp(first).metadata();
    const tileWidth = Math.floor(width / storyboardGrid.columns);
    const tileHeight = Math.floor(height / storyboardGrid.rows);
    const perSprite = storyboardGrid.columns * storyboardGrid.rows;
    const count = Math.min(Math.max(1, Math.ceil(duration / interval)), sprites.length * perSprite);
    return {
      layout: { interval, count, tileWidth, tileHeight, sprites: sprites.length, duration },
      sprites,
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** `hh:mm:ss.mmm` of WebVTT. */
function vttTime(seconds: number): string {
  const ms = Math.round(seconds * 1000);
  const hh = Math.floor(ms / 3_600_000);
  const mm = Math.floor((ms % 3_600_000) / 60_000);
  const ss = Math.floor((ms % 60_000) / 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(hh)}:${pad(mm)}:${pad(ss)}.${pad(ms % 1000, 3)}`;
}

/**
 * The storyboard's WebVTT map: one cue per thumbnail, from its time to the next one's (the last
 * to the end of the video), pointing at its tile of its sprite (`spriteUrl(n)`) with `#xywh=`.
 */
export function storyboardVtt(
  layout: StoryboardLayout,
  spriteUrl: (sprite: number) => string,
): string {
  const perSprite = storyboardGrid.columns * storyboardGrid.rows;
  const cues = ['WEBVTT', ''];
  for (let n = 0; n < layout.count; n += 1) {
    const start = n * layout.interval;
    const end =
      n === layout.count - 1 ? Math.max(layout.duration, start + 0.001) : start + layout.interval;
    const tile = n % perSprite;
    const x = (tile % storyboardGrid.columns) * layout.tileWidth;
    const y = Math.floor(tile / storyboardGrid.columns) * layout.tileHeight;
    cues.push(
      `${vttTime(start)} --> ${vttTime(end)}`,
      `${spriteUrl(Math.floor(n / perSprite))}#xywh=${String(x)},${String(y)},${String(layout.tileWidth)},${String(layout.tileHeight)}`,
      '',
    );
  }
  return cues.join('\n');
}
