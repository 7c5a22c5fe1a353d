import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { clipDir, h264, makeClip, useVideoApp } from './video-fixture';

let dir = '';
let mkv = Buffer.alloc(0);
let tenBit = Buffer.alloc(0);

beforeAll(async () => {
  dir = await clipDir();
  const [film, ten] = await Promise.all([
    makeClip(dir, 'film.mkv', h264, ['-c:a', 'ac3'], 5),
    makeClip(
      dir,
      'ten.mkv',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le'],
      ['-c:a', 'eac3'],
      5,
    ),
  ]);
  mkv = await fs.readFile(film);
  tenBit = await fs.readFile(ten);
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

interface Started {
  file: { id: string };
  resumable?: { params: { url: string } };
}

/** Uploads bytes through the resumable upload a browser uses: one tus PATCH. */
async function uploadTo(
  t: TestApp,
  headers: Record<string, string>,
  name: string,
  bytes: Buffer,
): Promise<string> {
  const started = ok<Started>(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files',
      headers,
      payload: {
        kind: 'drive#file',
        parent_id: '',
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
        name,
        size: String(bytes.length),
      },
    }),
  );
  const patched = await t.app.inject({
    method: 'PATCH',
    url: new URL(started.resumable?.params.url ?? '').pathname,
    headers: {
      ...headers,
      'tus-resumable': '1.0.0',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    payload: bytes,
  });
  expect(patched.statusCode, patched.body).toBe(204);
  return started.file.id;
}

/** Where the preparing of these bytes stands. */
function jobOf(t: TestApp, bytes: Buffer | string) {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return t.container.database.db
    .selectFrom('video_prepare_jobs')
    .select(['phase', 'reason'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

describe.each(dialects)('videos read at ingest on %s', (dialect) => {
  const { state, mediasOf, segmentsOf } = useVideoApp(dialect);

  it('reads an uploaded video’s facts and keyframes, so its playlists run no ffprobe', async () => {
    const { headers } = await signedInMember(state.t);
    const film = await uploadTo(state.t, headers, 'film.mkv', mkv);
    expect(await state.t.container.videoPrepare.runPending()).toBe(1);
    expect(await jobOf(state.t, mkv)).toEqual({ phase: 'done', reason: '' });
    // The facts and the keyframes, no segment (TRANSCODE_AT_INGEST is off).
    expect(state.runner.runs).toEqual(['ffprobe', 'ffprobe']);

    state.runner.runs.length = 0;
    const remux = (await mediasOf(headers, film)).find((media) => media.rendition === 'remux');
    const { lengths } = await segmentsOf(remux?.link.url ?? '');
    // Cut on the stored keyframes (one a second): at 0 and 4 s.
    expect(lengths.map((length) => Math.round(length))).toEqual([4, 1]);
    expect(state.runner.runs).toEqual([]);
  });
});

describe.each(dialects)('videos prepared at ingest on %s', (dialect) => {
  const { state, fetchContent, mediasOf, segmentsOf } = useVideoApp(dialect, {
    TRANSCODE_AT_INGEST: 'all',
  });
  const upload = (headers: Record<string, string>, name: string, bytes: Buffer) =>
    uploadTo(state.t, headers, name, bytes);

  it('makes the remux and the transcode of uploaded videos once, so playing them runs no ffmpeg', async () => {
    const { headers } = await signedInMember(state.t);
    const film = await upload(headers, 'film.mkv', mkv);
    const ten = await upload(headers, 'ten.mkv', tenBit);
    // The same bytes in another drive are not queued again.
    const other = await signedInMember(state.t);
    await upload(other.headers, 'copy.mkv', mkv);
    await upload(headers, 'notes.txt', Buffer.from('not a video'));

    expect(await state.t.container.videoPrepare.runPending()).toBe(2);
    expect(await jobOf(state.t, mkv)).toEqual({ phase: 'done', reason: '' });
    expect(await jobOf(state.t, tenBit)).toEqual({ phase: 'done', reason: '' });
    expect(await jobOf(state.t, 'not a video')).toBeUndefined();

    state.runner.runs.length = 0;
    for (const [id, rendition] of [
      [film, 'remux'],
      [ten, '480p'],
    ] as const) {
      const medias = await mediasOf(headers, id);
      const chosen = medias.find((media) => media.is_default);
      expect(chosen?.rendition).toBe(rendition);
      // What a player of the master playlist asks for: the first variant and the default audio.
      const masterUrl = (chosen?.link.url ?? '').replace(/index\.m3u8$/, 'master.m3u8');
      const master = (await fetchContent(masterUrl)).body.split('\n');
      const variant = master[master.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF')) + 1];
      const audio = /URI="([^"]+)"/.exec(master.find((line) => line.includes('DEFAULT=YES')) ?? '');
      for (const playlist of [variant ?? '', audio?.[1] ?? '']) {
        const { urls } = await segmentsOf(new URL(playlist, masterUrl).toString());
        expect(urls.length).toBeGreaterThan(0);
        for (const url of urls) {
          expect((await fetchContent(url)).statusCode).toBe(200);
        }
      }
    }
    expect(state.runner.runs).toEqual([]);
  });

  it('fails the job of a cut or hostile upload with its reason and keeps serving', async () => {
    const { headers } = await signedInMember(state.t);
    const cut = tenBit.subarray(0, Math.floor(tenBit.length * 0.4));
    const hostile =
      '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:9,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n';
    await upload(headers, 'cut.mkv', cut);
    await upload(headers, 'evil.mp4', Buffer.from(hostile));

    expect(await state.t.container.videoPrepare.runPending()).toBe(2);
    expect(await jobOf(state.t, cut)).toMatchObject({
      phase: 'failed',
      reason: expect.stringMatching(/^media_unplayable/) as unknown,
    });
    expect(await jobOf(state.t, hostile)).toEqual({
      phase: 'failed',
      reason: 'no video stream ffprobe can read',
    });
    const listed = await state.t.app.inject({ method: 'GET', url: '/drive/v1/files', headers });
    expect(listed.statusCode).toBe(200);
  });
});
