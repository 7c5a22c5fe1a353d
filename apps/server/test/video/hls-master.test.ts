import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import { clipDir, h264, probe, run, useVideoApp } from './video-fixture';

let dir = '';
let film = Buffer.alloc(0);

/** A 2 s 720p H.264 film in Matroska with two AC3 audio streams (remux + 480p). */
beforeAll(async () => {
  dir = await clipDir();
  const file = path.join(dir, 'film.mkv');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=880:duration=2'],
    ...['-map', '0', '-map', '1', '-map', '2', ...h264, '-g', '25', '-c:a', 'ac3'],
    ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=fra'],
    ...['-metadata:s:a:1', 'title=Commentaire', file],
  ]);
  film = await fs.readFile(file);
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

interface Variant {
  attributes: Record<string, string>;
  uri: string;
}

/** The attributes of an HLS tag's line (`KEY=value,KEY="quoted"`). */
function attributesOf(list: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of list.matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)) {
    attributes[match[1] ?? ''] = (match[2] ?? '').replace(/^"|"$/g, '');
  }
  return attributes;
}

/** The `EXT-X-MEDIA` renditions of a master playlist, by their attributes. */
function mediaOf(body: string): Record<string, string>[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('#EXT-X-MEDIA:'))
    .map((line) => attributesOf(line.slice(13)));
}

/** The variants of a master playlist: each `EXT-X-STREAM-INF`'s attributes and the URI after it. */
function variantsOf(body: string): Variant[] {
  const lines = body.split('\n');
  expect(lines[0]).toBe('#EXTM3U');
  const variants: Variant[] = [];
  lines.forEach((line, index) => {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      const attributes: Record<string, string> = {};
      for (const match of line.slice(18).matchAll(/([A-Z-]+)=("[^"]*"|[^,]*)/g)) {
        attributes[match[1] ?? ''] = (match[2] ?? '').replace(/^"|"$/g, '');
      }
      variants.push({ attributes, uri: lines[index + 1] ?? '' });
    }
  });
  return variants;
}

describe.each(dialects)('the HLS master playlist on %s', (dialect) => {
  const { state, fetchContent, mediasOf, segmentsOf } = useVideoApp(dialect);

  it('lists every rendition with bandwidth, resolution and codecs, the link’s own first, and each audio stream as an audio rendition', async () => {
    const { user, headers } = await signedInMember(state.t);
    const stored = await storeFile(state.t, user.id, 'film.mkv', film);
    const medias = await mediasOf(headers, stored.id);
    const remux = medias.find((media) => media.rendition === 'remux');
    expect(remux?.is_default).toBe(true);
    const masterUrl = (remux?.link.url ?? '').replace(/index\.m3u8$/, 'master.m3u8');

    const master = await fetchContent(masterUrl);
    expect(master.statusCode, master.body).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const variants = variantsOf(master.body);
    expect(variants.map((variant) => variant.attributes)).toEqual([
      {
        BANDWIDTH: expect.stringMatching(/^[1-9]\d+$/) as unknown,
        RESOLUTION: '1280x720',
        // The copied video's own profile and level: x264's ultrafast is Constrained Baseline 3.1.
        CODECS: 'avc1.42E01F,mp4a.40.2',
        NAME: 'remux',
        AUDIO: 'audio',
      },
      {
        BANDWIDTH: expect.stringMatching(/^[1-9]\d+$/) as unknown,
        RESOLUTION: '854x480',
        CODECS: 'avc1.64001E,mp4a.40.2',
        NAME: '480p',
        AUDIO: 'audio',
      },
    ]);
    // Every audio stream is a rendition of the variants' audio group, the first the default.
    expect(mediaOf(master.body)).toEqual([
      {
        TYPE: 'AUDIO',
        'GROUP-ID': 'audio',
        LANGUAGE: 'en',
        NAME: 'English',
        DEFAULT: 'YES',
        AUTOSELECT: 'YES',
        CHANNELS: '2',
        URI: 'audio.m3u8?audio=0',
      },
      {
        TYPE: 'AUDIO',
        'GROUP-ID': 'audio',
        LANGUAGE: 'fr',
        NAME: 'Commentaire',
        DEFAULT: 'NO',
        AUTOSELECT: 'YES',
        CHANNELS: '2',
        URI: 'audio.m3u8?audio=1',
      },
    ]);
    // Each variant is the video alone, a media playlist of its own.
    for (const variant of variants) {
      const url = new URL(variant.uri, masterUrl).toString();
      expect(url).toMatch(/\/hls\/video\.m3u8$/);
      const { urls } = await segmentsOf(url);
      expect(urls[0]).toMatch(/\/hls\/v0\.ts$/);
    }
    const video = await fetchContent(
      (await segmentsOf(new URL(variants[0]?.uri ?? '', masterUrl).toString())).urls[0] ?? '',
    );
    expect(video.statusCode).toBe(200);
    expect((await probe(dir, video.rawPayload)).streams).toEqual(['video:h264']);
    // An audio rendition is that stream alone, as AAC.
    const { urls: audioUrls } = await segmentsOf(
      new URL('audio.m3u8?audio=1', masterUrl).toString(),
    );
    expect(audioUrls[0]).toMatch(/\/hls\/a0\.ts\?audio=1$/);
    const audio = await fetchContent(audioUrls[0] ?? '');
    expect(audio.statusCode).toBe(200);
    expect((await probe(dir, audio.rawPayload)).streams).toEqual(['audio:aac']);

    // `?audio=` makes another stream the default; the 480p link's master starts with 480p.
    const low = medias.find((media) => media.rendition === '480p');
    const lowMaster = await fetchContent(
      `${(low?.link.url ?? '').replace(/index\.m3u8$/, 'master.m3u8')}?audio=1`,
    );
    expect(variantsOf(lowMaster.body).map((variant) => variant.attributes.NAME)).toEqual([
      '480p',
      'remux',
    ]);
    expect(mediaOf(lowMaster.body).map((entry) => entry.DEFAULT)).toEqual(['NO', 'YES']);
    expect(variantsOf(lowMaster.body)[0]?.uri).not.toContain('?audio');
  });
});
