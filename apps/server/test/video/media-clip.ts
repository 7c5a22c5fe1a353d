import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  createTrackToolRunner,
  type TrackToolRunner,
} from '../../src/modules/video/tracks/track-tools';
import type { TestApp } from '../helper';
import { contentOrigin, run } from './video-fixture';

export { contentOrigin };

/** The subtitles embedded in the clip, as SubRip. */
export const embeddedSrt =
  '1\n00:00:00,500 --> 00:00:01,200\nBonjour\n\n2\n00:00:01,500 --> 00:00:02,750\nAu revoir\n';

/** An ASS script with the default style and these `Dialogue:` lines. */
export function assScript(dialogues: string[]): string {
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Default,Arial,20,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,2,2,10,10,10,1',
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...dialogues,
    '',
  ].join('\n');
}

/** The second embedded track, ASS with override tags and a drawing. */
export const embeddedAss = assScript([
  'Dialogue: 0,0:00:00.50,0:00:01.50,Default,,0,0,0,,{\\fad(200,200)\\b1}Hallo{\\b0} <img src=x onerror=alert(1)>',
  'Dialogue: 0,0:00:01.50,0:00:02.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}',
]);

/**
 * A 3-second 160×90 H.264 clip in Matroska (a key frame every 0.5 s) with two AAC audio streams
 * (English "Main" mono, default; Russian "Commentary" stereo), a French SubRip stream and a German
 * ASS stream, made by
 * ffmpeg itself (the test needs ffmpeg installed, as `.ci/run` does).
 */
export async function makeTracksClip(): Promise<{ clip: Buffer; dir: string }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-tracks-'));
  const srt = path.join(dir, 'embedded.srt');
  await fs.writeFile(srt, embeddedSrt);
  const ass = path.join(dir, 'embedded.ass');
  await fs.writeFile(ass, embeddedAss);
  const file = path.join(dir, 'clip.mkv');
  // prettier-ignore
  await run('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10:duration=3',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3',
    '-f', 'lavfi', '-i', 'sine=frequency=660:duration=3',
    '-i', srt, '-i', ass,
    '-map', '0:v', '-map', '1:a', '-map', '2:a', '-map', '3:s', '-map', '4:s',
    '-c:v', 'libx264', '-g', '5', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-ac:a:0', '1', '-ac:a:1', '2',
    '-c:s:0', 'srt', '-c:s:1', 'ass',
    '-metadata:s:a:0', 'language=eng', '-metadata:s:a:0', 'title=Main',
    '-metadata:s:a:1', 'language=rus', '-metadata:s:a:1', 'title=Commentary',
    '-metadata:s:s:0', 'language=fre', '-metadata:s:s:1', 'language=ger',
    '-metadata:s:s:1', 'title=Deutsch',
    '-disposition:a:0', 'default', '-disposition:a:1', '0',
    file,
  ]);
  return { clip: await fs.readFile(file), dir };
}

/** The real runner, counting its ffmpeg runs. */
/** The tracks clip, made once for a test file and removed after it. */
export function useTracksClip(): { clip: Buffer } {
  const state: { clip: Buffer; dir: string } = { clip: Buffer.alloc(0), dir: '' };
  beforeAll(async () => {
    ({ clip: state.clip, dir: state.dir } = await makeTracksClip());
  });
  afterAll(async () => {
    await fs.rm(state.dir, { recursive: true, force: true });
  });
  return state;
}

export function countingRunner(): { runner: TrackToolRunner; ffmpegRuns: () => number } {
  let runs = 0;
  const run = createTrackToolRunner({ memoryMiB: 3072, niceness: 10 });
  return {
    runner: (command, args, options) => {
      if (command === 'ffmpeg') {
        runs += 1;
      }
      return run(command, args, options);
    },
    ffmpegRuns: () => runs,
  };
}

/** GET of a link on the content origin. */
export function fetchLink(t: TestApp, url: string): Promise<LightMyRequestResponse> {
  const parsed = new URL(url);
  expect(parsed.origin).toBe(contentOrigin);
  return t.app.inject({
    method: 'GET',
    url: parsed.pathname + parsed.search,
    headers: { host: parsed.host },
  });
}

/** The cues of a WebVTT text: start, end (seconds) and text. */
export function cuesOf(vtt: string): { start: number; end: number; text: string }[] {
  expect(vtt.startsWith('WEBVTT')).toBe(true);
  const seconds = (time: string) =>
    time
      .split(':')
      .reverse()
      .reduce((sum, part, at) => sum + Number(part) * 60 ** at, 0);
  return vtt
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/).filter((line) => line !== ''))
    .flatMap((lines) => {
      const at = lines.findIndex((line) => line.includes(' --> '));
      if (at < 0) {
        return [];
      }
      const [start = '', end = ''] = (lines[at] ?? '').split(' --> ');
      return [
        {
          start: seconds(start),
          end: seconds(end.split(' ')[0] ?? ''),
          text: lines.slice(at + 1).join('\n'),
        },
      ];
    });
}
