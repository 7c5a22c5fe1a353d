import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiblingApp,
  buildTestApp,
  dialects,
  errorOf,
  ok,
  testClock,
  type TestApp,
} from '../helper';
import { signedInMember, signIn } from '../identity';
import { gcidOf, sha256Of, startUpload, type FileBody } from './uploads-fixture';

const hour = 3_600_000;

// Two nodes of one fleet over one database with blobs on local disk, each keeping its own
// unfinished uploads. With BLOB_STORE=s3 unfinished uploads live in the bucket instead, and any
// node continues them (upload-bucket.test.ts).
describe.each(dialects)('uploads across two nodes on %s, blobs on local disk', (dialect) => {
  const opened: TestApp[] = [];
  const clock = testClock();
  const env: Record<string, string> = {
    PLAN_FREE_STORAGE_BYTES: String(8 * 1024 * 1024),
    UPLOAD_EXPIRY_HOURS: '2',
  };
  let nodes: readonly [TestApp, TestApp];
  beforeAll(async () => {
    const a = await buildTestApp(dialect, { ...env, NODE_ID: 'node-a' }, { now: clock.now });
    opened.push(a);
    const b = await buildSiblingApp(a, { ...env, NODE_ID: 'node-b' }, { now: clock.now });
    opened.push(b);
    nodes = [a, b];
  });
  afterAll(async () => {
    // The siblings first: the first node's close removes the database they share.
    for (const t of opened.reverse()) {
      await t.close();
    }
  });

  const twoNodes = () => nodes;

  /** Node `a` again, as its restart after a kill builds it. */
  async function restarted(a: TestApp) {
    const again = await buildSiblingApp(a, { ...env, NODE_ID: 'node-a' }, { now: clock.now });
    opened.push(again);
    return again;
  }

  function tus(
    t: TestApp,
    headers: Record<string, string>,
    method: 'HEAD' | 'PATCH',
    url: string,
    offset?: number,
    payload?: Buffer,
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
      },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  const rowOf = (t: TestApp, id: string) =>
    t.container.database.db
      .selectFrom('uploads')
      .select(['state', 'received', 'holder'])
      .where('id', '=', id)
      .executeTakeFirst();

  it('another node refuses an unfinished upload without touching its offset or bytes; its own node completes it', async () => {
    const [a, b] = twoNodes();
    const { headers } = await signedInMember(a);
    const bytes = randomBytes(300_000);
    const { answer, url, id } = await startUpload(a, headers, bytes.length);
    const first = await tus(a, headers, 'PATCH', url, 0, bytes.subarray(0, 100_000));
    expect(first.statusCode).toBe(204);
    const part = path.join(a.config.DATA_DIR, 'uploads', id);
    for (const response of [
      await tus(b, headers, 'HEAD', url),
      await tus(b, headers, 'PATCH', url, 0, bytes.subarray(0, 50_000)),
      await tus(b, headers, 'PATCH', url, 100_000, bytes.subarray(100_000)),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      if (response.body !== '') {
        expect(errorOf(response).error).toBe('unavailable');
      }
    }
    expect(await rowOf(a, id)).toMatchObject({ state: 'receiving', holder: 'node-a' });
    expect(Number((await rowOf(a, id))?.received)).toBe(100_000);
    expect(fs.statSync(part).size).toBe(100_000);
    // Neither its recovery nor its expiry sweep takes the upload from the node holding it.
    expect(await b.container.uploads.recover()).toEqual({ committed: 0, removed: 0 });
    expect(await b.container.uploads.sweepExpired()).toBe(0);
    expect((await tus(a, headers, 'HEAD', url)).headers['upload-offset']).toBe('100000');
    const last = await tus(a, headers, 'PATCH', url, 100_000, bytes.subarray(100_000));
    expect(last.statusCode).toBe(204);
    const file = ok<FileBody>(
      await b.app.inject({ method: 'GET', url: `/drive/v1/files/${answer.file.id}`, headers }),
    );
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
    expect(await b.container.blobRecords.find(sha256Of(bytes))).toMatchObject({ refCount: 1 });
  });

  it("a commit cut short by a node's kill is neither reported complete nor deleted by another node, and its restart finishes it", async () => {
    const [a, b] = twoNodes();
    const member = await signedInMember(a);
    const { user } = member;
    let { headers } = member;
    const bytes = randomBytes(200_000);
    const { answer, url, id } = await startUpload(a, headers, bytes.length);
    // Every byte stored on node a and its digest recorded; then a was killed before the move.
    const part = path.join(a.config.DATA_DIR, 'uploads', id);
    fs.writeFileSync(part, bytes);
    await a.container.database.db
      .updateTable('uploads')
      .set({
        state: 'committing',
        sha256: sha256Of(bytes),
        gcid: gcidOf(bytes),
        received: bytes.length,
      })
      .where('id', '=', id)
      .execute();
    expect(await b.container.uploads.recover()).toEqual({ committed: 0, removed: 0 });
    for (const response of [
      await tus(b, headers, 'HEAD', url),
      await tus(b, headers, 'PATCH', url, bytes.length, Buffer.alloc(0)),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['upload-offset']).toBeUndefined();
    }
    clock.advance(3 * hour);
    await b.container.uploads.sweepExpired();
    expect(await rowOf(b, id)).toMatchObject({ state: 'committing' });
    expect(fs.readFileSync(part).equals(bytes)).toBe(true);
    const again = await restarted(a);
    expect(await again.container.uploads.recover()).toEqual({ committed: 1, removed: 0 });
    // Hours went by: the member signs in again.
    headers = {
      authorization: `Bearer ${(await signIn(b, user.email, user.password)).access_token}`,
    };
    const head = await tus(b, headers, 'HEAD', url);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(bytes.length));
    const file = ok<FileBody>(
      await b.app.inject({ method: 'GET', url: `/drive/v1/files/${answer.file.id}`, headers }),
    );
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
  });

  it('any node finishes a cut-short commit whose content the store holds already', async () => {
    const [a, b] = twoNodes();
    const { headers } = await signedInMember(a);
    const bytes = randomBytes(150_000);
    const { answer, url, id } = await startUpload(a, headers, bytes.length);
    // Node a moved the bytes into the store and was killed before the commit's transaction.
    const part = path.join(a.config.DATA_DIR, 'uploads', id);
    fs.writeFileSync(part, bytes);
    const digest = { sha256: sha256Of(bytes), gcid: gcidOf(bytes), size: bytes.length };
    await a.container.blobStore.adopt(part, digest);
    await a.container.database.db
      .updateTable('uploads')
      .set({ state: 'committing', ...digest, received: bytes.length })
      .where('id', '=', id)
      .execute();
    const head = await tus(b, headers, 'HEAD', url);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(bytes.length));
    const file = ok<FileBody>(
      await b.app.inject({ method: 'GET', url: `/drive/v1/files/${answer.file.id}`, headers }),
    );
    expect(file).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', hash: gcidOf(bytes) });
  });

  it('an upload expired by the sweep on another node has its partial data removed by the node holding it', async () => {
    const [a, b] = twoNodes();
    const { headers } = await signedInMember(a);
    const bytes = randomBytes(100_000);
    const { url, id } = await startUpload(a, headers, bytes.length + 1);
    expect((await tus(a, headers, 'PATCH', url, 0, bytes)).statusCode).toBe(204);
    const part = path.join(a.config.DATA_DIR, 'uploads', id);
    clock.advance(3 * hour);
    // (The rows of the other tests' uploads, expired as well, go too.)
    expect(await b.container.uploads.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(a, id)).toBeUndefined();
    expect(fs.existsSync(part)).toBe(true);
    expect(await a.container.uploads.removeOrphanParts()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(part)).toBe(false);
  });
});
