import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pgsBox } from '../../apps/server/test/video/pgs-fixture';

/*
 * Small videos made by ffmpeg when a test runs (a test pattern and a tone), so the player tests
 * play real files of the codecs they name.
 */

/** Makes a video of `seconds` with ffmpeg's arguments for its codecs, and answers its bytes. */
export function makeVideo(
  name: string,
  seconds: number,
  codecArgs: string[],
  size = '320x180',
): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-media-'));
  const out = join(dir, name);
  try {
    execFileSync(
      'ffmpeg',
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc2=size=${size}:rate=25:duration=${seconds}`,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=440:sample_rate=48000:duration=${seconds}`,
        ...codecArgs,
        '-shortest',
        out,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** H.264 + AAC in MP4, every second a key frame (seeks land where asked). */
export function makeH264Mp4(seconds: number): Buffer {
  return makeVideo('clip.mp4', seconds, [
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '25',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-movflags',
    '+faststart',
  ]);
}

/**
 * H.264 + AC3 in Matroska at 960×540, with an English and a French audio stream: a remux for
 * browsers, and a 480p transcode below it.
 */
export function makeH264Ac3Mkv(seconds: number): Buffer {
  return makeVideo(
    'film.mkv',
    seconds,
    [
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=880:sample_rate=48000:duration=${seconds}`,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-map',
      '2:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '25',
      '-c:a',
      'ac3',
      '-b:a',
      '96k',
      '-metadata:s:a:0',
      'language=eng',
      '-metadata:s:a:1',
      'language=fra',
    ],
    '960x540',
  );
}

/** HEVC + AAC in MP4 (a transcode where the browser has no HEVC). */
export function makeHevcMp4(seconds: number): Buffer {
  return makeVideo('hevc.mp4', seconds, [
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-pix_fmt',
    'yuv420p',
    '-tag:v',
    'hvc1',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
  ]);
}

/**
 * MPEG-2 (transcoded for browsers) + AAC in Matroska, black, with a PGS picture subtitle (a
 * white box over the middle, from 0.5 s to `seconds - 0.5`): burned into the transcode on demand.
 */
export function makePgsMkv(seconds: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'nimbus-media-'));
  const sup = join(dir, 'box.sup');
  const out = join(dir, 'film.mkv');
  try {
    writeFileSync(
      sup,
      pgsBox(
        { width: 320, height: 180 },
        { x: 80, y: 60, width: 160, height: 60 },
        0.5,
        seconds - 0.5,
      ),
    );
    execFileSync(
      'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', `color=black:size=320x180:rate=25:duration=${seconds}`],
        ...['-f', 'lavfi', '-i', `sine=duration=${seconds}`, '-i', sup],
        ...['-map', '0', '-map', '1', '-map', '2', '-c:v', 'mpeg2video', '-c:a', 'aac'],
        ...['-c:s', 'copy', out],
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
