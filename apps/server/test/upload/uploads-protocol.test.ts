import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DefaultHttpStack } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { dialects, errorOf, ok } from '../helper';
import { signIn } from '../identity';
import { gcidOf, sha256Of, useUploadsApp, type FileBody } from './uploads-fixture';

describe.each(dialects)('uploads on %s', (dialect) => {
  const f = useUploadsApp(dialect);
  const { member, start, started, pathOf, liveUrl, tusUpload, getFile, tus, patch, formUpload } = f;

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
    const prove = await f.t.app.inject({
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
      Math.max(f.t.config.PLAN_FREE_STORAGE_BYTES, f.t.config.PLAN_PREMIUM_STORAGE_BYTES),
    );

    // A raw request, no credentials, no Tus-Resumable: on the resource and on the collection.
    for (const target of [
      url,
      `${f.origin}/drive/v1/uploads`,
      `${f.origin}/drive/v1/uploads/not-an-upload`,
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
    const preflight = await f.t.app.inject({
      method: 'OPTIONS',
      url: pathOf(url),
      headers: { origin: f.t.config.PUBLIC_URL, 'access-control-request-method': 'PATCH' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(f.t.config.PUBLIC_URL);
    expect(preflight.headers['tus-version']).toBe('1.0.0');
    expect(preflight.headers['tus-extension']).toBe('termination,expiration,checksum');

    const hostile = await fetch(`${f.origin}/drive/v1/uploads/${'x'.repeat(300)}`, {
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
    const noTus = await f.t.app.inject({ method: 'HEAD', url: pathOf(url), headers });
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

    const notAnUpload = await tus(headers, 'HEAD', `${f.origin}/drive/v1/uploads/nothing-here`);
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
    expect(fs.existsSync(path.join(f.t.config.DATA_DIR, 'uploads', uploadId))).toBe(true);
    f.clock.advance(60 * 60_000);
    expect(await f.t.container.uploads.sweepExpired()).toBe(0);
    f.clock.advance(61 * 60_000);
    // Past its deadline the upload is gone for the client even before the sweep runs.
    const later = {
      authorization: `Bearer ${(await signIn(f.t, user.email, user.password)).access_token}`,
    };
    expect((await tus(later, 'HEAD', url)).statusCode).toBe(404);
    expect(await f.t.container.uploads.sweepExpired()).toBe(1);
    expect(fs.existsSync(path.join(f.t.config.DATA_DIR, 'uploads', uploadId))).toBe(false);
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
    const dir = path.join(f.t.config.DATA_DIR, 'uploads');
    // Every byte stored and the digest recorded, then the process died before the bytes moved.
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, uploadId), bytes);
    await f.t.container.database.db
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
    expect(await f.t.container.uploads.recover()).toEqual({ committed: 1, removed: 1 });
    const file = ok<FileBody>(await getFile(headers, answer.file.id));
    expect(file.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(file.hash).toBe(gcidOf(bytes));
    expect((await f.t.container.blobRecords.find(sha256Of(bytes)))?.refCount).toBe(1);
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
