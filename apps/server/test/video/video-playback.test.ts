import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import { clipDir, h264, makeClip, probe, useVideoApp } from './video-fixture';

let dir = '';
const clips = {
  mp4: Buffer.alloc(0),
  mkv: Buffer.alloc(0),
  hevc: Buffer.alloc(0),
  tenBit: Buffer.alloc(0),
  mpeg2: Buffer.alloc(0),
};

beforeAll(async () => {
  dir = await clipDir();
  const [mp4, mkv, hevc, tenBit, mpeg2] = await Promise.all([
    makeClip(dir, 'plain.mp4', h264, ['-c:a', 'aac']),
    makeClip(dir, 'film.mkv', h264, ['-c:a', 'ac3']),
    makeClip(
      dir,
      'hevc.mp4',
      [
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error',
        '-tag:v',
        'hvc1',
      ],
      ['-c:a', 'aac'],
    ),
    makeClip(
      dir,
      'ten.mkv',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le'],
      ['-c:a', 'eac3'],
      // Long enough for a seek past the second bound: segments at 0, 4, 8 and 12 s.
      13,
    ),
    makeClip(dir, 'old.mpg', ['-c:v', 'mpeg2video'], ['-c:a', 'mp2']),
  ]);
  clips.mp4 = await fs.readFile(mp4);
  clips.mkv = await fs.readFile(mkv);
  clips.hevc = await fs.readFile(hevc);
  clips.tenBit = await fs.readFile(tenBit);
  clips.mpeg2 = await fs.readFile(mpeg2);
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.each(dialects)('video playback on %s', (dialect) => {
  const { state, fetchContent, mediasOf, segmentsOf } = useVideoApp(dialect);

  it('plays an H.264/AAC MP4 directly, and an HEVC one directly only where the browser decodes HEVC', async () => {
    const { user, headers } = await signedInMember(state.t);
    const plain = await storeFile(state.t, user.id, 'plain.mp4', clips.mp4);
    const direct = await mediasOf(headers, plain.id);
    expect(direct).toHaveLength(1);
    expect(direct[0]).toMatchObject({ rendition: 'original', is_default: true, is_playable: true });

    const hevc = await storeFile(state.t, user.id, 'hevc.mp4', clips.hevc);
    const baseline = await mediasOf(headers, hevc.id);
    expect(baseline.map((media) => [media.rendition, media.is_default])).toEqual([
      ['original', false],
      ['480p', true],
    ]);
    expect(baseline[0]).toMatchObject({ is_playable: false, unsupported_codecs: ['hevc'] });
    expect(baseline[1]).toMatchObject({
      is_origin: false,
      link: { type: 'application/vnd.apple.mpegurl' },
      video: { width: 320, height: 180, video_codec: 'h264', audio_codec: 'aac' },
    });
    const safari = await mediasOf(headers, hevc.id, 'h264,hevc,aac,mp4,hls');
    expect(safari[0]).toMatchObject({ rendition: 'original', is_default: true, is_playable: true });
  });

  it('remuxes H.264 + AC3 in MKV: the video copied, the audio AAC, cut on keyframes', async () => {
    const { user, headers } = await signedInMember(state.t);
    const film = await storeFile(state.t, user.id, 'film.mkv', clips.mkv);
    const medias = await mediasOf(headers, film.id);
    expect(medias.map((media) => [media.rendition, media.media_name, media.is_default])).toEqual([
      ['original', 'Original', false],
      ['remux', 'Remux', true],
    ]);
    expect(medias[0]).toMatchObject({ is_playable: false, unsupported_codecs: ['ac3', 'mkv'] });
    const { urls, lengths } = await segmentsOf(medias[1]?.link.url ?? '');
    expect(urls.length).toBeGreaterThanOrEqual(2);
    expect(lengths.reduce((sum, length) => sum + length, 0)).toBeCloseTo(9, 0);
    let frames = 0;
    for (const url of urls) {
      const segment = await fetchContent(url);
      expect(segment.statusCode, segment.body.slice(0, 200)).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      const facts = await probe(dir, segment.rawPayload);
      expect(facts.streams).toEqual(['audio:aac', 'video:h264']);
      frames += facts.videoFrames;
    }
    // Every frame once: segments neither overlap nor leave gaps.
    expect(frames).toBe(9 * 25);
  });

  it('transcodes 10-bit H.264 with EAC3 and MPEG-2 to H.264 + AAC; a seek segment starts on its time', async () => {
    const { user, headers } = await signedInMember(state.t);
    const ten = await storeFile(state.t, user.id, 'ten.mkv', clips.tenBit);
    const medias = await mediasOf(headers, ten.id);
    expect(medias.map((media) => [media.rendition, media.is_default])).toEqual([
      ['original', false],
      ['480p', true],
    ]);
    const { urls, lengths } = await segmentsOf(medias[1]?.link.url ?? '');
    expect(lengths.slice(0, 2)).toEqual([4, 4]);
    // Segment 2 first (a seek), then segment 0 from a run of its own.
    const seek = await probe(dir, (await fetchContent(urls[2] ?? '')).rawPayload);
    const first = await probe(dir, (await fetchContent(urls[0] ?? '')).rawPayload);
    expect(seek.streams).toEqual(['audio:aac', 'video:h264']);
    expect(seek.height).toBe(180);
    expect(Math.abs(seek.firstVideoPts - first.firstVideoPts - 8)).toBeLessThanOrEqual(
      1 / 25 + 1e-6,
    );
    expect(first.videoFrames).toBe(100);
    // The seek's run cuts its segments on the playlist's bounds too: 4 s, then the next from 12 s.
    expect(seek.videoFrames).toBe(100);
    const next = await probe(dir, (await fetchContent(urls[3] ?? '')).rawPayload);
    expect(Math.abs(next.firstVideoPts - seek.firstVideoPts - 4)).toBeLessThanOrEqual(
      1 / 25 + 1e-6,
    );

    const old = await storeFile(state.t, user.id, 'old.mpg', clips.mpeg2);
    const oldMedias = await mediasOf(headers, old.id, 'h264,aac,mp4,mkv,webm');
    expect(oldMedias[0]).toMatchObject({
      is_playable: false,
      unsupported_codecs: ['mpeg2video', 'mp2', 'mpeg'],
    });
    expect(oldMedias[1]).toMatchObject({ rendition: '480p', is_default: true });
    const oldSegments = await segmentsOf(oldMedias[1]?.link.url ?? '');
    const decoded = await probe(dir, (await fetchContent(oldSegments.urls[0] ?? '')).rawPayload);
    expect(decoded.streams).toEqual(['audio:aac', 'video:h264']);
  });

  it('serves a second member holding the same bytes from the cache, without running ffmpeg', async () => {
    const first = await signedInMember(state.t);
    const second = await signedInMember(state.t);
    const mine = await storeFile(state.t, first.user.id, 'film.mkv', clips.mkv);
    const theirs = await storeFile(state.t, second.user.id, 'copy.mkv', clips.mkv);
    const firstMedias = await mediasOf(first.headers, mine.id);
    const firstSegments = await segmentsOf(firstMedias[1]?.link.url ?? '');
    const bodies = [];
    for (const url of firstSegments.urls) {
      bodies.push((await fetchContent(url)).rawPayload);
    }
    const runs = state.runner.runs.length;
    expect(runs).toBeGreaterThan(0);

    const secondMedias = await mediasOf(second.headers, theirs.id);
    const secondSegments = await segmentsOf(secondMedias[1]?.link.url ?? '');
    expect(secondSegments.urls).toHaveLength(bodies.length);
    for (const [index, url] of secondSegments.urls.entries()) {
      const segment = await fetchContent(url);
      expect(segment.statusCode).toBe(200);
      expect(segment.rawPayload.equals(bodies[index] ?? Buffer.alloc(0))).toBe(true);
    }
    expect(state.runner.runs.length).toBe(runs);
  });
});
