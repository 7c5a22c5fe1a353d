import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error';
import { dialects, errorOf, ok } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import { clipDir, h264, makeClip, probe, useVideoApp } from './video-fixture';

let dir = '';
let mkv = Buffer.alloc(0);
let tenBit = Buffer.alloc(0);
let tsClip = '';

beforeAll(async () => {
  dir = await clipDir();
  const [film, ten, ts] = await Promise.all([
    makeClip(dir, 'film.mkv', h264, ['-c:a', 'ac3']),
    makeClip(
      dir,
      'ten.mkv',
      ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p10le'],
      ['-c:a', 'eac3'],
    ),
    makeClip(dir, 'outside.ts', h264, ['-c:a', 'aac']),
  ]);
  mkv = await fs.readFile(film);
  tenBit = await fs.readFile(ten);
  tsClip = ts;
}, 120_000);
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** Claims of a rendition link, as a forged-but-signed one would carry them. */
function claims(userId: string, fileId: string, rendition: 'remux' | '480p') {
  return { p: 'hls' as const, u: userId, f: fileId, r: rendition, e: 4_102_444_800 };
}

async function reasonOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return error instanceof AppError ? error.reason : `not an AppError: ${String(error)}`;
  }
  return 'no error';
}

describe.each(dialects)('video playback safety on %s', (dialect) => {
  const { state, fetchContent, mediasOf, segmentsOf } = useVideoApp(dialect);

  it('answers media_unplayable for the segments a truncated file does not hold, never a 500', async () => {
    const { user, headers } = await signedInMember(state.t);
    const cut = await storeFile(
      state.t,
      user.id,
      'cut.mkv',
      tenBit.subarray(0, Math.floor(tenBit.length * 0.4)),
    );
    const medias = await mediasOf(headers, cut.id);
    expect(medias[1]).toMatchObject({ rendition: '480p', is_default: true });
    const { urls } = await segmentsOf(medias[1]?.link.url ?? '');
    const first = await fetchContent(urls[0] ?? '');
    expect(first.statusCode).toBe(200);
    expect((await probe(dir, first.rawPayload)).streams).toContain('video:h264');
    const last = await fetchContent(urls.at(-1) ?? '');
    expect(last.statusCode).toBe(400);
    expect(errorOf(last).error).toBe('media_unplayable');
  });

  it('never lets an HLS playlist or an ffconcat list stored as a video open what it names', async () => {
    const { user, headers } = await signedInMember(state.t);
    const playlist = await storeFile(
      state.t,
      user.id,
      'evil.mp4',
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:9,\nfile://${tsClip}\n#EXTINF:9,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`,
    );
    const concat = await storeFile(
      state.t,
      user.id,
      'list.mkv',
      `ffconcat version 1.0\nfile '${tsClip}'\nfile '/etc/passwd'\n`,
    );
    for (const hostile of [playlist, concat]) {
      const medias = await mediasOf(headers, hostile.id);
      expect(medias.filter((media) => media.rendition !== 'original')).toEqual([]);
      // A link to its rendition (were one signed) opens nothing: ffprobe refuses the format.
      for (const rendition of ['remux', '480p'] as const) {
        expect(
          await reasonOf(
            state.t.container.videos.playlist(claims(user.id, hostile.id, rendition), undefined),
          ),
        ).toBe('media_unplayable');
        expect(
          await reasonOf(
            state.t.container.videos.segment(claims(user.id, hostile.id, rendition), 0, undefined),
          ),
        ).toBe('media_unplayable');
      }
    }
    // Only probes ran, each refused before reading any file the lists name.
    expect(new Set(state.runner.runs)).toEqual(new Set(['ffprobe']));
    expect(
      await fs.readdir(path.join(state.t.config.DATA_DIR, 'transcode')).catch(() => []),
    ).not.toContain('sources');
  });

  it('answers file_not_found for another member’s file, a trashed one, and a cancelled share’s links', async () => {
    const owner = await signedInMember(state.t);
    const other = await signedInMember(state.t);
    const film = await storeFile(state.t, owner.user.id, 'film.mkv', mkv);
    expect(
      await reasonOf(
        state.t.container.videos.segment(claims(other.user.id, film.id, 'remux'), 0, undefined),
      ),
    ).toBe('file_not_found');

    const made = ok<{ share_id: string; pass_code: string }>(
      await state.t.app.inject({
        method: 'POST',
        url: '/drive/v1/share',
        headers: owner.headers,
        payload: {
          file_ids: [film.id],
          share_to: 'publiclink',
          expiration_days: '-1',
          pass_code_option: 'NOT_REQUIRED',
        },
      }),
    );
    const opened = ok<{ pass_code_token: string }>(
      await state.t.app.inject({
        method: 'GET',
        url: `/drive/v1/share?share_id=${made.share_id}&pass_code=${made.pass_code}`,
      }),
    );
    const info = ok<{ file_info: { medias: { rendition?: string; link: { url: string } }[] } }>(
      await state.t.app.inject({
        method: 'GET',
        url: `/drive/v1/share/file_info?${new URLSearchParams({ share_id: made.share_id, pass_code_token: opened.pass_code_token, file_id: film.id, media_codecs: 'h264,aac,mp4' }).toString()}`,
      }),
    );
    const remux = info.file_info.medias.find((media) => media.rendition === 'remux');
    expect(remux).toBeDefined();
    const { urls } = await segmentsOf(remux?.link.url ?? '');
    expect((await fetchContent(urls[0] ?? '')).statusCode).toBe(200);

    ok(
      await state.t.app.inject({
        method: 'POST',
        url: '/drive/v1/share:batchDelete',
        headers: owner.headers,
        payload: { ids: [made.share_id] },
      }),
    );
    for (const url of [remux?.link.url ?? '', urls[0] ?? '', urls[1] ?? '']) {
      const refused = await fetchContent(url);
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).error).toBe('file_not_found');
    }

    // The owner's own link stops with the file in the trash.
    const own = (await mediasOf(owner.headers, film.id)).find(
      (media) => media.rendition === 'remux',
    );
    expect((await fetchContent(own?.link.url ?? '')).statusCode).toBe(200);
    ok(
      await state.t.app.inject({
        method: 'POST',
        url: '/drive/v1/files:batchTrash',
        headers: owner.headers,
        payload: { ids: [film.id] },
      }),
    );
    const trashed = await fetchContent(own?.link.url ?? '');
    expect([trashed.statusCode, errorOf(trashed).error]).toEqual([404, 'file_not_found']);
  });
});

