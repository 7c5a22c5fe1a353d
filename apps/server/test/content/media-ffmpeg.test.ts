import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

/*
 * Video facts, frame thumbnails and playability with the real ffmpeg and ffprobe. The clips are
 * made by ffmpeg itself, so this test needs ffmpeg installed (`.ci/run` installs it) and fails
 * without it, as the other tests fail without Chromium or PostgreSQL.
 */

const run = promisify(execFile);
const contentOrigin = 'http://content.nimbus-usercontent.test';

interface FileBody {
  file_category: string;
  thumbnail_link: string;
  params: Record<string, string>;
  medias: {
    link: { url: string };
    is_playable: boolean;
    unsupported_codecs: string[];
    video: {
      width: number;
      height: number;
      duration: number;
      video_codec: string;
      audio_codec: string;
    };
  }[];
}

/** A 2-second 320×240 H.264 clip with a sine tone in `audioCodec`. */
async function makeClip(dir: string, name: string, audioCodec: string): Promise<Buffer> {
  const file = path.join(dir, name);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    audioCodec,
    file,
  ]);
  return fs.readFile(file);
}

/**
 * A hostile upload: bytes every content sniffer takes for a video (an MPEG transport stream's
 * sync byte every 192 bytes, inside an ID3 tag that ffmpeg's prober skips), that ffmpeg would
 * otherwise open as an `ffconcat` list naming the blob `target` stored beside it. A counter at the
 * end is turned until its SHA-256 starts as `target`'s does, so both blobs share a folder.
 */
function hostileConcat(target: string): Buffer {
  const tagSize = 8192;
  const syncsafe = [21, 14, 7, 0].map((shift) => (tagSize >> shift) & 0x7f);
  const head = Buffer.concat([
    Buffer.from([0x49, 0x44, 0x33, 0x04, 0x47, 0x00, ...syncsafe]),
    Buffer.alloc(tagSize),
  ]);
  for (let at = 4; at < head.length; at += 192) {
    head[at] = 0x47;
  }
  const prefix = Buffer.concat([head, Buffer.from(`ffconcat version 1.0\nfile ${target}\n# `)]);
  const hashed = createHash('sha256').update(prefix);
  for (let counter = 0; ; counter += 1) {
    const tail = Buffer.from(`${counter.toString(16)}\n`);
    if (hashed.copy().update(tail).digest('hex').startsWith(target.slice(0, 4))) {
      return Buffer.concat([prefix, tail]);
    }
  }
}

let clipDir = '';
let eac3Clip: Buffer = Buffer.alloc(0);
let aacClip: Buffer = Buffer.alloc(0);

beforeAll(async () => {
  clipDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-clips-'));
  eac3Clip = await makeClip(clipDir, 'eac3.mp4', 'eac3');
  aacClip = await makeClip(clipDir, 'aac.mp4', 'aac');
});
afterAll(async () => {
  await fs.rm(clipDir, { recursive: true, force: true });
});

describe.each(dialects)('video analysis with ffmpeg on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await buildTestApp(dialect, { CONTENT_ORIGIN: contentOrigin });
  });
  afterEach(async () => {
    await t.close();
  });

  async function fileOf(
    headers: Record<string, string>,
    id: string,
    query = '',
  ): Promise<FileBody> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${id}${query}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<FileBody>();
  }

  function fetchContent(url: string, headers: Record<string, string> = {}) {
    const parsed = new URL(url);
    return t.app.inject({
      method: 'GET',
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host, ...headers },
    });
  }

  it('reports dimensions and duration, draws a frame thumbnail and flags eac3 audio unplayable', async () => {
    const { ffprobe, ffmpeg } = t.container.mediaTools;
    expect({ ffprobe, ffmpeg }, 'ffmpeg and ffprobe must be installed').toEqual({
      ffprobe: true,
      ffmpeg: true,
    });
    const { user, headers } = await signedInMember(t);
    const eac3 = await storeFile(t, user.id, 'surround.mp4', eac3Clip);
    const aac = await storeFile(t, user.id, 'stereo.mp4', aacClip);

    const surround = await fileOf(headers, eac3.id, '?thumbnail_size=SIZE_SMALL');
    expect(surround.file_category).toBe('VIDEO');
    expect(surround.params).toMatchObject({ width: '320', height: '240', duration: '2' });
    // The original and its remux (the H.264 copied, the audio made AAC).
    expect(surround.medias).toHaveLength(2);
    expect(surround.medias[1]).toMatchObject({ media_name: 'Remux', is_default: true });
    expect(surround.medias[0]).toMatchObject({
      is_playable: false,
      unsupported_codecs: ['eac3'],
      video: { width: 320, height: 240, duration: 2, video_codec: 'h264', audio_codec: 'eac3' },
    });

    const stereo = await fileOf(headers, aac.id);
    expect(stereo.params).toMatchObject({ width: '320', height: '240', duration: '2' });
    expect(stereo.medias[0]).toMatchObject({
      is_playable: true,
      unsupported_codecs: [],
      video: { width: 320, height: 240, video_codec: 'h264', audio_codec: 'aac' },
    });
    const played = await fetchContent(stereo.medias[0]?.link.url ?? '', { range: 'bytes=0-' });
    expect(played.statusCode).toBe(206);
    expect(played.rawPayload.equals(aacClip)).toBe(true);

    // A frame of the video, fitted in the small size: 320×240 becomes 256×192.
    expect(surround.thumbnail_link).not.toBe('');
    const thumbnail = await fetchContent(surround.thumbnail_link);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const frame = sharp(thumbnail.rawPayload);
    const drawn = await frame.metadata();
    expect([drawn.format, drawn.width, drawn.height]).toEqual(['webp', 256, 192]);
    // testsrc draws colour bars: the frame is not one flat colour.
    const stats = await frame.stats();
    expect(stats.channels.some((channel) => channel.stdev > 20)).toBe(true);
  });

  it('keeps ffmpeg on the one file it is given: a hostile upload reads no video of another member', async () => {
    const victim = await signedInMember(t);
    const attacker = await signedInMember(t);
    const clip = await storeFile(t, victim.user.id, 'private.mp4', aacClip);
    const hostile = await storeFile(
      t,
      attacker.user.id,
      'movie.ts',
      hostileConcat(clip.sha256 ?? ''),
    );

    const probed = await fileOf(attacker.headers, hostile.id, '?thumbnail_size=SIZE_SMALL');
    expect(probed.file_category).toBe('VIDEO');
    expect(probed.params).not.toHaveProperty('width');
    // No frame of anything is drawn for it either.
    const thumbnail = await fetchContent(probed.thumbnail_link);
    expect(thumbnail.statusCode).toBe(404);
  });
});
