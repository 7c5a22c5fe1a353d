import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { up as backfill } from '../../src/db/migrations/0019-member-usage';
import {
  createUsageRepository,
  usageQueriesOn,
  type UsageRepository,
} from '../../src/modules/drive/usage.repository';
import { verifyUsage } from '../../src/modules/drive/usage-verify';
import { ContentHasher } from '../../src/modules/storage/content-hash';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember, signIn } from '../identity';
import { storeFile } from '../support/stored-file';

type Headers = Record<string, string>;

interface FileBody {
  id: string;
  name: string;
  phase: string;
}

interface UploadAnswer {
  file: FileBody;
  resumable?: { params: { url: string } };
  proof?: { ranges: { offset: string; length: string }[] };
}

const quota = 1024 * 1024;

function gcidOf(bytes: Buffer): string {
  const hasher = new ContentHasher(bytes.length);
  hasher.update(bytes);
  return hasher.digest().gcid;
}

function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe.each(dialects)('storage counters on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();
  let usage: UsageRepository;
  let origin: string;

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, { PLAN_FREE_STORAGE_BYTES: String(quota) }, { now: clock.now });
    usage = createUsageRepository(t.container.database.db);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await t.close();
  });

  const member = () => signedInMember(t);

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
  ) {
    return t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async function start(
    headers: Headers,
    name: string,
    size: number,
    hash?: string,
  ): Promise<UploadAnswer> {
    return ok<UploadAnswer>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#file',
        parent_id: '',
        name,
        size: String(size),
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
        ...(hash === undefined ? {} : { hash }),
      }),
    );
  }

  function patch(headers: Headers, url: string, offset: number, bytes: Buffer) {
    return fetch(`${origin}${new URL(url).pathname}`, {
      method: 'PATCH',
      headers: {
        ...headers,
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
      },
      body: bytes,
    });
  }

  async function upload(headers: Headers, name: string, bytes: Buffer): Promise<string> {
    const answer = await start(headers, name, bytes.length);
    expect((await patch(headers, answer.resumable?.params.url ?? '', 0, bytes)).status).toBe(204);
    return answer.file.id;
  }

  /** The counters as `about` reports them, which must equal the sums of the member's files. */
  async function expectUsage(userId: string, headers: Headers, live: number, trash: number) {
    const about = ok<{ quota: { usage: string; usage_in_trash: string } }>(
      await call(headers, 'GET', '/drive/v1/about'),
    );
    expect({ live: Number(about.quota.usage), trash: Number(about.quota.usage_in_trash) }).toEqual({
      live,
      trash,
    });
    expect(await usage.sum(userId)).toEqual({ live, trash });
    expect((await usage.mismatches()).mismatches).toEqual([]);
  }

  async function refCountOf(bytes: Buffer): Promise<number | undefined> {
    return (await t.container.blobRecords.find(sha256Of(bytes)))?.refCount;
  }

  it('every path that adds or removes files moves the counters with the rows, and about reads them', async () => {
    const { user, headers } = await member();
    await expectUsage(user.id, headers, 0, 0);

    // Upload commit (tus).
    const first = randomBytes(10_000);
    const uploaded = await upload(headers, 'one.bin', first);
    await expectUsage(user.id, headers, 10_000, 0);

    // Instant upload: the same content proven, no bytes sent.
    const proof = await start(headers, 'again.bin', first.length, gcidOf(first));
    const ranges = (proof.proof?.ranges ?? []).map((range) => {
      const offset = Number(range.offset);
      const length = Number(range.length);
      return {
        offset: range.offset,
        length: range.length,
        sha1: createHash('sha1')
          .update(first.subarray(offset, offset + length))
          .digest('hex'),
      };
    });
    const proven = ok<{ file: FileBody }>(
      await call(headers, 'POST', `/drive/v1/files/${proof.file.id}:prove`, { ranges }),
    );
    expect(proven.file.phase).toBe('PHASE_TYPE_COMPLETE');
    await expectUsage(user.id, headers, 20_000, 0);

    // A complete file filed by the drive service (what an offline download's commit calls).
    const fetched = await storeFile(t, user.id, 'fetched.txt', 'x'.repeat(1_000));
    await expectUsage(user.id, headers, 21_000, 0);

    // Copy of a folder holding a file; a PENDING file is copied but not counted.
    const folder = ok<{ file: FileBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Box',
        parent_id: '',
      }),
    ).file;
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [uploaded],
        to: { parent_id: folder.id },
      }),
    );
    const pending = await start(headers, 'later.bin', 5_000);
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [pending.file.id],
        to: { parent_id: folder.id },
      }),
    );
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [folder.id],
        to: { parent_id: '' },
      }),
    );
    await expectUsage(user.id, headers, 31_000, 0);

    // Trash moves bytes live -> trash (the folder's contents along), untrash moves them back.
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [folder.id, fetched.id] }));
    await expectUsage(user.id, headers, 20_000, 11_000);
    ok(await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [fetched.id] }));
    await expectUsage(user.id, headers, 21_000, 10_000);

    // A PENDING file trashed while its bytes come in counts in the trash once they are in.
    expect(
      (await patch(headers, pending.resumable?.params.url ?? '', 0, randomBytes(5_000))).status,
    ).toBe(204);
    await expectUsage(user.id, headers, 21_000, 15_000);

    // Delete for good from the live drive and from the trash.
    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [fetched.id] }));
    await expectUsage(user.id, headers, 20_000, 15_000);
    ok(await call(headers, 'PATCH', '/drive/v1/files/trash:empty'));
    await expectUsage(user.id, headers, 20_000, 0);

    // The trash purge after the retention.
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [proven.file.id] }));
    await expectUsage(user.id, headers, 10_000, 10_000);
    clock.advance(31 * 86_400_000);
    expect(await t.container.files.purgeExpiredTrash()).toBe(1);
    // The access token expired with the month: sign in again.
    headers.authorization = `Bearer ${(await signIn(t, user.email, user.password)).access_token}`;
    await expectUsage(user.id, headers, 10_000, 0);

    // A save from another member's share counts for the saver only.
    const saver = await member();
    const root = ok<{ files: FileBody[] }>(
      await call(headers, 'GET', '/drive/v1/files?parent_id='),
    );
    const copied = root.files.find((file) => file.name === 'Box(1)');
    const made = ok<{ share_id: string }>(
      await call(headers, 'POST', '/drive/v1/share', {
        file_ids: [copied?.id],
        pass_code_option: 'NOT_REQUIRED',
      }),
    );
    const opened = ok<{ pass_code_token: string }>(
      await call({}, 'GET', `/drive/v1/share?share_id=${made.share_id}`),
    );
    const saved = ok<{ share_status: string }>(
      await call(saver.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: opened.pass_code_token,
      }),
    );
    expect(saved.share_status).toBe('OK');
    await expectUsage(saver.user.id, saver.headers, 10_000, 0);
    await expectUsage(user.id, headers, 10_000, 0);
  });

  it('two uploads that each fit but not together: exactly one commits, the other answers file_space_not_enough and leaves no reference', async () => {
    const { user, headers } = await member();
    const size = 600 * 1024;
    const contents = [randomBytes(size), randomBytes(size)];
    const answers = await Promise.all(
      contents.map((_, index) => start(headers, `race${index}.bin`, size)),
    );
    // Everything but the last bytes first, then both last requests at once.
    for (const [index, answer] of answers.entries()) {
      expect(
        (
          await patch(
            headers,
            answer.resumable?.params.url ?? '',
            0,
            (contents[index] as Buffer).subarray(0, size - 100),
          )
        ).status,
      ).toBe(204);
    }
    const last = await Promise.all(
      answers.map((answer, index) =>
        patch(
          headers,
          answer.resumable?.params.url ?? '',
          size - 100,
          (contents[index] as Buffer).subarray(size - 100),
        ),
      ),
    );
    const statuses = last.map((response) => response.status).sort();
    expect(statuses).toEqual([204, 403]);
    const refused = last.findIndex((response) => response.status === 403);
    expect(((await last[refused]?.json()) as { error: string }).error).toBe(
      'file_space_not_enough',
    );
    const kept = 1 - refused;
    expect(
      errorOf(await call(headers, 'GET', `/drive/v1/files/${answers[refused]?.file.id ?? ''}`))
        .error,
    ).toBe('file_not_found');
    expect(
      ok<FileBody>(await call(headers, 'GET', `/drive/v1/files/${answers[kept]?.file.id ?? ''}`))
        .phase,
    ).toBe('PHASE_TYPE_COMPLETE');
    expect(await refCountOf(contents[kept] as Buffer)).toBe(1);
    // The refused bytes hold no reference (an unreferenced row, or none): collection frees them.
    expect((await refCountOf(contents[refused] as Buffer)) ?? 0).toBe(0);
    await expectUsage(user.id, headers, size, 0);
  });

  it('commits a crash left half done are refused at the quota in the commit itself, whatever was checked before', async () => {
    const { user, headers } = await member();
    const size = 600 * 1024;
    const contents = [randomBytes(size), randomBytes(size)];
    const dir = path.join(t.config.DATA_DIR, 'uploads');
    fs.mkdirSync(dir, { recursive: true });
    // Both passed every earlier check and recorded their digest; then the process died.
    for (const [index, bytes] of contents.entries()) {
      const answer = await start(headers, `crash${index}.bin`, size);
      const uploadId = new URL(answer.resumable?.params.url ?? '').pathname.split('/').at(-1) ?? '';
      fs.writeFileSync(path.join(dir, uploadId), bytes);
      await t.container.database.db
        .updateTable('uploads')
        .set({ state: 'committing', sha256: sha256Of(bytes), gcid: gcidOf(bytes), received: size })
        .where('id', '=', uploadId)
        .execute();
    }
    expect((await t.container.uploads.recover()).committed).toBe(1);
    const references = await Promise.all(contents.map(refCountOf));
    expect(references.map((count) => count ?? 0).sort()).toEqual([0, 1]);
    const listed = ok<{ files: FileBody[] }>(
      await call(headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(listed.files.map((file) => file.phase)).toEqual(['PHASE_TYPE_COMPLETE']);
    expect(fs.readdirSync(dir)).toEqual([]);
    await expectUsage(user.id, headers, size, 0);
  });

  it('the trash does not count toward the quota, so untrash must fit under it: a batch that does not fit restores nothing', async () => {
    const { user, headers } = await member();
    const size = 600 * 1024;
    const first = await storeFile(t, user.id, 'first.bin', randomBytes(size));
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [first.id] }));
    await expectUsage(user.id, headers, 0, size);
    // The trashed bytes leave room: a second file of the same size fits.
    const second = await storeFile(t, user.id, 'second.bin', randomBytes(size));
    await expectUsage(user.id, headers, size, size);

    // Back from the trash the first would make 1200 KiB of 1 MiB.
    const refused = await call(headers, 'POST', '/drive/v1/files:batchUntrash', {
      ids: [first.id],
    });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorOf(refused).error).toBe('file_space_not_enough');
    expect(
      ok<{ trashed: boolean }>(await call(headers, 'GET', `/drive/v1/files/${first.id}`)).trashed,
    ).toBe(true);
    await expectUsage(user.id, headers, size, size);

    // Both in the trash, both back would not fit: neither comes back; one alone does.
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [second.id] }));
    await expectUsage(user.id, headers, 0, 2 * size);
    expect(
      errorOf(
        await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [first.id, second.id] }),
      ).error,
    ).toBe('file_space_not_enough');
    await expectUsage(user.id, headers, 0, 2 * size);
    ok(await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [second.id] }));
    expect(
      ok<{ trashed: boolean }>(await call(headers, 'GET', `/drive/v1/files/${second.id}`)).trashed,
    ).toBe(false);
    expect(
      ok<{ trashed: boolean }>(await call(headers, 'GET', `/drive/v1/files/${first.id}`)).trashed,
    ).toBe(true);
    await expectUsage(user.id, headers, size, size);
  });

  it('a complete file filed by the drive service (an offline commit) is booked under the quota: of two that fit alone, one is filed', async () => {
    const { user, headers } = await member();
    const size = 600 * 1024;
    const results = await Promise.allSettled(
      [0, 1].map((index) => storeFile(t, user.id, `fetched${index}.bin`, randomBytes(size))),
    );
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused?.reason as { reason?: string } | undefined)?.reason).toBe(
      'file_space_not_enough',
    );
    const listed = ok<{ files: FileBody[] }>(
      await call(headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(listed.files).toHaveLength(1);
    await expectUsage(user.id, headers, size, 0);
  });

  it("a tree of files filed at once (a torrent's chosen files) is booked whole: with room for part of it nothing is filed, and beside a concurrent file exactly one of them is", async () => {
    const { user, headers } = await member();
    const part = 300 * 1024;
    const stored = async (bytes: Buffer) => {
      const digest = await t.container.blobs.ingest(Readable.from([bytes]));
      return { sha256: digest.sha256, gcid: digest.gcid, size: digest.size };
    };
    const first = await stored(randomBytes(part));
    const second = await stored(randomBytes(part));
    const tree = () =>
      t.container.files.createTree(user.id, {
        name: 'pack',
        parentId: '',
        files: [
          { folders: [], name: 'a.bin', blob: first },
          { folders: ['docs'], name: 'b.bin', blob: second },
        ],
      });
    const rootNames = async () =>
      ok<{ files: FileBody[] }>(await call(headers, 'GET', '/drive/v1/files?parent_id=')).files.map(
        (item) => item.name,
      );

    // 600 KiB stored of 1 MiB: room for one of the tree's files, not both.
    const upload = await storeFile(t, user.id, 'upload.bin', randomBytes(2 * part));
    await expect(tree()).rejects.toMatchObject({ reason: 'file_space_not_enough' });
    expect(await rootNames()).toEqual(['upload.bin']);
    expect((await t.container.blobRecords.find(first.sha256))?.refCount).toBe(1);
    expect((await t.container.blobRecords.find(second.sha256))?.refCount).toBe(1);
    await expectUsage(user.id, headers, 2 * part, 0);

    // Room again; the tree and another 600 KiB file each fit alone: exactly one is filed.
    await t.container.files.remove(user.id, [upload.id]);
    const results = await Promise.allSettled([
      tree(),
      storeFile(t, user.id, 'again.bin', randomBytes(2 * part)),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused?.reason as { reason?: string } | undefined)?.reason).toBe(
      'file_space_not_enough',
    );
    const [filedTree] = results;
    if (filedTree.status === 'fulfilled') {
      expect(await rootNames()).toEqual(['pack']);
      const inside = ok<{ files: FileBody[] }>(
        await call(headers, 'GET', `/drive/v1/files?parent_id=${filedTree.value.id}`),
      );
      expect(inside.files.map((item) => item.name).sort()).toEqual(['a.bin', 'docs']);
    } else {
      expect(await rootNames()).toEqual(['again.bin']);
    }
    await expectUsage(user.id, headers, 2 * part, 0);
  });

  it('of two concurrent bookings that together exceed the limit, exactly one passes', async () => {
    const { user } = await member();
    const db = t.container.database.db;
    const book = (bytes: number) =>
      db.transaction().execute(async (trx) =>
        usageQueriesOn(trx).adjust(user.id, { live: bytes, trash: 0 }, clock.now(), {
          limit: 1000,
        }),
      );
    const results = await Promise.all([book(600), book(600), book(600)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await usage.read(user.id)).toEqual({ live: 600, trash: 0 });
    // Removals and trash moves need no room.
    expect(
      await usage.adjust(user.id, { live: -600, trash: 600 }, clock.now(), { limit: 1000 }),
    ).toBe(true);
    expect(await usage.read(user.id)).toEqual({ live: 0, trash: 600 });
  });

  it('the migration backfills the counters from the files; verify reports a mismatch and --fix repairs it', async () => {
    const a = await member();
    const b = await member();
    await storeFile(t, a.user.id, 'a.txt', 'a'.repeat(300));
    const trashed = await storeFile(t, a.user.id, 'old.txt', 'o'.repeat(200));
    await t.container.files.trash(a.user.id, [trashed.id]);
    await storeFile(t, b.user.id, 'b.txt', 'b'.repeat(50));
    const db = t.container.database.db;

    // The migration run on a drive that already has files.
    await db.schema.dropTable('member_usage').execute();
    await backfill(db as unknown as Kysely<unknown>);
    expect(await usage.read(a.user.id)).toEqual({ live: 300, trash: 200 });
    expect(await usage.read(b.user.id)).toEqual({ live: 50, trash: 0 });
    expect(await verifyUsage(usage, { fix: false, now: clock.now })).toEqual({
      members: 2,
      mismatches: [],
      repaired: 0,
    });

    // A counter that drifted (written behind the service's back) and a member with no row.
    await db
      .updateTable('member_usage')
      .set({ live_bytes: sql<number>`live_bytes + 7` })
      .where('user_id', '=', a.user.id)
      .execute();
    await db.deleteFrom('member_usage').where('user_id', '=', b.user.id).execute();
    const found = await verifyUsage(usage, { fix: false, now: clock.now });
    expect(found.mismatches).toEqual(
      [
        {
          userId: a.user.id,
          counted: { live: 307, trash: 200 },
          actual: { live: 300, trash: 200 },
        },
        { userId: b.user.id, counted: { live: 0, trash: 0 }, actual: { live: 50, trash: 0 } },
      ].sort((x, y) => (x.userId < y.userId ? -1 : 1)),
    );
    expect(found.repaired).toBe(0);
    expect((await verifyUsage(usage, { fix: true, now: clock.now })).repaired).toBe(2);
    expect(await verifyUsage(usage, { fix: false, now: clock.now })).toEqual({
      members: 2,
      mismatches: [],
      repaired: 0,
    });
    await expectUsage(a.user.id, a.headers, 300, 200);
  });
});
