import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, errorOf } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import { pgsBox } from './pgs-fixture';
import { clipDir, run, useVideoApp } from './video-fixture';

let dir = '';
let film = Buffer.alloc(0);

/** 3 s of black MPEG-2 (transcoded) with AC3 audio and a PGS white box from 0.5 s to 2.5 s (stream 2). */
beforeAll(async () => {
  dir = await clipDir();
  const sup = path.join(dir, 'box.sup');
  await fs.writeFile(
    sup,
    pgsBox({ width: 320, height: 180 }, { x: 80, y: 60, width: 160, height: 60 }, 0.5, 2.5),
  );
  const file = path.join(dir, 'film.mkv');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=black:size=320x180:rate=25:duration=3'],
    ...['-f', 'lavfi', '-i', 'sine=duration=3', '-i', sup],
    ...['-map', '0', '-map', '1', '-map', '2', '-c:v', 'mpeg2video', '-c:a', 'ac3'],
    ...['-c:s', 'copy', file],
  ]);
  film = await fs.readFile(file);
}, 60_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The brightness (0-255) at the middle of the box in frame 25 (1 s) of a segment. */
async function middleOf(bytes: Buffer): Promise<number> {
  const file = path.join(dir, `segment-${Math.random().toString(36).slice(2)}.ts`);
  await fs.writeFile(file, bytes);
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', file, '-vf', 'select=eq(n\\,25),crop=2:2:160:90'],
      ...['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    ],
    { encoding: 'buffer' },
  );
  return stdout[0] ?? -1;
}

describe.each(dialects)('picture subtitles burned in on %s', (dialect) => {
  const { state, fetchContent, mediasOf, segmentsOf } = useVideoApp(dialect);

  it('overlays the PGS track a viewer asks for on the transcode, cached apart from the plain one', async () => {
    const { user, headers } = await signedInMember(state.t);
    const stored = await storeFile(state.t, user.id, 'film.mkv', film);
    const tracks = await state.t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${stored.id}/media_tracks`,
      headers,
    });
    const image = tracks
      .json<{ subtitles: { id: string; kind: string }[] }>()
      .subtitles.find((track) => track.kind === 'image');
    expect(image?.id).toBe('e2');
    const medias = await mediasOf(headers, stored.id);
    const transcode = medias.find((media) => media.is_default);
    expect(transcode?.rendition).toBe('480p');
    const link = transcode?.link.url ?? '';

    const burned = await segmentsOf(`${link}?burn=e2`);
    expect(burned.urls[0]).toMatch(/\/0\.ts\?burn=e2$/);
    const withBox = await fetchContent(burned.urls[0] ?? '');
    expect(withBox.statusCode, withBox.body).toBe(200);
    expect(await middleOf(withBox.rawPayload)).toBeGreaterThan(200);

    const plain = await segmentsOf(link);
    const without = await fetchContent(plain.urls[0] ?? '');
    expect(without.statusCode).toBe(200);
    expect(await middleOf(without.rawPayload)).toBeLessThan(40);

    // The master of a burned-in choice carries it to its variants.
    const master = await fetchContent(`${link.replace(/index\.m3u8$/, 'master.m3u8')}?burn=e2`);
    expect(master.body).toMatch(/\/hls\/video\.m3u8\?burn=e2\n/);
  });

  it('refuses to burn a stream that is no picture subtitle, or into a remux', async () => {
    const { user, headers } = await signedInMember(state.t);
    const stored = await storeFile(state.t, user.id, 'film.mkv', film);
    const link = (await mediasOf(headers, stored.id)).find((media) => media.is_default)?.link.url;
    for (const burn of ['e1', 'e9']) {
      const refused = await fetchContent(`${link ?? ''}?burn=${burn}`);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).error).toBe('invalid_argument');
    }
    const h264 = await storeFile(state.t, user.id, 'copy.mkv', await remuxable());
    const remux = (await mediasOf(headers, h264.id)).find((media) => media.rendition === 'remux');
    const refused = await fetchContent(`${remux?.link.url ?? ''}?burn=e2`);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error).toBe('invalid_argument');
  });
});

/** The film with its video as H.264 (a remux), the PGS stream kept. */
async function remuxable(): Promise<Buffer> {
  const file = path.join(dir, 'h264.mkv');
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-i', path.join(dir, 'film.mkv'), '-map', '0'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'copy', '-c:s', 'copy', file],
  ]);
  return fs.readFile(file);
}