describe.each(dialects)('the transcode limit on %s', (dialect) => {
  const { state, fetchContent, mediasOf, segmentsOf } = useVideoApp(dialect, {
    TRANSCODE_MAX_JOBS: '1',
    TRANSCODE_QUEUE_WAIT_SECONDS: '0',
  });

  it('answers transcode_busy (503) past TRANSCODE_MAX_JOBS runs', async () => {
    const { user, headers } = await signedInMember(state.t);
    const one = await storeFile(state.t, user.id, 'one.mkv', tenBit);
    const two = await storeFile(state.t, user.id, 'two.mkv', mkv);
    const first = (await segmentsOf((await mediasOf(headers, one.id))[1]?.link.url ?? '')).urls;
    const second = (await segmentsOf((await mediasOf(headers, two.id))[1]?.link.url ?? '')).urls;
    // The first run keeps the only slot (held paused) while the second asks for one.
    state.runner.hold = true;
    const held = fetchContent(first[0] ?? '');
    await expect.poll(() => state.t.container.videoJobs.running()).toBe(1);
    const busy = await fetchContent(second[0] ?? '');
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBeDefined();
    state.runner.release();
    expect((await held).statusCode).toBe(200);
    expect(errorOf(busy).error).toBe('transcode_busy');
  });
});
