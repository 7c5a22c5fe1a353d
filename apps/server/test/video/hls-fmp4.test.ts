import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import { clipDir, h264, makeClip, probe, useVideoApp } from './video-fixture';

/*
 * Remuxes into HLS with fragmented MP4 segments (HEVC, VP9), and the seek of a copied video: with
 * the real ffmpeg on 5 s clips of 128×72 at 10 frames a second, a keyframe every second (a remux
 * cuts at 0 and 4 s), made once for the file and played by one app.
 */

const seconds = 5;
const rate = 25;
const shape = { size: '128x72', rate };

let dir = '';
const clips = { hevc: Buffer.alloc(0), vp9: Buffer.alloc(0), h264: Buffer.alloc(0) };

beforeAll(async () => {
  dir = await clipDir();
  const [hevc, vp9, film] = await Promise.all([
    makeClip(
      dir,
      'hevc.mkv',
      ['-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', `log-level=error:keyint=${rate}`],
      ['-c:a', 'ac3'],
      seconds,
      shape,
    ),
    makeClip(
      dir,
      'vp9.mkv',
      ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '100k'],
      ['-c:a', 'ac3'],
      seconds,
      shape,
    ),
    makeClip(dir, 'film.mkv', h264, ['-c:a', 'ac3'], seconds, shape),
  ]);
  clips.hevc = await fs.readFile(hevc);
  clips.vp9 = await fs.readFile(vp9);
  clips.h264 = await fs.readFile(film);
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const safari = 'h264,hevc,aac,mp3,flac,ac3,eac3,mp4,hls';
const chrome = 'h264,vp9,av1,aac,mp3,opus,vorbis,flac,mp4,webm';

describe.each(dialects)('fragmented MP4 remux on %s', (dialect) => {
  const { state, fetchContent, mediasOf, segmentsOf } = useVideoApp(dialect, {}, { perFile: true });

  /** A playlist's init segment URL (`EXT-X-MAP`), absolute. */
  async function initOf(playlistUrl: string): Promise<string> {
    const body = (await fetchContent(playlistUrl)).body;
    const uri = /#EXT-X-MAP:URI="([^"]+)"/.exec(body)?.[1];
    expect(uri, body).toBeDefined();
    return new URL(uri ?? '', playlistUrl).toString();
  }

  it('copies HEVC into fMP4 segments after one init segment: every frame once, a seek on its keyframe', async () => {
    const { user, headers } = await signedInMember(state.t);
    const film = await storeFile(state.t, user.id, 'hevc.mkv', clips.hevc);
    const medias = await mediasOf(headers, film.id, safari);
    expect(medias.map((media) => [media.rendition, media.is_default])).toEqual([
      ['original', false],
      ['remux', true],
    ]);
    expect(medias[1]?.video).toMatchObject({ video_codec: 'hevc', audio_codec: 'aac' });
    const link = medias[1]?.link.url ?? '';
    const { urls, lengths } = await segmentsOf(link);
    expect(urls.every((url) => new URL(url).pathname.endsWith('.m4s'))).toBe(true);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBeCloseTo(seconds, 0);

    // Segment 1 first (a run started at its keyframe), then the init and segment 0.
    const seek = await fetchContent(urls[1] ?? '');
    expect(seek.statusCode, seek.body.slice(0, 200)).toBe(200);
    expect(seek.headers['content-type']).toBe('video/mp4');
    // A media segment is fragments only: its moov is in the init segment.
    expect(seek.rawPayload.toString('latin1', 4, 8)).toBe('moof');
    const init = await fetchContent(await initOf(link));
    expect(init.statusCode).toBe(200);
    expect(init.rawPayload.toString('latin1', 4, 8)).toBe('ftyp');
    let frames = 0;
    const starts: number[] = [];
    for (const [index, url] of urls.entries()) {
      const segment = index === 1 ? seek : await fetchContent(url);
      expect(segment.statusCode).toBe(200);
      const facts = await probe(dir, Buffer.concat([init.rawPayload, segment.rawPayload]));
      expect(facts.streams).toEqual(['audio:aac', 'video:hevc']);
      frames += facts.videoFrames;
      starts.push(facts.firstVideoPts);
    }
    expect(frames).toBe(seconds * rate);
    // The seek run's segment starts where the first run's segment 0 ends, to a frame.
    expect(Math.abs((starts[1] ?? 0) - (starts[0] ?? 0) - (lengths[0] ?? 0))).toBeLessThanOrEqual(
      1 / rate + 1e-6,
    );
    // The other container's names are not this rendition's.
    const wrong = await fetchContent(urls[0]?.replace('0.m4s', '0.ts') ?? '');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ error: 'file_not_found' });

    // The master playlist names the copied stream and its video-only init segment.
    const master = (await fetchContent(link.replace('index.m3u8', 'master.m3u8'))).body;
    expect(master).toMatch(/CODECS="hvc1\.1\.6\.L\d+\.B0,mp4a\.40\.2",NAME="remux"/);
    const videoUri = /\n([^#\n][^\n]*video\.m3u8[^\n]*)\n/.exec(master)?.[1] ?? '';
    const videoList = new URL(videoUri, link).toString();
    const videoInit = await fetchContent(await initOf(videoList));
    const videoOnly = await fetchContent((await segmentsOf(videoList)).urls[0] ?? '');
    const decoded = await probe(dir, Buffer.concat([videoInit.rawPayload, videoOnly.rawPayload]));
    expect(decoded.streams).toEqual(['video:hevc']);
    // The audio renditions (MPEG-TS) share the fMP4 video's timeline: a player lines them up.
    const audioUri = /URI="([^"]*audio\.m3u8[^"]*)"/.exec(master)?.[1] ?? '';
    const audioList = (await segmentsOf(new URL(audioUri, link).toString())).urls;
    const audio = await probe(dir, (await fetchContent(audioList[0] ?? '')).rawPayload);
    expect(Math.abs(decoded.firstVideoPts - audio.firstAudioPts)).toBeLessThan(0.05);

    // A browser without HEVC is given transcodes, and their master no copied HEVC.
    const baseline = await mediasOf(headers, film.id);
    expect(baseline.map((media) => media.rendition)).toEqual(['original', '480p']);
    const plain = (await fetchContent(baseline[1]?.link.url.replace('index', 'master') ?? '')).body;
    expect(plain).not.toContain('hvc1');
    expect(plain).not.toContain('NAME="remux"');
    // It lists the transcode it was given, at the source's height, and that one plays.
    expect(plain).toMatch(/RESOLUTION=128x72,CODECS="avc1\.64[0-9A-F]{4},mp4a\.40\.2",NAME="480p"/);
    const transcodeUri = /\n([^#\n][^\n]*video\.m3u8[^\n]*)\n/.exec(plain)?.[1] ?? '';
    const transcodeList = new URL(transcodeUri, baseline[1]?.link.url).toString();
    const transcoded = await fetchContent((await segmentsOf(transcodeList)).urls[0] ?? '');
    expect((await probe(dir, transcoded.rawPayload)).streams).toEqual(['video:h264']);
  });

  it('copies VP9 for a browser that decodes it, and a copied H.264 seek segment starts on its bound', async () => {
    const { user, headers } = await signedInMember(state.t);
    const vp9 = await storeFile(state.t, user.id, 'vp9.mkv', clips.vp9);
    const medias = await mediasOf(headers, vp9.id, chrome);
    expect(medias[1]).toMatchObject({ rendition: 'remux', is_default: true });
    const link = medias[1]?.link.url ?? '';
    const { urls } = await segmentsOf(link);
    const init = await fetchContent(await initOf(link));
    const last = await fetchContent(urls.at(-1) ?? '');
    const decoded = await probe(dir, Buffer.concat([init.rawPayload, last.rawPayload]));
    expect(decoded.streams).toEqual(['audio:aac', 'video:vp9']);
    expect(decoded.videoFrames).toBeGreaterThan(0);
    const master = (await fetchContent(link.replace('index.m3u8', 'master.m3u8'))).body;
    expect(master).toContain('CODECS="vp09.00.');

    // H.264 stays MPEG-TS; a run started at segment 1 begins with that segment's keyframe.
    const film = await storeFile(state.t, user.id, 'film.mkv', clips.h264);
    const remux = await mediasOf(headers, film.id);
    const ts = await segmentsOf(remux[1]?.link.url ?? '');
    expect(ts.urls.every((url) => new URL(url).pathname.endsWith('.ts'))).toBe(true);
    const seek = await probe(dir, (await fetchContent(ts.urls[1] ?? '')).rawPayload);
    const first = await probe(dir, (await fetchContent(ts.urls[0] ?? '')).rawPayload);
    expect(ts.urls).toHaveLength(2);
    expect(seek.videoFrames + first.videoFrames).toBe(seconds * rate);
    expect(Math.abs(seek.firstVideoPts - first.firstVideoPts - (ts.lengths[0] ?? 0))).toBeLessThan(
      1 / rate + 1e-6,
    );
    const noInit = await fetchContent(remux[1]?.link.url.replace('index.m3u8', 'init.mp4') ?? '');
    expect(noInit.statusCode).toBe(404);
  });
});
