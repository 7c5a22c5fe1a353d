import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUploadPartRepository } from '../../src/modules/upload/upload-part.repository';
import { buildSiblingApp, buildTestApp, dialects, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { s3Env, startS3Server, type TestS3Server } from '../s3-server';
import { gcidOf, sha256Of, startUpload, type FileBody, type UploadAnswer } from './uploads-fixture';

const hour = 3_600_000;

/** A promise the test opens when it chooses. */
function latch() {
  let open = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
const mebibyte = 1024 * 1024;
/** S3's smallest part size (S3_PART_MIB): the durability interval of an upload in the bucket. */
const part = 5 * mebibyte;

// Two nodes of one fleet over one database and one bucket: unfinished uploads live in the bucket
// (one multipart upload each), so either node continues any upload.
describe.each(dialects)('uploads kept in the bucket, across two nodes on %s', (dialect) => {
  const opened: TestApp[] = [];
  const clock = testClock();
  let env: Record<string, string>;
  let a: TestApp;
  let b: TestApp;
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
    env = {
      PLAN_FREE_STORAGE_BYTES: String(256 * mebibyte),
      UPLOAD_EXPIRY_HOURS: '2',
      ...s3Env(s3),
      S3_PART_MIB: '5',
    };
    a = await buildTestApp(dialect, { ...env, NODE_ID: 'node-a' }, { now: clock.now });
    opened.push(a);
    b = await buildSiblingApp(a, { ...env, NODE_ID: 'node-b' }, { now: clock.now });
    opened.push(b);
  });
  afterAll(async () => {
    // The sibling first: the first node's close removes the database they share.
    for (const t of opened.reverse()) {
      await t.close();
    }
    await s3.close();
  });

  function tus(
    t: TestApp,
    headers: Record<string, string>,
    method: 'HEAD' | 'PATCH',
    url: string,
    offset?: number,
    payload?: Buffer | PassThrough,
    extra: Record<string, string> = {},
  ) {
    return t.app.inject({
      method,
      url,
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        ...(offset === undefined
          ? {}
          : { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) }),
        ...extra,
      },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  const rowOf = (id: string) =>
    a.container.database.db
      .selectFrom('uploads')
      .select(['state', 'received', 'multipart_id', 'tail_key'])
      .where('id', '=', id)
      .executeTakeFirst();

  async function until(check: () => Promise<boolean>): Promise<void> {
    for (let tries = 0; !(await check()); tries += 1) {
      if (tries > 200) {
        throw new Error('waited in vain');
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The file as a node answers it, and its bytes as the bucket keeps them. */
  async function completed(
    t: TestApp,
    headers: Record<string, string>,
    fileId: string,
    bytes: Buffer,
  ) {
    const file = ok<FileBody>(
      await t.app.inject({ method: 'GET', url: `/drive/v1/files/${fileId}`, headers }),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of await t.container.blobStore.get(sha256Of(bytes))) {
      chunks.push(chunk as Buffer);
    }
    return { file, stored: Buffer.concat(chunks) };
  }

  it('a node that stops mid-request leaves at most the part it was filling; another node goes on while the first still holds its request, whose late bytes then count for nothing', async () => {
    const { headers } = await signedInMember(a);
    const bytes = randomBytes(2 * part + mebibyte);
    const { answer, url, id } = await startUpload(a, headers, bytes.length);
    // Node a receives a part and a half, then its client (or a itself) stops mid-request.
    const body = new PassThrough();
    const first = tus(a, headers, 'PATCH', url, 0, body);
    body.write(bytes.subarray(0, part + part / 2));
    await until(async () => Number((await rowOf(id))?.received) === part);
    const head = await tus(b, headers, 'HEAD', url);
    expect(head.statusCode).toBe(200);
    // The durable offset any node reads: what a's death would leave, at most one part back.
    expect(head.headers['upload-offset']).toBe(String(part));
    // Another member can neither read nor write the upload, nor stop a's request with theirs.
    const other = await signedInMember(b);
    // (On node a it waits for a's request to end.)
    const intruding = tus(a, other.headers, 'PATCH', url, part, bytes.subarray(part));
    expect((await tus(b, other.headers, 'HEAD', url)).statusCode).toBe(404);
    expect((await tus(b, other.headers, 'PATCH', url, part, bytes.subarray(part))).statusCode).toBe(
      404,
    );
    // The client goes on through node b from that offset, to the last byte.
    const rest = await tus(b, headers, 'PATCH', url, part, bytes.subarray(part));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    // Node a's request ends late: the offset moved on, so its bytes are not recorded.
    body.end();
    expect((await first).statusCode).toBe(409);
    expect((await intruding).statusCode).toBe(404);
    const { file, stored } = await completed(a, headers, answer.file.id, bytes);
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
    expect(stored.equals(bytes)).toBe(true);
    expect(await rowOf(id)).toMatchObject({ state: 'complete', tail_key: null });
    expect(await b.container.blobRecords.find(sha256Of(bytes))).toMatchObject({ refCount: 1 });
    expect(fs.existsSync(path.join(s3.directory, s3.bucket, 'uploads', id))).toBe(false);
  });

  it('bytes sent in small requests wait in a tail object any node continues; the node that saw every byte commits without reading them back', async () => {
    const { headers } = await signedInMember(b);
    const bytes = randomBytes(part + 300_000);
    const { answer, url, id } = await startUpload(b, headers, bytes.length);
    const nodes = [a, b, b, a];
    const cuts = [0, 100_000, part - 1, part + 150_000, bytes.length];
    for (const [index, node] of nodes.entries()) {
      const from = cuts[index] ?? 0;
      const response = await tus(
        node,
        headers,
        'PATCH',
        url,
        from,
        bytes.subarray(from, cuts[index + 1]),
      );
      expect(response.statusCode, response.body).toBe(204);
      expect(response.headers['upload-offset']).toBe(String(cuts[index + 1]));
      if (index < nodes.length - 1) {
        expect((await rowOf(id))?.tail_key).not.toBeNull();
      }
    }
    const { file, stored } = await completed(b, headers, answer.file.id, bytes);
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
    expect(stored.equals(bytes)).toBe(true);
    expect(fs.existsSync(path.join(s3.directory, s3.bucket, 'uploads', id))).toBe(false);
  });

  it("a commit cut short by a node's kill loses nothing: another node finishes one whose parts were joined, and any node's recovery one whose digest was recorded", async () => {
    const { headers } = await signedInMember(a);
    const parts = createUploadPartRepository(a.container.database.db);
    const bucket = a.container.blobStore.uploads;
    if (bucket === undefined) {
      throw new Error('the S3 store keeps unfinished uploads');
    }
    for (const recordDigest of [false, true]) {
      const bytes = randomBytes(part + 1000);
      const { answer, url, id } = await startUpload(a, headers, bytes.length);
      expect((await tus(a, headers, 'PATCH', url, 0, bytes.subarray(0, part))).statusCode).toBe(
        204,
      );
      // Node a sends and records the last part, joins the parts (and records the digest); then
      // it is killed.
      const row = await rowOf(id);
      const multipartId = row?.multipart_id ?? '';
      const number = await parts.reservePartNumber(id);
      const etag = await bucket.sendPart(id, multipartId, number, bytes.subarray(part));
      const last = { position: 1, partNumber: number, etag, size: 1000 };
      expect(
        await parts.record(id, part, {
          received: bytes.length,
          tailKey: null,
          parts: [last],
          expiresAt: new Date(clock.now().getTime() + hour).toISOString(),
        }),
      ).toBe(true);
      expect(await bucket.complete(id, multipartId, await parts.parts(id), bytes.length)).toBe(
        true,
      );
      if (recordDigest) {
        await a.container.database.db
          .updateTable('uploads')
          .set({ state: 'committing', sha256: sha256Of(bytes), gcid: gcidOf(bytes) })
          .where('id', '=', id)
          .execute();
        expect(await b.container.uploads.recover()).toEqual({ committed: 1, removed: 0 });
      }
      const head = await tus(b, headers, 'HEAD', url);
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(bytes.length));
      const { file, stored } = await completed(b, headers, answer.file.id, bytes);
      expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
      expect(stored.equals(bytes)).toBe(true);
      expect(await rowOf(id)).toMatchObject({ state: 'complete' });
    }
  });

  it('two nodes commit one upload at once, the first slowed between its steps: one file, whole, counted once, and both answer it done', async () => {
    const { user, headers } = await signedInMember(a);
    const bucketA = a.container.blobStore.uploads;
    const bucketB = b.container.blobStore.uploads;
    if (bucketA === undefined || bucketB === undefined) {
      throw new Error('the S3 store keeps unfinished uploads');
    }
    const bytes = randomBytes(part + 1000);
    const { answer, url, id } = await startUpload(a, headers, bytes.length);
    expect((await tus(a, headers, 'PATCH', url, 0, bytes.subarray(0, part))).statusCode).toBe(204);
    const usedBefore = (await a.container.files.about(user.id)).usage;
    const aCopies = latch();
    const aCopied = latch();
    const aCommits = latch();
    const bJoining = latch();
    const bJoins = latch();
    // Node a, slow: it has recorded the digest and waits before copying the joined bytes to their
    // blob key, then again before its database commit.
    const adoptOnA = bucketA.adopt.bind(bucketA);
    const slowA = vi.spyOn(bucketA, 'adopt').mockImplementation(async (uploadId, digest) => {
      await aCopies.promise;
      const adopted = await adoptOnA(uploadId, digest);
      aCopied.open();
      await aCommits.promise;
      return adopted;
    });
    const completeOnB = bucketB.complete.bind(bucketB);
    const slowB = vi.spyOn(bucketB, 'complete').mockImplementation(async (...args) => {
      bJoining.open();
      await bJoins.promise;
      return completeOnB(...args);
    });
    try {
      const last = tus(a, headers, 'PATCH', url, part, bytes.subarray(part));
      await until(async () => (await rowOf(id))?.state === 'committing');
      // Node b finishes the same commit (its client asks for the offset): it finds no blob yet
      // and joins the parts again, while node a copies them to the blob key and drops the join.
      const head = tus(b, headers, 'HEAD', url);
      await bJoining.promise;
      aCopies.open();
      await aCopied.promise;
      bJoins.open();
      const answeredB = await head;
      aCommits.open();
      const answeredA = await last;
      expect(answeredB.statusCode, answeredB.body).toBe(200);
      expect(answeredB.headers['upload-offset']).toBe(String(bytes.length));
      expect(answeredA.statusCode, answeredA.body).toBe(204);
      expect(answeredA.headers['upload-offset']).toBe(String(bytes.length));
    } finally {
      slowA.mockRestore();
      slowB.mockRestore();
    }
    const { file, stored } = await completed(a, headers, answer.file.id, bytes);
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
    expect(stored.equals(bytes)).toBe(true);
    expect(await rowOf(id)).toMatchObject({ state: 'complete' });
    expect(await a.container.blobRecords.find(sha256Of(bytes))).toMatchObject({ refCount: 1 });
    expect((await a.container.files.about(user.id)).usage - usedBefore).toBe(bytes.length);
    const root = ok<{ files: { name: string }[] }>(
      await a.app.inject({ method: 'GET', url: '/drive/v1/files?parent_id=', headers }),
    );
    expect(root.files.map((entry) => entry.name)).toEqual(['moved.bin']);
  });

  it("the node that received the last byte finds its bytes already moved by another node's commit, and commits with them: one file, whole, counted once", async () => {
    const { user, headers } = await signedInMember(a);
    const bucketA = a.container.blobStore.uploads;
    if (bucketA === undefined) {
      throw new Error('the S3 store keeps unfinished uploads');
    }
    const bytes = randomBytes(part + 1000);
    const { answer, url, id } = await startUpload(a, headers, bytes.length);
    expect((await tus(a, headers, 'PATCH', url, 0, bytes.subarray(0, part))).statusCode).toBe(204);
    const multipartId = (await rowOf(id))?.multipart_id;
    const usedBefore = (await a.container.files.about(user.id)).usage;
    const aJoining = latch();
    const aJoins = latch();
    // Node a has recorded the last part and waits before joining the parts.
    const completeOnA = bucketA.complete.bind(bucketA);
    const slowA = vi.spyOn(bucketA, 'complete').mockImplementation(async (...args) => {
      aJoining.open();
      await aJoins.promise;
      return completeOnA(...args);
    });
    try {
      const last = tus(a, headers, 'PATCH', url, part, bytes.subarray(part));
      await aJoining.promise;
      // Meanwhile the client asks node b, which finds every byte recorded and commits: it joins
      // the parts, hashes them, copies them to their blob key and drops the join.
      const head = await tus(b, headers, 'HEAD', url);
      expect(head.statusCode, head.body).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(bytes.length));
      expect(await rowOf(id)).toMatchObject({ state: 'complete' });
      aJoins.open();
      const answered = await last;
      expect(answered.statusCode, answered.body).toBe(204);
      expect(answered.headers['upload-offset']).toBe(String(bytes.length));
    } finally {
      slowA.mockRestore();
    }
    const { file, stored } = await completed(a, headers, answer.file.id, bytes);
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
    expect(stored.equals(bytes)).toBe(true);
    expect(await a.container.blobRecords.find(sha256Of(bytes))).toMatchObject({ refCount: 1 });
    expect((await a.container.files.about(user.id)).usage - usedBefore).toBe(bytes.length);
    expect(await s3.openMultipartUploads()).not.toContain(multipartId);
    expect(fs.existsSync(path.join(s3.directory, s3.bucket, 'uploads', id))).toBe(false);
  });

  it('a checksummed request counts only whole and matching, though its full parts went to the bucket', async () => {
    const { headers } = await signedInMember(a);
    const bytes = randomBytes(part + 200_000);
    const { answer, url, id } = await startUpload(a, headers, bytes.length);
    const sha1 = (data: Buffer) => `sha1 ${createHash('sha1').update(data).digest('base64')}`;
    const first = bytes.subarray(0, part + 100_000);
    const wrong = await tus(a, headers, 'PATCH', url, 0, first, {
      'upload-checksum': sha1(Buffer.from('other')),
    });
    expect(wrong.statusCode).toBe(460);
    expect(Number((await rowOf(id))?.received)).toBe(0);
    for (const [node, from, to] of [
      [b, 0, first.length],
      [a, first.length, bytes.length],
    ] as const) {
      const chunk = bytes.subarray(from, to);
      const sent = await tus(node, headers, 'PATCH', url, from, chunk, {
        'upload-checksum': sha1(chunk),
      });
      expect(sent.statusCode, sent.body).toBe(204);
      expect(sent.headers['upload-offset']).toBe(String(to));
    }
    const { file, stored } = await completed(a, headers, answer.file.id, bytes);
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
    expect(stored.equals(bytes)).toBe(true);
  });

  it('a form upload into the bucket sends everything again from byte 0, whatever a tus request stored before', async () => {
    const { headers } = await signedInMember(a);
    const bytes = randomBytes(part + 1000);
    const answer = ok<UploadAnswer>(
      await a.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: {
          kind: 'drive#file',
          parent_id: '',
          upload_type: 'UPLOAD_TYPE_FORM',
          name: 'form.bin',
          size: String(bytes.length),
        },
      }),
    );
    const url = new URL(answer.resumable?.params.url ?? '').pathname;
    const early = await tus(a, headers, 'PATCH', url, 0, randomBytes(part + 10));
    expect(early.statusCode).toBe(204);
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'form.bin');
    const sent = await b.app.inject({
      method: 'POST',
      url: new URL(answer.form?.url ?? '').pathname,
      headers,
      payload: form,
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const { file, stored } = await completed(b, headers, answer.file.id, bytes);
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
    expect(stored.equals(bytes)).toBe(true);
  });

  it('the expiry sweep of any node aborts the multipart upload of an expired upload and removes its objects', async () => {
    const { headers } = await signedInMember(a);
    const bytes = randomBytes(part + 5000);
    const { url, id } = await startUpload(a, headers, 2 * part);
    expect((await tus(a, headers, 'PATCH', url, 0, bytes)).statusCode).toBe(204);
    const row = await rowOf(id);
    expect(row?.tail_key).not.toBeNull();
    expect(await s3.openMultipartUploads()).toContain(row?.multipart_id);
    clock.advance(3 * hour);
    expect(await b.container.uploads.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeUndefined();
    expect(await s3.openMultipartUploads()).not.toContain(row?.multipart_id);
    expect(fs.existsSync(path.join(s3.directory, s3.bucket, 'uploads', id))).toBe(false);
  });
});
