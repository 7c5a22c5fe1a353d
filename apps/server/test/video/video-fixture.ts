import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import {
  createMediaRunner,
  type MediaRunner,
  type RunningProcess,
} from '../../src/modules/video/ffmpeg-runner';
import { buildTestApp, type TestApp } from '../helper';

/*
 * Video playback with the real ffmpeg and ffprobe. The clips are made by ffmpeg itself (a few
 * seconds, 320×180, a keyframe every second), so this needs ffmpeg installed (`.ci/run` installs
 * it) and fails without it.
 */

export const run = promisify(execFile);
export const contentOrigin = 'http://content.nimbus-usercontent.test';

export interface MediaBody {
  media_id: string;
  media_name: string;
  rendition?: string;
  link: { url: string; type: string };
  is_origin: boolean;
  is_default: boolean;
  is_playable: boolean;
  unsupported_codecs: string[];
  video: {
    width: number;
    height: number;
    duration: number;
    video_codec: string;
    audio_codec: string;
  };
}

/** Seconds of each clip. */
export const clipSeconds = 9;

/** The picture of a clip: its size and frames a second (a keyframe every second). */
export interface ClipShape {
  size: string;
  rate: number;
}

/**
 * Makes a clip with ffmpeg's test sources: `video` and `audio` are encoder arguments; 320×180
 * at 25 frames a second unless `shape` says otherwise.
 */
export async function makeClip(
  dir: string,
  name: string,
  video: string[],
  audio: string[],
  seconds = clipSeconds,
  shape: ClipShape = { size: '320x180', rate: 25 },
): Promise<string> {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${shape.size}:rate=${String(shape.rate)}:duration=${String(seconds)}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${String(seconds)}`,
    ...video,
    '-g',
    String(shape.rate),
    ...audio,
    file,
  ]);
  return file;
}

export const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/** The streams and first timestamps ffprobe reads from bytes. */
export async function probe(dir: string, bytes: Buffer) {
  const file = path.join(dir, `probe-${Math.random().toString(36).slice(2)}.ts`);
  await fs.writeFile(file, bytes);
  try {
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,width,height:frame=pts_time,media_type',
      '-of',
      'json',
      file,
    ]);
    const parsed = JSON.parse(stdout) as {
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
      frames: { media_type: string; pts_time: string }[];
    };
    const videoFrames = parsed.frames.filter((frame) => frame.media_type === 'video');
    return {
      streams: parsed.streams.map((stream) => `${stream.codec_type}:${stream.codec_name}`).sort(),
      height: parsed.streams.find((stream) => stream.codec_type === 'video')?.height ?? 0,
      firstVideoPts: Number(videoFrames[0]?.pts_time ?? NaN),
      firstAudioPts: Number(
        parsed.frames.find((frame) => frame.media_type === 'audio')?.pts_time ?? NaN,
      ),
      videoFrames: videoFrames.length,
    };
  } finally {
    await fs.rm(file, { force: true });
  }
}

/**
 * A runner that counts the ffmpeg and ffprobe runs it starts; with `hold` set, every ffmpeg run
 * starts paused until `release()` (a run that keeps its slot as long as a test needs).
 */
export function countingRunner() {
  const real = createMediaRunner();
  const runs: string[] = [];
  const held: RunningProcess[] = [];
  const runner = {
    runs,
    hold: false,
    release(): void {
      held.splice(0).forEach((process) => process.resume());
    },
    start(command, args, limits) {
      runs.push(command);
      const process = real.start(command, args, limits);
      if (runner.hold && command === 'ffmpeg') {
        process.pause();
        held.push(process);
      }
      return process;
    },
  } satisfies MediaRunner & Record<string, unknown>;
  return runner;
}

/**
 * A fresh app per test (or, with `perFile`, one for all the tests of the describe, which then
 * keep to their own members and contents) with a counted media runner, and the calls the tests
 * make through it.
 */
export function useVideoApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  { perFile = false }: { perFile?: boolean } = {},
) {
  const state = { t: undefined as unknown as TestApp, runner: countingRunner() };

  (perFile ? beforeAll : beforeEach)(async () => {
    state.runner = countingRunner();
    state.t = await buildTestApp(
      dialect,
      // ffmpeg at the tests' own priority: under the default niceness a loaded machine (the other
      // test files) starves it, and the runs are what these tests wait on.
      { CONTENT_ORIGIN: contentOrigin, TRANSCODE_NICENESS: '0', ...env },
      { mediaRunner: state.runner },
    );
  });
  (perFile ? afterAll : afterEach)(async () => {
    await state.t.close();
  });

  function fetchContent(url: string): Promise<LightMyRequestResponse> {
    const parsed = new URL(url, contentOrigin);
    expect(parsed.origin).toBe(contentOrigin);
    return state.t.app.inject({
      method: 'GET',
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host },
    });
  }

  async function mediasOf(
    headers: Record<string, string>,
    id: string,
    codecs?: string,
  ): Promise<MediaBody[]> {
    const query = codecs === undefined ? '' : `?media_codecs=${encodeURIComponent(codecs)}`;
    const response = await state.t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${id}${query}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ medias: MediaBody[] }>().medias;
  }

  /** The segment URLs of a playlist, absolute. */
  async function segmentsOf(playlistUrl: string): Promise<{ urls: string[]; lengths: number[] }> {
    const playlist = await fetchContent(playlistUrl);
    expect(playlist.statusCode, playlist.body).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const lines = playlist.body.split('\n');
    const urls: string[] = [];
    const lengths: number[] = [];
    lines.forEach((line, index) => {
      if (line.startsWith('#EXTINF:')) {
        lengths.push(Number(line.slice(8).replace(',', '')));
        urls.push(new URL(lines[index + 1] ?? '', playlistUrl).toString());
      }
    });
    expect(lines).toContain('#EXT-X-ENDLIST');
    return { urls, lengths };
  }

  return { state, fetchContent, mediasOf, segmentsOf };
}

export async function clipDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-video-'));
}
