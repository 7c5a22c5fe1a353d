import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/app-error';
import type { BlobStore } from '../../src/modules/storage/blob-store';
import { createBlobService } from '../../src/modules/storage/blob.service';
import { verifyBlobs } from '../../src/modules/storage/blob-verify';
import { buildTestApp, dialects, testClock, type TestApp } from '../helper';
import { s3Env, startS3Server, type TestS3Server } from '../s3-server';

function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

describe.each(dialects)('blobs and their references on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();

  beforeEach(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });

  afterEach(async () => {
    await t.close();
  });

  const blobPath = (sha256: string) =>
    path.join(t.config.DATA_DIR, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4), sha256);

  it('commits a row with one reference after the bytes, and counts further references', async () => {
    const data = randomBytes(100_000);
    const digest = await t.container.blobs.ingest(Readable.from([data]), {
      expectedSize: data.length,
    });
    expect(await t.container.blobStore.exists(digest.sha256)).toBe(true);
    expect(await t.container.blobRecords.find(digest.sha256)).toMatchObject({
      sha256: sha256Of(data),
      gcid: digest.gcid,
      size: data.length,
      refCount: 1,
      verifiedAt: null,
    });
    await t.container.blobs.ingest(Readable.from([data]));
    expect(await t.container.blobs.addReference(digest.sha256)).toBe(true);
    expect((await t.container.blobRecords.find(digest.sha256))?.refCount).toBe(3);
    expect(await t.container.blobs.addReference(sha256Of(Buffer.from('unknown')))).toBe(false);
  });

  it('loses no update when many references come and go at once', async () => {
    const { sha256 } = await t.container.blobs.ingest(Readable.from([Buffer.from('popular')]));
    await Promise.all(Array.from({ length: 20 }, () => t.container.blobs.addReference(sha256)));
    expect((await t.container.blobRecords.find(sha256))?.refCount).toBe(21);
    await Promise.all(Array.from({ length: 25 }, () => t.container.blobs.release(sha256)));
    expect((await t.container.blobRecords.find(sha256))?.refCount).toBe(0);
  });

  it('maps sizes past 4 GiB to numbers (PostgreSQL answers bigint as text)', async () => {
    const size = 5 * 1024 ** 3 + 7;
    const fake = { sha256: sha256Of(Buffer.from('large')), gcid: 'A'.repeat(40), size };
    expect(
      await t.container.blobRecords.addStored(fake, clock.now(), () => Promise.resolve(true)),
    ).toBe(true);
    const record = await t.container.blobRecords.find(fake.sha256);
    expect(record?.size).toBe(size);
    expect(typeof record?.size).toBe('number');
  });

  it('rolls the row back when the bytes are gone by the time it would commit', async () => {
    const fake = { sha256: sha256Of(Buffer.from('gone')), gcid: 'B'.repeat(40), size: 4 };
    expect(
      await t.container.blobRecords.addStored(fake, clock.now(), () => Promise.resolve(false)),
    ).toBe(false);
    expect(await t.container.blobRecords.find(fake.sha256)).toBeUndefined();
  });

  it('frees bytes only at zero references, after the grace period', async () => {
    const kept = await t.container.blobs.ingest(Readable.from([Buffer.from('kept')]));
    const freed = await t.container.blobs.ingest(Readable.from([Buffer.from('freed')]));
    expect(await t.container.blobs.release(freed.sha256)).toBe(0);
    expect(await t.container.blobs.release(freed.sha256)).toBeUndefined();
    expect(await t.container.blobs.collectGarbage({ graceMs: 60_000 })).toEqual({ deleted: 0 });
    clock.advance(61_000);
    expect(await t.container.blobs.collectGarbage({ graceMs: 60_000 })).toEqual({ deleted: 1 });
    expect(await t.container.blobStore.exists(freed.sha256)).toBe(false);
    expect(await t.container.blobRecords.find(freed.sha256)).toBeUndefined();
    expect(await t.container.blobStore.exists(kept.sha256)).toBe(true);
    expect((await t.container.blobRecords.find(kept.sha256))?.refCount).toBe(1);
  });

  it('keeps a blob that is referenced again while a collection runs', async () => {
    const { sha256 } = await t.container.blobs.ingest(Readable.from([Buffer.from('comeback')]));
    await t.container.blobs.release(sha256);
    // The new reference and the collection race; whichever wins, a row never outlives its bytes.
    const [referenced] = await Promise.all([
      t.container.blobs.addReference(sha256),
      t.container.blobs.collectGarbage(),
    ]);
    const row = await t.container.blobRecords.find(sha256);
    expect(row !== undefined).toBe(referenced);
    expect(await t.container.blobStore.exists(sha256)).toBe(referenced);
    // A reference taken before the collection decides is always honoured.
    const second = await t.container.blobs.ingest(Readable.from([Buffer.from('second')]));
    await t.container.blobs.release(second.sha256);
    expect(await t.container.blobs.addReference(second.sha256)).toBe(true);
    expect(await t.container.blobs.collectGarbage()).toEqual({ deleted: 0 });
    expect(await t.container.blobStore.exists(second.sha256)).toBe(true);
  });

  it('fails an upload, leaving no row, when a collection deletes its bytes before the row commits', async () => {
    const data = Buffer.from('raced');
    const first = await t.container.blobs.ingest(Readable.from([data]));
    await t.container.blobs.release(first.sha256);
    const store = t.container.blobStore;
    // The second upload finds the bytes already stored; a collection runs before its row.
    const racingStore: BlobStore = {
      ...store,
      async put(source, options) {
        const digest = await store.put(source, options);
        await t.container.blobs.collectGarbage();
        return digest;
      },
    };
    const racing = createBlobService({
      store: racingStore,
      blobs: t.container.blobRecords,
      now: clock.now,
    });
    const failure = await racing.ingest(Readable.from([data])).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).reason).toBe('aborted');
    expect(await t.container.blobRecords.find(first.sha256)).toBeUndefined();
    // The client's retry stores the bytes again.
    await t.container.blobs.ingest(Readable.from([data]));
    expect(await t.container.blobStore.exists(first.sha256)).toBe(true);
    expect((await t.container.blobRecords.find(first.sha256))?.refCount).toBe(1);
  });

  it('answers a wrong size or checksum as the client error invalid_argument, storing nothing', async () => {
    const data = Buffer.from('twelve bytes');
    for (const options of [
      { expectedSize: 11 },
      { expectedSha256: sha256Of(Buffer.from('other')) },
    ]) {
      const failure = await t.container.blobs
        .ingest(Readable.from([data]), options)
        .catch((error: unknown) => error);
      expect((failure as AppError).reason).toBe('invalid_argument');
    }
    expect(await t.container.blobRecords.find(sha256Of(data))).toBeUndefined();
    expect(await t.container.blobStore.exists(sha256Of(data))).toBe(false);
  });

  it('verify re-hashes every blob and reports rows without bytes, bytes without rows and damage', async () => {
    const deps = { store: t.container.blobStore, blobs: t.container.blobRecords, now: clock.now };
    const blobs = [];
    for (let index = 0; index < 6; index += 1) {
      blobs.push(await t.container.blobs.ingest(Readable.from([Buffer.from(`verified ${index}`)])));
    }
    const clean = await verifyBlobs(deps);
    expect(clean).toMatchObject({ rows: 6, stored: 6, intact: 6, unreferenced: 0, problems: [] });
    expect((await t.container.blobRecords.find(blobs[0]?.sha256 ?? ''))?.verifiedAt).toBe(
      clock.now().toISOString(),
    );

    const [missing, damaged, truncated, released] = blobs.map((blob) => blob.sha256);
    if (!missing || !damaged || !truncated || !released) {
      throw new Error('six blobs were stored');
    }
    await fs.rm(blobPath(missing));
    await fs.writeFile(blobPath(damaged), 'verified X');
    await fs.writeFile(blobPath(truncated), 'short');
    await t.container.blobs.release(released);
    await fs.rm(blobPath(released));
    const orphan = sha256Of(Buffer.from('orphan'));
    await fs.mkdir(path.dirname(blobPath(orphan)), { recursive: true });
    await fs.writeFile(blobPath(orphan), 'orphan');

    const report = await verifyBlobs(deps);
    expect(report).toMatchObject({ rows: 6, stored: 5, intact: 2, unreferenced: 1 });
    expect(report.problems.map((problem) => [problem.sha256, problem.problem]).sort()).toEqual(
      [
        [missing, 'missing_bytes'],
        [damaged, 'content_mismatch'],
        [truncated, 'size_mismatch'],
        [orphan, 'orphan_bytes'],
      ].sort(),
    );
  });

  it('verify reports a GCID that does not match the bytes', async () => {
    const { sha256 } = await t.container.blobs.ingest(Readable.from([Buffer.from('gcid check')]));
    await t.container.database.db
      .updateTable('blobs')
      .set({ gcid: 'C'.repeat(40) })
      .where('sha256', '=', sha256)
      .execute();
    const report = await verifyBlobs({
      store: t.container.blobStore,
      blobs: t.container.blobRecords,
      now: clock.now,
    });
    expect(report.problems).toEqual([
      expect.objectContaining({ sha256, problem: 'gcid_mismatch' }),
    ]);
  });
});

