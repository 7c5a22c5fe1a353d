import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok } from '../helper';
import { signedInMember } from '../identity';
import { s3Env, startS3Server } from '../s3-server';
import {
  gcidOf,
  sha256Of,
  shapeOf,
  useUploadsApp,
  type FileBody,
  type UploadAnswer,
} from './uploads-fixture';

describe.each(dialects)('uploads on %s', (dialect) => {
  const f = useUploadsApp(dialect);
  const { member, start, started, tusUpload, getFile, tus, patch, formUpload, memberOf } = f;

  it('tus-js-client sends a file to the resumable URL; the file completes with its GCID, its blob and a name(1) on collision', async () => {
    const { headers } = await member();
    const bytes = randomBytes(3 * 1024 * 1024 + 12345);
    const first = await started(headers, { name: 'clip.bin', size: String(bytes.length) });
    expect(first.upload_type).toBe('UPLOAD_TYPE_RESUMABLE');
    expect(first.file.phase).toBe('PHASE_TYPE_PENDING');
    expect(first.resumable?.provider).toBe('PROVIDER_TUS');
    expect(first.proof).toBeUndefined();
    await tusUpload(headers, first.resumable?.params.url ?? '', bytes);

    const file = ok<FileBody>(await getFile(headers, first.file.id));
    expect(file.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(file.size).toBe(String(bytes.length));
    expect(file.hash).toBe(gcidOf(bytes));
    const record = await f.t.container.files.get(await memberOf(file.id), file.id);
    expect(record.sha256).toBe(sha256Of(bytes));
    expect((await f.t.container.blobRecords.find(sha256Of(bytes)))?.refCount).toBe(1);
    // The partial data went into the blob store: nothing is left in the uploads folder.
    expect(fs.readdirSync(path.join(f.t.config.DATA_DIR, 'uploads'))).toEqual([]);
    const about = ok<{ quota: { usage: string } }>(
      await f.t.app.inject({ method: 'GET', url: '/drive/v1/about', headers }),
    );
    expect(about.quota.usage).toBe(String(bytes.length));

    const events = ok<{ events: { type: string; file_id: string }[] }>(
      await f.t.app.inject({ method: 'GET', url: '/drive/v1/events', headers }),
    );
    expect(events.events.map((event) => [event.type, event.file_id])).toEqual([
      ['TYPE_UPLOAD', file.id],
    ]);

    const second = await started(headers, { name: 'clip.bin', size: '1' });
    expect(second.file.name).toBe('clip(1).bin');

    // HEAD after completion still reads the whole length, so a client that missed the answer finishes.
    const head = await tus(headers, 'HEAD', first.resumable?.params.url ?? '');
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(bytes.length));
    expect(head.headers['tus-resumable']).toBe('1.0.0');
  });

  it('a form upload sends the file in one multipart POST; folders made first keep the tree', async () => {
    const { headers } = await member();
    const photos = ok<{ file: FileBody }>(
      await f.t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: { kind: 'drive#folder', name: 'photos', parent_id: '' },
      }),
    ).file;
    const year = ok<{ file: FileBody }>(
      await f.t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: { kind: 'drive#folder', name: '2024', parent_id: photos.id },
      }),
    ).file;
    const uploaded: FileBody[] = [];
    for (const [name, parentId, size] of [
      ['a.jpg', photos.id, 40_000],
      ['b.jpg', year.id, 3 * 1024 * 1024 + 5],
      ['c.txt', '', 1],
    ] as const) {
      // b.jpg is larger than the JSON body limit: the form streams, it is not buffered.
      const bytes = randomBytes(size);
      const answer = await started(headers, {
        name,
        parent_id: parentId,
        size: String(bytes.length),
        upload_type: 'UPLOAD_TYPE_FORM',
        hash: gcidOf(bytes),
      });
      expect(answer.upload_type).toBe('UPLOAD_TYPE_FORM');
      expect(answer.form?.method).toBe('POST');
      const response = await formUpload(headers, answer.form?.url ?? '', bytes);
      const body = (await response.json()) as UploadAnswer;
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body.file.phase).toBe('PHASE_TYPE_COMPLETE');
      expect(body.file.hash).toBe(gcidOf(bytes));
      uploaded.push(body.file);
    }
    const inYear = ok<{ files: FileBody[] }>(
      await f.t.app.inject({ method: 'GET', url: `/drive/v1/files?parent_id=${year.id}`, headers }),
    );
    expect(inYear.files.map((file) => file.name)).toEqual(['b.jpg']);
    const inPhotos = ok<{ files: FileBody[] }>(
      await f.t.app.inject({
        method: 'GET',
        url: `/drive/v1/files?parent_id=${photos.id}&folders_first=true`,
        headers,
      }),
    );
    expect(inPhotos.files.map((file) => file.name)).toEqual(['2024', 'a.jpg']);
    expect(uploaded.map((file) => file.parent_id)).toEqual([photos.id, year.id, '']);

    // A form without the field `file`, or with fewer bytes than announced, is refused.
    const short = await started(headers, {
      name: 'short.bin',
      size: '100',
      upload_type: 'UPLOAD_TYPE_FORM',
    });
    const wrongField = await formUpload(headers, short.form?.url ?? '', randomBytes(100), 'data');
    expect(wrongField.status).toBe(400);
    const fewer = await formUpload(headers, short.form?.url ?? '', randomBytes(60));
    expect(fewer.status).toBe(400);
    expect(((await fewer.json()) as { error: string }).error).toBe('invalid_argument');
    const more = await formUpload(headers, short.form?.url ?? '', randomBytes(160));
    expect(more.status).toBe(413);
    const right = await formUpload(headers, short.form?.url ?? '', randomBytes(100));
    expect(right.status).toBe(200);
  });

  it('content that does not match the hash given fails with invalid_argument and leaves nothing', async () => {
    const { headers } = await member();
    const bytes = randomBytes(2 * 1024 * 1024);
    const answer = await started(headers, {
      name: 'wrong.bin',
      size: String(bytes.length),
      hash: gcidOf(randomBytes(16)),
    });
    const failure = await tusUpload(headers, answer.resumable?.params.url ?? '', bytes).then(
      () => undefined,
      (error: unknown) =>
        error as { originalResponse?: { getStatus(): number; getBody(): string } },
    );
    expect(failure?.originalResponse?.getStatus()).toBe(400);
    expect(JSON.parse(failure?.originalResponse?.getBody() ?? '{}')).toMatchObject({
      error: 'invalid_argument',
      error_code: 3,
    });
    expect(errorOf(await getFile(headers, answer.file.id)).error).toBe('file_not_found');
    expect(await f.t.container.blobRecords.find(sha256Of(bytes))).toBeUndefined();
    expect(fs.readdirSync(path.join(f.t.config.DATA_DIR, 'uploads'))).toEqual([]);
  });

  it('the quota is checked before the upload starts and again at commit', async () => {
    const { headers } = await member();
    const tooBig = await start(headers, { name: 'big.bin', size: String(9 * 1024 * 1024) });
    expect(tooBig.statusCode).toBe(403);
    expect(errorOf(tooBig)).toMatchObject({ error: 'file_space_not_enough', error_code: 8 });

    // Two uploads that each fit, but not together: the second to finish is refused at commit.
    const size = 5 * 1024 * 1024;
    const first = await started(headers, { name: 'one.bin', size: String(size) });
    const second = await started(headers, { name: 'two.bin', size: String(size) });
    const bytes = randomBytes(size);
    expect(
      (await patch(headers, second.resumable?.params.url ?? '', 0, bytes.subarray(0, size - 10)))
        .statusCode,
    ).toBe(204);
    await tusUpload(headers, first.resumable?.params.url ?? '', bytes);
    const last = await patch(
      headers,
      second.resumable?.params.url ?? '',
      size - 10,
      bytes.subarray(size - 10),
    );
    expect(last.statusCode).toBe(403);
    expect(errorOf(last).error).toBe('file_space_not_enough');
    expect(errorOf(await getFile(headers, second.file.id)).error).toBe('file_not_found');
    expect(ok<FileBody>(await getFile(headers, first.file.id)).phase).toBe('PHASE_TYPE_COMPLETE');
  });

  it('instant upload completes with no bytes after a correct proof; a wrong one falls back to sending bytes; both first answers look alike', async () => {
    const owner = await member();
    const content = randomBytes(1024 * 1024 + 777);
    const original = await started(owner.headers, {
      name: 'movie.mkv',
      size: String(content.length),
    });
    await tusUpload(owner.headers, original.resumable?.params.url ?? '', content);
    const hash = gcidOf(content);

    const other = await member();
    const claimed = await started(other.headers, {
      name: 'same.mkv',
      size: String(content.length),
      hash,
    });
    const unknown = randomBytes(content.length);
    const stranger = await started(other.headers, {
      name: 'unknown.mkv',
      size: String(unknown.length),
      hash: gcidOf(unknown),
    });
    // No oracle: the answer for stored content and for unknown content has the same shape.
    expect(shapeOf(claimed)).toEqual(shapeOf(stranger));
    expect(claimed.proof?.ranges.length).toBeGreaterThanOrEqual(2);
    expect(claimed.proof?.ranges.length).toBeLessThanOrEqual(3);
    expect(claimed.resumable).toBeDefined();

    const rangesOf = (answer: UploadAnswer, bytes: Buffer) =>
      (answer.proof?.ranges ?? []).map((range) => ({
        offset: range.offset,
        length: range.length,
        sha1: createHash('sha1')
          .update(bytes.subarray(Number(range.offset), Number(range.offset) + Number(range.length)))
          .digest('hex'),
      }));
    const proven = ok<UploadAnswer>(
      await f.t.app.inject({
        method: 'POST',
        url: `/drive/v1/files/${claimed.file.id}:prove`,
        headers: other.headers,
        payload: { ranges: rangesOf(claimed, content) },
      }),
    );
    expect(proven.file.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(proven.file.hash).toBe(hash);
    expect(proven.resumable).toBeUndefined();
    expect((await f.t.container.blobRecords.find(sha256Of(content)))?.refCount).toBe(2);

    // The stranger does not have the content: a made-up proof falls back to the upload.
    const guessed = rangesOf(stranger, randomBytes(content.length));
    const refused = ok<UploadAnswer>(
      await f.t.app.inject({
        method: 'POST',
        url: `/drive/v1/files/${stranger.file.id}:prove`,
        headers: other.headers,
        payload: { ranges: guessed },
      }),
    );
    expect(refused.file.phase).toBe('PHASE_TYPE_PENDING');
    expect(refused.resumable?.params.url).toBe(stranger.resumable?.params.url);
    await tusUpload(other.headers, refused.resumable?.params.url ?? '', unknown);
    expect(ok<FileBody>(await getFile(other.headers, stranger.file.id)).phase).toBe(
      'PHASE_TYPE_COMPLETE',
    );

    // A third member who claims the stored hash but proves wrongly gets no reference.
    const third = await member();
    const wrong = await started(third.headers, {
      name: 'x.mkv',
      size: String(content.length),
      hash,
    });
    const answer = ok<UploadAnswer>(
      await f.t.app.inject({
        method: 'POST',
        url: `/drive/v1/files/${wrong.file.id}:prove`,
        headers: third.headers,
        payload: { ranges: rangesOf(wrong, randomBytes(content.length)) },
      }),
    );
    expect(answer.file.phase).toBe('PHASE_TYPE_PENDING');
    expect(answer.resumable).toBeDefined();
    // The proof is answered once: the right ranges afterwards do not complete it.
    const late = ok<UploadAnswer>(
      await f.t.app.inject({
        method: 'POST',
        url: `/drive/v1/files/${wrong.file.id}:prove`,
        headers: third.headers,
        payload: { ranges: rangesOf(wrong, content) },
      }),
    );
    expect(late.file.phase).toBe('PHASE_TYPE_PENDING');
    expect((await f.t.container.blobRecords.find(sha256Of(content)))?.refCount).toBe(2);
  });
});

