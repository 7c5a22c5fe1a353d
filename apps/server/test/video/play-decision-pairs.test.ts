import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import { clipDir, h264, makeClip, probe, useVideoApp } from './video-fixture';

/*
 * The play decision for the codec and container pairs of docs/product.md#video-playback, each
 * from a one-second clip ffmpeg makes: what a browser is given, and what the original lacks.
 */

const vp9 = ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '200k'];
const av1 = ['-c:v', 'libsvtav1', '-preset', '12', '-pix_fmt', 'yuv420p'];
const opus = ['-c:a', 'libopus', '-b:a', '48k'];

const pairs = {
  'vp9-opus.webm': [vp9, opus],
  'av1-opus.webm': [av1, opus],
  'h264-dts.mkv': [h264, ['-c:a', 'dca', '-strict', '-2', '-ac', '2']],
  'h264-flac.mkv': [h264, ['-c:a', 'flac']],
  'h264-eac3.mp4': [h264, ['-c:a', 'eac3']],
  'wmv.wmv': [
    ['-c:v', 'wmv2'],
    ['-c:a', 'wmav2'],
  ],
} as const;
type PairName = keyof typeof pairs;

let dir = '';
const clips = new Map<PairName, Buffer>();

beforeAll(async () => {
  dir = await clipDir();
  await Promise.all(
    Object.entries(pairs).map(async ([name, [video, audio]]) => {
      const file = await makeClip(dir, name, [...video], [...audio], 1);
      clips.set(name as PairName, await fs.readFile(file));
    }),
  );
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.each(dialects)('play decision per codec and container on %s', (dialect) => {
  const { state, fetchContent, mediasOf, segmentsOf } = useVideoApp(dialect);

  it('plays, remuxes or transcodes each pair as the browser decodes it', async () => {
    const { user, headers } = await signedInMember(state.t);
    const ids = new Map<PairName, string>();
    for (const [name, bytes] of clips) {
      ids.set(name, (await storeFile(state.t, user.id, name, bytes)).id);
    }
    /** `[rendition, is_default]` of each media, and what the original lacks. */
    const decide = async (name: PairName, codecs?: string) => {
      const medias = await mediasOf(headers, ids.get(name) ?? '', codecs);
      return {
        medias: medias.map((media) => [media.rendition, media.is_default]),
        unsupported: medias[0]?.unsupported_codecs,
      };
    };
    const transcoded = {
      medias: [
        ['original', false],
        ['480p', true],
      ],
    };

    // VP9 + Opus in WebM plays as it is where VP9 decodes; a browser without it gets H.264.
    expect(await decide('vp9-opus.webm')).toEqual({
      medias: [['original', true]],
      unsupported: [],
    });
    expect(await decide('vp9-opus.webm', 'h264,aac,mp4,hls')).toEqual({
      ...transcoded,
      unsupported: ['vp9', 'opus', 'webm'],
    });
    // AV1 plays only where the browser names it.
    expect(await decide('av1-opus.webm', 'h264,vp9,av1,aac,opus,mp4,webm')).toEqual({
      medias: [['original', true]],
      unsupported: [],
    });
    expect(await decide('av1-opus.webm')).toEqual({ ...transcoded, unsupported: ['av1'] });
    // H.264 with audio or a container the browser lacks: the video copied.
    const remuxed = [
      ['original', false],
      ['remux', true],
    ];
    expect(await decide('h264-dts.mkv')).toEqual({ medias: remuxed, unsupported: ['dts', 'mkv'] });
    expect(await decide('h264-flac.mkv')).toEqual({ medias: remuxed, unsupported: ['mkv'] });
    expect(await decide('h264-flac.mkv', 'h264,flac,mkv')).toEqual({
      medias: [['original', true]],
      unsupported: [],
    });
    expect(await decide('h264-eac3.mp4')).toEqual({ medias: remuxed, unsupported: ['eac3'] });
    // An old Windows video in ASF: transcoded.
    expect(await decide('wmv.wmv')).toEqual({
      ...transcoded,
      unsupported: ['wmv2', 'wmav2', 'asf'],
    });

    // The DTS remux decodes: the video as it was, the audio AAC.
    const dts = await mediasOf(headers, ids.get('h264-dts.mkv') ?? '');
    const { urls } = await segmentsOf(dts[1]?.link.url ?? '');
    expect(urls).toHaveLength(1);
    const segment = await fetchContent(urls[0] ?? '');
    expect(segment.statusCode, segment.body.slice(0, 200)).toBe(200);
    const facts = await probe(dir, segment.rawPayload);
    expect(facts.streams).toEqual(['audio:aac', 'video:h264']);
    expect(facts.videoFrames).toBe(25);
  });
});