describe.each(dialects)('blobs in S3 (s3rver) on %s', (dialect) => {
  let s3: TestS3Server;
  let t: TestApp;

  beforeAll(async () => {
    s3 = await startS3Server();
  });

  afterAll(async () => {
    await s3.close();
  });

  beforeEach(async () => {
    t = await buildTestApp(dialect, s3Env(s3));
  });

  afterEach(async () => {
    await t.container.blobStore.close();
    await t.close();
  });

  it('counts references, collects garbage and verifies through the configured S3 store', async () => {
    expect(t.container.blobStore.kind).toBe('s3');
    const kept = await t.container.blobs.ingest(Readable.from([randomBytes(6 * 1024 * 1024)]));
    const freed = await t.container.blobs.ingest(Readable.from([Buffer.from('freed in S3')]));
    await t.container.blobs.release(freed.sha256);
    expect(await t.container.blobs.collectGarbage()).toEqual({ deleted: 1 });
    expect(await t.container.blobStore.exists(freed.sha256)).toBe(false);

    const deps = {
      store: t.container.blobStore,
      blobs: t.container.blobRecords,
      now: () => new Date(),
    };
    expect(await verifyBlobs(deps)).toMatchObject({ rows: 1, stored: 1, intact: 1, problems: [] });

    // Bytes replaced behind the store's back are found.
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const key = `blobs/${kept.sha256.slice(0, 2)}/${kept.sha256.slice(2, 4)}/${kept.sha256}`;
    await client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: Buffer.alloc(kept.size, 1) }),
    );
    client.destroy();
    const report = await verifyBlobs(deps);
    expect(report.problems).toEqual([
      expect.objectContaining({ sha256: kept.sha256, problem: 'content_mismatch' }),
    ]);
  });
});
