import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DefaultHttpStack, Upload } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentHasher } from '../../src/modules/storage/content-hash';
import { buildTestApp, dialects, errorOf, makeUser, ok, testClock, type TestApp } from '../helper';
import { signedInMember, signIn } from '../identity';
import { s3Env, startS3Server } from '../s3-server';

interface FileBody {
  id: string;
  parent_id: string;
  name: string;
  size: string;
  hash: string;
  phase: string;
}

interface UploadAnswer {
  upload_type: string;
  file: FileBody;
  task: null;
  resumable?: { kind: string; provider: string; params: { url: string; expiration: string } };
  form?: { kind: string; method: string; url: string; multi_parts: Record<string, string> };
  proof?: { kind: string; ranges: { offset: string; length: string }[] };
}

type Headers = Record<string, string>;

function gcidOf(bytes: Buffer): string {
  const hasher = new ContentHasher(bytes.length);
  hasher.update(bytes);
  return hasher.digest().gcid;
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The structure of a JSON value: keys and value types, not the values themselves. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.length === 0 ? [] : [shapeOf(value[0])];
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  return typeof value;
}

describe.each(dialects)('uploads on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();
  let origin: string;

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: String(8 * 1024 * 1024), UPLOAD_EXPIRY_HOURS: '2' },
      { now: clock.now },
    );
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await t.close();
  });

  const member = () => signedInMember(t);

  function start(headers: Headers, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/drive/v1/files',
      headers,
      payload: { kind: 'drive#file', parent_id: '', upload_type: 'UPLOAD_TYPE_RESUMABLE', ...body },
    });
  }

  async function started(headers: Headers, body: Record<string, unknown>): Promise<UploadAnswer> {
    return ok<UploadAnswer>(await start(headers, body));
  }

  /** The tus resource's path (the answer's URL is on the origin the request came in at). */
  function pathOf(url: string): string {
    return new URL(url).pathname;
  }

  /** The answer's URL, pointed at the listening test server. */
  function liveUrl(url: string): string {
    return `${origin}${pathOf(url)}`;
  }

  function tusUpload(
    headers: Headers,
    url: string,
    bytes: Buffer,
    chunkSize = 1024 * 1024,
  ): Promise<Upload> {
    return new Promise((resolve, reject) => {
      const upload = new Upload(bytes, {
        uploadUrl: liveUrl(url),
        headers,
        chunkSize,
        retryDelays: null,
        onSuccess: () => resolve(upload),
        onError: reject,
      });
      upload.start();
    });
  }

  async function getFile(headers: Headers, id: string) {
    return t.app.inject({ method: 'GET', url: `/drive/v1/files/${id}`, headers });
  }

  function tus(
    headers: Headers,
    method: 'HEAD' | 'PATCH' | 'DELETE',
    url: string,
    extra: Headers = {},
    payload?: Buffer,
  ) {
    return t.app.inject({
      method,
      url: pathOf(url),
      headers: { ...headers, 'tus-resumable': '1.0.0', ...extra },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  function patch(
    headers: Headers,
    url: string,
    offset: number,
    payload: Buffer,
    extra: Headers = {},
  ) {
    return tus(
      headers,
      'PATCH',
      url,
      {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        ...extra,
      },
      payload,
    );
  }

  async function formUpload(headers: Headers, url: string, bytes: Buffer, field = 'file') {
    const form = new FormData();
    form.append(field, new Blob([bytes]), 'upload.bin');
    return fetch(liveUrl(url), { method: 'POST', headers, body: form });
  }

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
    const record = await t.container.files.get(await memberOf(file.id), file.id);
    expect(record.sha256).toBe(sha256Of(bytes));
    expect((await t.container.blobRecords.find(sha256Of(bytes)))?.refCount).toBe(1);
    // The partial data went into the blob store: nothing is left in the uploads folder.
    expect(fs.readdirSync(path.join(t.config.DATA_DIR, 'uploads'))).toEqual([]);
    const about = ok<{ quota: { usage: string } }>(
      await t.app.inject({ method: 'GET', url: '/drive/v1/about', headers }),
    );
    expect(about.quota.usage).toBe(String(bytes.length));

    const events = ok<{ events: { type: string; file_id: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/drive/v1/events', headers }),
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

  async function memberOf(fileId: string): Promise<string> {
    const row = await t.container.database.db
      .selectFrom('files')
      .select('user_id')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    return row.user_id;
  }

  it('a form upload sends the file in one multipart POST; folders made first keep the tree', async () => {
    const { headers } = await member();
    const photos = ok<{ file: FileBody }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: { kind: 'drive#folder', name: 'photos', parent_id: '' },
      }),
    ).file;
    const year = ok<{ file: FileBody }>(
      await t.app.inject({
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
      await t.app.inject({ method: 'GET', url: `/drive/v1/files?parent_id=${year.id}`, headers }),
    );
    expect(inYear.files.map((file) => file.name)).toEqual(['b.jpg']);
    const inPhotos = ok<{ files: FileBody[] }>(
      await t.app.inject({
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
    expect(await t.container.blobRecords.find(sha256Of(bytes))).toBeUndefined();
    expect(fs.readdirSync(path.join(t.config.DATA_DIR, 'uploads'))).toEqual([]);
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
      await t.app.inject({
        method: 'POST',
        url: `/drive/v1/files/${claimed.file.id}:prove`,
        headers: other.headers,
        payload: { ranges: rangesOf(claimed, content) },
      }),
    );
    expect(proven.file.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(proven.file.hash).toBe(hash);
    expect(proven.resumable).toBeUndefined();
    expect((await t.container.blobRecords.find(sha256Of(content)))?.refCount).toBe(2);

    // The stranger does not have the content: a made-up proof falls back to the upload.
    const guessed = rangesOf(stranger, randomBytes(content.length));
    const refused = ok<UploadAnswer>(
      await t.app.inject({
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
      await t.app.inject({
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
      await t.app.inject({
        method: 'POST',
        url: `/drive/v1/files/${wrong.file.id}:prove`,
        headers: third.headers,
        payload: { ranges: rangesOf(wrong, content) },
      }),
    );
    expect(late.file.phase).toBe('PHASE_TYPE_PENDING');
    expect((await t.container.blobRecords.find(sha256Of(content)))?.refCount).toBe(2);
  });

  it("another member's upload URL and :prove answer not_found", async () => {
    const owner = await member();
    const intruder = await member();
    const bytes = randomBytes(1000);
    const answer = await started(owner.headers, {
      name: 'mine.bin',
      size: String(bytes.length),
      hash: gcidOf(bytes),
      upload_type: 'UPLOAD_TYPE_FORM',
    });
    const url = answer.resumable?.params.url ?? '';
    for (const response of [
      await tus(intruder.headers, 'HEAD', url),
      await patch(intruder.headers, url, 0, bytes),
      await tus(intruder.headers, 'DELETE', url),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(errorOf(await patch(intruder.headers, url, 0, bytes)).error).toBe('not_found');
    const prove = await t.app.inject({
      method: 'POST',
      url: `/drive/v1/files/${answer.file.id}:prove`,
      headers: intruder.headers,
      payload: { ranges: [{ offset: '0', length: '10', sha1: '0'.repeat(40) }] },
    });
    expect(prove.statusCode).toBe(404);
    expect(errorOf(prove).error).toBe('file_not_found');
    const form = await formUpload(intruder.headers, answer.form?.url ?? '', bytes);
    expect(form.status).toBe(404);
    // Untouched: the owner still uploads.
    expect((await patch(owner.headers, url, 0, bytes)).statusCode).toBe(204);
    expect(ok<FileBody>(await getFile(owner.headers, answer.file.id)).phase).toBe(
      'PHASE_TYPE_COMPLETE',
    );
  });

  it('OPTIONS tells the tus version, the extensions it implements, the largest upload and the checksum algorithms, without credentials', async () => {
    const { headers } = await member();
    const bytes = randomBytes(3000);
    const answer = await started(headers, { name: 'probe.bin', size: String(bytes.length) });
    const url = liveUrl(answer.resumable?.params.url ?? '');
    const largestPlan = String(
      Math.max(t.config.PLAN_FREE_STORAGE_BYTES, t.config.PLAN_PREMIUM_STORAGE_BYTES),
    );

    // A raw request, no credentials, no Tus-Resumable: on the resource and on the collection.
    for (const target of [
      url,
      `${origin}/drive/v1/uploads`,
      `${origin}/drive/v1/uploads/not-an-upload`,
    ]) {
      const raw = await fetch(target, { method: 'OPTIONS' });
      expect(raw.status, target).toBe(204);
      expect(raw.headers.get('tus-version')).toBe('1.0.0');
      expect(raw.headers.get('tus-extension')).toBe('termination,expiration,checksum');
      expect(raw.headers.get('tus-max-size')).toBe(largestPlan);
      expect(raw.headers.get('tus-checksum-algorithm')).toBe('sha1,sha256,md5');
      expect(await raw.text()).toBe('');
    }

    // tus-js-client's own HTTP stack reads the same facts.
    const request = new DefaultHttpStack({}).createRequest('OPTIONS', url);
    const response = await request.send(null);
    expect(response.getStatus()).toBe(204);
    expect(response.getHeader('Tus-Version')).toBe('1.0.0');
    const extensions = (response.getHeader('Tus-Extension') ?? '').split(',');
    const algorithms = (response.getHeader('Tus-Checksum-Algorithm') ?? '').split(',');
    expect(extensions).not.toContain('creation');

    // Every extension and algorithm announced works: checksum with each algorithm, expiration
    // (Upload-Expires), then tus-js-client finishes the upload, and termination drops another.
    let offset = 0;
    for (const algorithm of algorithms) {
      const part = bytes.subarray(offset, offset + 1000);
      const digest = createHash(algorithm).update(part).digest('base64');
      const sent = await patch(headers, url, offset, part, {
        'upload-checksum': `${algorithm} ${digest}`,
      });
      expect(sent.statusCode, algorithm).toBe(204);
      expect(extensions.includes('expiration') && sent.headers['upload-expires']).toMatch(/GMT$/);
      offset += part.length;
    }
    expect(offset).toBe(bytes.length);
    expect(ok<FileBody>(await getFile(headers, answer.file.id)).hash).toBe(gcidOf(bytes));
    const other = await started(headers, { name: 'resumed.bin', size: String(bytes.length) });
    await tusUpload(headers, other.resumable?.params.url ?? '', bytes, 1024);
    expect(ok<FileBody>(await getFile(headers, other.file.id)).phase).toBe('PHASE_TYPE_COMPLETE');
    expect(extensions).toContain('termination');
    const dropped = await started(headers, { name: 'dropped.bin', size: '10' });
    expect((await tus(headers, 'DELETE', dropped.resumable?.params.url ?? '')).statusCode).toBe(
      204,
    );

    // The CORS preflight of an allowed origin carries the tus facts too (the CORS hook answers it).
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: pathOf(url),
      headers: { origin: t.config.PUBLIC_URL, 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(t.config.PUBLIC_URL);
    expect(preflight.headers['tus-version']).toBe('1.0.0');
    expect(preflight.headers['tus-extension']).toBe('termination,expiration,checksum');

    const hostile = await fetch(`${origin}/drive/v1/uploads/${'x'.repeat(300)}`, {
      method: 'OPTIONS',
    });
    expect(hostile.status).toBe(400);
    expect(((await hostile.json()) as { error: string }).error).toBe('invalid_argument');
  });

  it('hostile input answers with the error object, never a 500', async () => {
    const { headers } = await member();
    for (const size of ['-1', '99999999999999999', 'ten', -5, 1.5, 2 ** 60]) {
      const response = await start(headers, { name: 'x.bin', size });
      expect(response.statusCode, String(size)).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    }
    expect(
      errorOf(await start(headers, { name: 'x.bin', size: '10', hash: 'not-a-gcid' })).error,
    ).toBe('invalid_argument');
    expect(errorOf(await start(headers, { name: '../x', size: '10' })).error).toBe(
      'file_name_invalid',
    );
    expect((await start({}, { name: 'x.bin', size: '10' })).statusCode).toBe(401);

    const bytes = randomBytes(4096);
    const answer = await started(headers, { name: 'x.bin', size: String(bytes.length) });
    const url = answer.resumable?.params.url ?? '';
    const noTus = await t.app.inject({ method: 'HEAD', url: pathOf(url), headers });
    expect(noTus.statusCode).toBe(412);
    expect(noTus.headers['tus-version']).toBe('1.0.0');
    const wrongType = await tus(
      headers,
      'PATCH',
      url,
      { 'content-type': 'application/json', 'upload-offset': '0' },
      Buffer.from('{}'),
    );
    expect(wrongType.statusCode).toBe(415);
    expect(errorOf(wrongType).error).toBe('invalid_argument');
    for (const offset of ['-1', 'abc', '1e3', '']) {
      const response = await patch(headers, url, 0, bytes.subarray(0, 10), {
        'upload-offset': offset,
      });
      expect(response.statusCode, offset).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    }
    const ahead = await patch(headers, url, 100, bytes.subarray(100, 200));
    expect(ahead.statusCode).toBe(409);
    expect(errorOf(ahead).error).toBe('aborted');
    const tooLong = await patch(headers, url, 0, Buffer.concat([bytes, bytes]));
    expect(tooLong.statusCode).toBe(413);
    expect(errorOf(tooLong).error).toBe('payload_too_large');
    expect((await tus(headers, 'HEAD', url)).headers['upload-offset']).toBe('0');
    const unknownAlgorithm = await patch(headers, url, 0, bytes.subarray(0, 10), {
      'upload-checksum': 'crc32 AAAA',
    });
    expect(errorOf(unknownAlgorithm).error).toBe('invalid_argument');

    // tus checksum: a mismatch (460) keeps none of the request's bytes; a match keeps them.
    const sha1 = (buffer: Buffer) => createHash('sha1').update(buffer).digest('base64');
    const bad = await patch(headers, url, 0, bytes.subarray(0, 1000), {
      'upload-checksum': `sha1 ${sha1(Buffer.from('other'))}`,
    });
    expect(bad.statusCode).toBe(460);
    expect(errorOf(bad).error).toBe('invalid_argument');
    expect((await tus(headers, 'HEAD', url)).headers['upload-offset']).toBe('0');
    const good = await patch(headers, url, 0, bytes.subarray(0, 1000), {
      'upload-checksum': `sha1 ${sha1(bytes.subarray(0, 1000))}`,
    });
    expect(good.statusCode).toBe(204);
    expect(good.headers['upload-offset']).toBe('1000');
    expect(good.headers['upload-expires']).toMatch(/GMT$/);
    const rest = await patch(headers, url, 1000, bytes.subarray(1000));
    expect(rest.statusCode).toBe(204);
    expect(ok<FileBody>(await getFile(headers, answer.file.id)).hash).toBe(gcidOf(bytes));

    const notAnUpload = await tus(headers, 'HEAD', `${origin}/drive/v1/uploads/nothing-here`);
    expect(notAnUpload.statusCode).toBe(404);
  });

  it('terminating an upload deletes its partial data and PENDING file; expired uploads are swept', async () => {
    const { user, headers } = await member();
    const bytes = randomBytes(10_000);
    const dropped = await started(headers, { name: 'dropped.bin', size: String(bytes.length) });
    expect(
      (await patch(headers, dropped.resumable?.params.url ?? '', 0, bytes.subarray(0, 5000)))
        .statusCode,
    ).toBe(204);
    const terminated = await tus(headers, 'DELETE', dropped.resumable?.params.url ?? '');
    expect(terminated.statusCode).toBe(204);
    expect(errorOf(await getFile(headers, dropped.file.id)).error).toBe('file_not_found');
    expect((await tus(headers, 'HEAD', dropped.resumable?.params.url ?? '')).statusCode).toBe(404);

    const left = await started(headers, { name: 'left.bin', size: String(bytes.length) });
    const url = left.resumable?.params.url ?? '';
    expect((await patch(headers, url, 0, bytes.subarray(0, 5000))).statusCode).toBe(204);
    const uploadId = pathOf(url).split('/').at(-1) ?? '';
    expect(fs.existsSync(path.join(t.config.DATA_DIR, 'uploads', uploadId))).toBe(true);
    clock.advance(60 * 60_000);
    expect(await t.container.uploads.sweepExpired()).toBe(0);
    clock.advance(61 * 60_000);
    // Past its deadline the upload is gone for the client even before the sweep runs.
    const later = {
      authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
    };
    expect((await tus(later, 'HEAD', url)).statusCode).toBe(404);
    expect(await t.container.uploads.sweepExpired()).toBe(1);
    expect(fs.existsSync(path.join(t.config.DATA_DIR, 'uploads', uploadId))).toBe(false);
    expect(errorOf(await getFile(later, left.file.id)).error).toBe('file_not_found');
  });

  it('a commit a crash cut short is finished at start-up, and partial data nobody owns is removed', async () => {
    const { headers } = await member();
    const bytes = randomBytes(300_000);
    const answer = await started(headers, { name: 'recovered.bin', size: String(bytes.length) });
    const uploadId =
      pathOf(answer.resumable?.params.url ?? '')
        .split('/')
        .at(-1) ?? '';
    const dir = path.join(t.config.DATA_DIR, 'uploads');
    // Every byte stored and the digest recorded, then the process died before the bytes moved.
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, uploadId), bytes);
    await t.container.database.db
      .updateTable('uploads')
      .set({
        state: 'committing',
        sha256: sha256Of(bytes),
        gcid: gcidOf(bytes),
        received: bytes.length,
      })
      .where('id', '=', uploadId)
      .execute();
    fs.writeFileSync(path.join(dir, 'left-by-a-crash'), 'partial');
    expect(await t.container.uploads.recover()).toEqual({ committed: 1, removed: 1 });
    const file = ok<FileBody>(await getFile(headers, answer.file.id));
    expect(file.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(file.hash).toBe(gcidOf(bytes));
    expect((await t.container.blobRecords.find(sha256Of(bytes)))?.refCount).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
    // The client that missed the answer reads the full offset and is done.
    expect(
      (await tus(headers, 'HEAD', answer.resumable?.params.url ?? '')).headers['upload-offset'],
    ).toBe(String(bytes.length));
  });

  it('an empty file completes at once', async () => {
    const { headers } = await member();
    const answer = await started(headers, {
      name: 'empty.txt',
      size: '0',
      hash: gcidOf(Buffer.alloc(0)),
    });
    expect(answer.file.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(answer.resumable).toBeUndefined();
  });
});

describe('uploads into the S3 blob store', () => {
  it('a tus upload ends as a blob in the bucket with its SHA-256, and instant upload proves against it', async () => {
    const s3 = await startS3Server();
    const t = await buildTestApp('sqlite', s3Env(s3));
    try {
      const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const user = await makeUser(t);
      const headers = {
        authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
      };
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