describe('uploads into the S3 blob store', () => {
  it('a tus upload ends as a blob in the bucket with its SHA-256, and instant upload proves against it', async () => {
    const s3 = await startS3Server();
    const t = await buildTestApp('sqlite', s3Env(s3));
    try {
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { headers } = await signedInMember(t);
      const bytes = randomBytes(2 * 1024 * 1024 + 99);
      const answer = (
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/files',
          headers,
          payload: {
            kind: 'drive#file',
            name: 's3.bin',
            size: String(bytes.length),
            upload_type: 'UPLOAD_TYPE_RESUMABLE',
          },
        })
      ).json<UploadAnswer>();
      await new Promise((resolve, reject) => {
        new Upload(bytes, {
          uploadUrl: `${origin}${new URL(answer.resumable?.params.url ?? '').pathname}`,
          headers,
          chunkSize: 1024 * 1024,
          retryDelays: null,
          onSuccess: () => resolve(undefined),
          onError: reject,
        }).start();
      });
      const file = (
        await t.app.inject({ method: 'GET', url: `/drive/v1/files/${answer.file.id}`, headers })
      ).json<FileBody>();
      expect(file.phase).toBe('PHASE_TYPE_COMPLETE');
      expect(file.hash).toBe(gcidOf(bytes));
      expect(await t.container.blobStore.exists(sha256Of(bytes))).toBe(true);
      const stored: Buffer[] = [];
      for await (const chunk of await t.container.blobStore.get(sha256Of(bytes))) {
        stored.push(chunk as Buffer);
      }
      expect(sha256Of(Buffer.concat(stored))).toBe(sha256Of(bytes));
      expect(fs.readdirSync(path.join(t.config.DATA_DIR, 'uploads'))).toEqual([]);
    } finally {
      await t.close();
      await t.container.blobStore.close();
      await s3.close();
    }
  });
});
