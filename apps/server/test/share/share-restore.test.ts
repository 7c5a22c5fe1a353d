import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/modules/drive/file.repository';
import { createUsageRepository } from '../../src/modules/drive/usage.repository';
import { backgroundRestoreItems } from '../../src/modules/share/share.service';
import { createTaskRepository } from '../../src/modules/task/task.repository';
import { buildTestApp, dialects, errorOf, testClock, type TestApp } from '../helper';
import { signIn, signedInMember } from '../identity';

type Headers = Record<string, string>;

interface RestoreBody {
  share_status: string;
  restore_status: string;
  restore_task_id: string;
  file_id: string;
}

interface TaskBody {
  id: string;
  type: string;
  phase: string;
  progress: number;
  file_id: string;
  message: string;
  status_size: string;
  params: Record<string, string>;
}

/** Files in the large tree: past the size a save makes within its call. */
const bigFiles = backgroundRestoreItems + 200;
/** Bytes of each file of the large tree (three blobs, sizes 10, 11 and 12). */
const contents = ['0123456789', 'abcdefghijk', 'ABCDEFGHIJKL'];
/** Items the restore worker makes per transaction here: the large tree takes five chunks. */
const chunkItems = 300;

describe.each(dialects)('large saves from shares on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();
  /** Runs between two chunks of a save (a failure thrown here stands for a worker that died). */
  let betweenChunks: ((taskId: string) => Promise<void>) | undefined;

  beforeEach(async () => {
    clock = testClock();
    betweenChunks = undefined;
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: '100000' },
      {
        now: clock.now,
        restores: {
          restoreChunkItems: chunkItems,
          betweenRestoreChunks: async (taskId) => betweenChunks?.(taskId),
        },
      },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  async function renew(
    ...members: { user: { email: string; password: string }; headers: Headers }[]
  ) {
    for (const one of members) {
      one.headers.authorization = `Bearer ${(await signIn(t, one.user.email, one.user.password)).access_token}`;
    }
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  async function storedFile(
    userId: string,
    name: string,
    content: string,
    parentId = '',
  ): Promise<FileRecord> {
    const digest = await t.container.blobs.ingest(Readable.from([Buffer.from(content)]));
    return t.container.files.createFile(userId, { name, parentId, blob: digest });
  }

  /**
   * The owner's folder "Big" with two folders and `bigFiles` files spread over the three, the
   * files pointing at three stored blobs (rows written in bulk, references counted as the drive
   * counts them). Answers the folder, the blobs and the bytes of all files.
   */
  async function bigTree(userId: string) {
    const db = t.container.database.db;
    const big = await t.container.files.createFolder(userId, { name: 'Big', parentId: '' });
    const left = await t.container.files.createFolder(userId, { name: 'Left', parentId: big.id });
    const right = await t.container.files.createFolder(userId, {
      name: 'Right',
      parentId: left.id,
    });
    const blobs = await Promise.all(
      contents.map((content, index) => storedFile(userId, `seed${index}.txt`, content)),
    );
    const parents = [big.id, left.id, right.id];
    const stamp = clock.now().toISOString();
    const rows = Array.from({ length: bigFiles }, (_, index) => {
      const blob = blobs[index % blobs.length] as FileRecord;
      const name = `note ${String(index).padStart(5, '0')}.txt`;
      return {
        id: randomBytes(12).toString('base64url'),
        user_id: userId,
        parent_id: parents[index % parents.length] as string,
        kind: 'file' as const,
        name,
        name_key: name,
        size: blob.size,
        sha256: blob.sha256,
        gcid: blob.gcid,
        mime_type: 'text/plain',
        file_extension: 'txt',
        file_category: 'TEXT',
        phase: 'PHASE_TYPE_COMPLETE',
        starred: 0,
        trashed: 0,
        created_at: stamp,
        modified_at: stamp,
        params: '{}',
      };
    });
    for (let start = 0; start < rows.length; start += 200) {
      await db
        .insertInto('files')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    for (const blob of blobs) {
      const count = rows.filter((row) => row.sha256 === blob.sha256).length;
      await db
        .updateTable('blobs')
        .set({ ref_count: sql<number>`ref_count + ${count}` })
        .where('sha256', '=', blob.sha256 ?? '')
        .execute();
    }
    const bytes = rows.reduce((sum, row) => sum + row.size, 0);
    return { big, left, right, blobs, bytes, items: bigFiles + 3 };
  }

  async function sharedBig(restoreLimit = -1) {
    const a = await signedInMember(t);
    const tree = await bigTree(a.user.id);
    const made = ok<{ share_id: string; pass_code: string }>(
      await call(a.headers, 'POST', '/drive/v1/share', {
        file_ids: [tree.big.id],
        restore_limit: restoreLimit,
      }),
    );
    const opened = ok<{ share_status: string; pass_code_token: string }>(
      await call(
        {},
        'GET',
        `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code: made.pass_code }).toString()}`,
      ),
    );
    expect(opened.share_status).toBe('OK');
    return { a, tree, shareId: made.share_id, token: opened.pass_code_token };
  }

  async function restoreCount(owner: Headers): Promise<string | undefined> {
    return ok<{ data: { restore_count: string }[] }>(
      await call(owner, 'GET', '/drive/v1/share/list'),
    ).data[0]?.restore_count;
  }

  async function refCounts(blobs: FileRecord[]): Promise<number[]> {
    return Promise.all(
      blobs.map(
        async (blob) => (await t.container.blobRecords.find(blob.sha256 ?? ''))?.refCount ?? -1,
      ),
    );
  }

  /** Every item of the member that a save from a share made. */
  async function savedRows(userId: string) {
    const rows = await t.container.database.db
      .selectFrom('files')
      .select(['id', 'params'])
      .where('user_id', '=', userId)
      .execute();
    return rows.filter((row) => row.params.includes('original_share_id'));
  }

  it('saves a large share as a task: RESTORE_START at once, then COMPLETE with every item referenced and counted once', async () => {
    const { a, tree, shareId, token } = await sharedBig(2);
    const b = await signedInMember(t);
    const refsBefore = await refCounts(tree.blobs);

    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    expect(started).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_START' });
    expect(started.restore_task_id).not.toBe('');
    const pending = ok<TaskBody>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`),
    );
    expect(pending).toMatchObject({
      type: 'restore',
      phase: 'PHASE_TYPE_PENDING',
      progress: 0,
      status_size: String(tree.items),
    });
    expect(pending.params.share_id).toBe(shareId);
    // Accepted and counted, but nothing of it is in the drive yet: only the empty target folder.
    expect(await restoreCount(a.headers)).toBe('1');
    const root = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(root.files.map((file) => file.id)).toEqual([started.file_id]);
    expect(
      ok<{ files: unknown[] }>(
        await call(b.headers, 'GET', `/drive/v1/files?parent_id=${started.file_id}`),
      ).files,
    ).toEqual([]);
    expect((await t.container.files.about(b.user.id)).usage).toBe(0);

    expect(await t.container.restoreWorker.runPending()).toBe(1);
    const done = ok<TaskBody>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`),
    );
    expect(done).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', progress: 100, message: '' });
    const trace = JSON.parse(done.params.trace_file_ids ?? '{}') as Record<string, string>;
    expect(Object.keys(trace)).toHaveLength(tree.items);
    expect(done.file_id).toBe(trace[tree.big.id]);
    const saved = await savedRows(b.user.id);
    expect(saved).toHaveLength(tree.items);
    expect(new Set(saved.map((row) => row.id))).toEqual(new Set(Object.values(trace)));
    const inTarget = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${started.file_id}`),
    );
    expect(inTarget.files).toEqual([
      expect.objectContaining({ id: trace[tree.big.id], name: 'Big' }),
    ]);
    const deepest = ok<{ files: { name: string; params: Record<string, string> }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${trace[tree.right.id]}&limit=1000`),
    );
    expect(deepest.files).toHaveLength(bigFiles / 3);
    expect(deepest.files[0]?.params.original_share_id).toBe(shareId);
    // Quota charged once, every file a new reference to the same content.
    expect((await t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    const added = contents.map((_, index) => Math.ceil((bigFiles - index) / contents.length));
    expect(await refCounts(tree.blobs)).toEqual(
      refsBefore.map((count, index) => count + (added[index] ?? 0)),
    );
    const events = ok<{ events: { type: string; file_id: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/events'),
    );
    expect(
      events.events.filter((event) => event.type === 'TYPE_RESTORE').map((event) => event.file_id),
    ).toEqual([trace[tree.big.id]]);

    // Nothing runs twice: the queue is empty and the counts stay.
    expect(await t.container.restoreWorker.runPending()).toBe(0);
    expect(await savedRows(b.user.id)).toHaveLength(tree.items);
    expect((await t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    expect(await restoreCount(a.headers)).toBe('1');

    // The limit of two: one more save is taken, the one after is refused.
    const c = await signedInMember(t);
    expect(
      ok<RestoreBody>(
        await call(c.headers, 'POST', '/drive/v1/share/restore', {
          share_id: shareId,
          pass_code_token: token,
        }),
      ).restore_status,
    ).toBe('RESTORE_START');
    const d = await signedInMember(t);
    expect(
      ok<RestoreBody>(
        await call(d.headers, 'POST', '/drive/v1/share/restore', {
          share_id: shareId,
          pass_code_token: token,
        }),
      ).share_status,
    ).toBe('MAX_RESTORE_COUNT');
    expect(await restoreCount(a.headers)).toBe('2');
  });

  it('fails a large save whole with file_space_not_enough when the quota ran out meanwhile, and gives its count back', async () => {
    const { a, tree, shareId, token } = await sharedBig(1);
    const b = await signedInMember(t);
    const refsBefore = await refCounts(tree.blobs);

    // A drive too full for it now is refused at once, and nothing is counted.
    const filler = await storedFile(b.user.id, 'filler.bin', 'x'.repeat(100_000 - tree.bytes + 1));
    const refused = await call(b.headers, 'POST', '/drive/v1/share/restore', {
      share_id: shareId,
      pass_code_token: token,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).error).toBe('file_space_not_enough');
    expect(await restoreCount(a.headers)).toBe('0');
    await t.container.files.trash(b.user.id, [filler.id]);

    // Accepted while it fits; the space is taken before the worker gets to it.
    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    expect(started.restore_status).toBe('RESTORE_START');
    expect(await restoreCount(a.headers)).toBe('1');
    await storedFile(b.user.id, 'late.bin', 'y'.repeat(100_000 - tree.bytes + 1));
    const usage = (await t.container.files.about(b.user.id)).usage;

    expect(await t.container.restoreWorker.runPending()).toBe(1);
    const failed = ok<TaskBody>(
      await call(
        { ...b.headers, 'accept-language': 'es' },
        'GET',
        `/drive/v1/tasks/${started.restore_task_id}`,
      ),
    );
    expect(failed.phase).toBe('PHASE_TYPE_ERROR');
    expect(failed.params.error).toBe('file_space_not_enough');
    expect(failed.message).not.toBe('');
    // Nothing of it anywhere: no row, no byte of quota, no reference; the save is not counted.
    expect(await savedRows(b.user.id)).toEqual([]);
    expect(
      ok<{ files: unknown[] }>(
        await call(b.headers, 'GET', `/drive/v1/files?parent_id=${started.file_id}`),
      ).files,
    ).toEqual([]);
    expect((await t.container.files.about(b.user.id)).usage).toBe(usage);
    expect(await refCounts(tree.blobs)).toEqual(refsBefore);
    expect(await restoreCount(a.headers)).toBe('0');
    expect(await t.container.restoreWorker.runPending()).toBe(0);
    expect(await restoreCount(a.headers)).toBe('0');

    // The limit of one is still free for another member.
    const c = await signedInMember(t);
    expect(
      ok<RestoreBody>(
        await call(c.headers, 'POST', '/drive/v1/share/restore', {
          share_id: shareId,
          pass_code_token: token,
        }),
      ).restore_status,
    ).toBe('RESTORE_START');
    expect(await t.container.restoreWorker.runPending()).toBe(1);
    expect(await savedRows(c.user.id)).toHaveLength(tree.items);
    expect(await restoreCount(a.headers)).toBe('1');
  });

  it('does a save again from the start when its worker died, once, and a late worker changes nothing', async () => {
    const { a, tree, shareId, token } = await sharedBig(1);
    const b = await signedInMember(t);
    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    expect(started.restore_status).toBe('RESTORE_START');

    // Another process took the task and died before its transaction committed.
    const tasks = createTaskRepository(t.container.database.db);
    const leaseUntil = new Date(clock.now().getTime() + 60_000).toISOString();
    const taken = await tasks.claimNext(
      'restore',
      'restore-gone',
      clock.now().toISOString(),
      leaseUntil,
    );
    expect(taken?.id).toBe(started.restore_task_id);
    // While its lease holds, the task is left alone.
    expect(await t.container.restoreWorker.runPending()).toBe(0);
    expect(
      ok<TaskBody>(await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`))
        .phase,
    ).toBe('PHASE_TYPE_RUNNING');
    expect(await savedRows(b.user.id)).toEqual([]);

    clock.advance(61_000);
    await renew(a, b);
    expect(await t.container.restoreWorker.runPending()).toBe(1);
    const done = ok<TaskBody>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`),
    );
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await savedRows(b.user.id)).toHaveLength(tree.items);

    // The dead worker's late attempt holds nothing and changes nothing.
    await t.container.shares.runQueued(
      taken as NonNullable<typeof taken>,
      'restore-gone',
      leaseUntil,
    );
    expect(await savedRows(b.user.id)).toHaveLength(tree.items);
    expect((await t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    expect(
      ok<TaskBody>(await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`))
        .phase,
    ).toBe('PHASE_TYPE_COMPLETE');
    expect(await restoreCount(a.headers)).toBe('1');
  });

  it('cancels a large save whose task the member deleted before it ran, and gives its count back once', async () => {
    const { a, shareId, token } = await sharedBig(1);
    const b = await signedInMember(t);
    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    expect(started.restore_status).toBe('RESTORE_START');
    expect(await restoreCount(a.headers)).toBe('1');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/drive/v1/tasks?task_ids=${started.restore_task_id}`,
      headers: b.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await t.container.restoreWorker.runPending()).toBe(0);
    expect(await savedRows(b.user.id)).toEqual([]);
    expect(await restoreCount(a.headers)).toBe('0');
    expect(await t.container.restoreWorker.runPending()).toBe(0);
    expect(await restoreCount(a.headers)).toBe('0');
    // The limit of one is free again.
    const c = await signedInMember(t);
    expect(
      ok<RestoreBody>(
        await call(c.headers, 'POST', '/drive/v1/share/restore', {
          share_id: shareId,
          pass_code_token: token,
        }),
      ).restore_status,
    ).toBe('RESTORE_START');
  });

  /** Every saved row hangs from the target folder or from another saved row: a whole tree. */
  async function isWholeTree(userId: string, targetId: string): Promise<boolean> {
    const rows = await t.container.database.db
      .selectFrom('files')
      .select(['id', 'parent_id', 'params'])
      .where('user_id', '=', userId)
      .execute();
    const saved = rows.filter((row) => row.params.includes('original_share_id'));
    const ids = new Set(saved.map((row) => row.id));
    return saved.every((row) => row.parent_id === targetId || ids.has(row.parent_id));
  }

  it('makes a large save in chunks with its progress, and takes it up from the last chunk after its worker died, nothing made twice or left out', async () => {
    const { a, tree, shareId, token } = await sharedBig(1);
    const b = await signedInMember(t);
    const refsBefore = await refCounts(tree.blobs);
    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    expect(started.restore_status).toBe('RESTORE_START');

    // The worker dies after its second chunk committed.
    const seen: { progress: number; rows: number }[] = [];
    betweenChunks = async (taskId) => {
      const task = ok<TaskBody>(await call(b.headers, 'GET', `/drive/v1/tasks/${taskId}`));
      expect(task.phase).toBe('PHASE_TYPE_RUNNING');
      seen.push({ progress: task.progress, rows: (await savedRows(b.user.id)).length });
      if (seen.length === 2) {
        throw new Error('the worker died');
      }
    };
    expect(await t.container.restoreWorker.runPending()).toBe(1);
    expect(seen).toEqual([
      { progress: Math.floor((chunkItems * 100) / tree.items), rows: chunkItems },
      { progress: Math.floor((2 * chunkItems * 100) / tree.items), rows: 2 * chunkItems },
    ]);
    const halfway = ok<TaskBody>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`),
    );
    expect(halfway).toMatchObject({ phase: 'PHASE_TYPE_RUNNING', progress: seen[1]?.progress });
    expect(await savedRows(b.user.id)).toHaveLength(2 * chunkItems);
    expect(await isWholeTree(b.user.id, started.file_id)).toBe(true);
    // The whole save is booked by its first chunk: quota and references once, not per chunk.
    expect((await t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    const added = contents.map((_, index) => Math.ceil((bigFiles - index) / contents.length));
    const refsAfter = refsBefore.map((count, index) => count + (added[index] ?? 0));
    expect(await refCounts(tree.blobs)).toEqual(refsAfter);
    // What is booked for rows not made yet is known, so verify sees no mismatch.
    expect(
      (await createUsageRepository(t.container.database.db).mismatches()).mismatches.filter(
        (mismatch) => mismatch.userId === b.user.id,
      ),
    ).toEqual([]);
    const events = async () =>
      ok<{ events: { type: string; file_id: string }[] }>(
        await call(b.headers, 'GET', '/drive/v1/events'),
      ).events.filter((event) => event.type === 'TYPE_RESTORE');
    expect(await events()).toEqual([]);

    // While the dead worker's lease holds, nobody takes the save; then the next worker goes on.
    betweenChunks = undefined;
    expect(await t.container.restoreWorker.runPending()).toBe(0);
    clock.advance(601_000);
    await renew(a, b);
    expect(await t.container.restoreWorker.runPending()).toBe(1);
    const done = ok<TaskBody>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`),
    );
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      status_size: String(tree.items),
    });
    const trace = JSON.parse(done.params.trace_file_ids ?? '{}') as Record<string, string>;
    expect(Object.keys(trace)).toHaveLength(tree.items);
    const saved = await savedRows(b.user.id);
    expect(saved).toHaveLength(tree.items);
    expect(new Set(saved.map((row) => row.id))).toEqual(new Set(Object.values(trace)));
    expect(await isWholeTree(b.user.id, started.file_id)).toBe(true);
    expect((await t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    expect(await refCounts(tree.blobs)).toEqual(refsAfter);
    expect(await restoreCount(a.headers)).toBe('1');
    expect((await events()).map((event) => event.file_id)).toEqual([trace[tree.big.id]]);
    expect(
      (await createUsageRepository(t.container.database.db).mismatches()).mismatches.filter(
        (mismatch) => mismatch.userId === b.user.id,
      ),
    ).toEqual([]);
    expect(await t.container.restoreWorker.runPending()).toBe(0);
    expect(await savedRows(b.user.id)).toHaveLength(tree.items);
  });

  it('keeps what a large save made when its member deletes the task mid-way, and gives back what it booked for the rest', async () => {
    const { a, tree, shareId, token } = await sharedBig(1);
    const b = await signedInMember(t);
    const refsBefore = await refCounts(tree.blobs);
    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    betweenChunks = async () => {
      throw new Error('the worker died');
    };
    expect(await t.container.restoreWorker.runPending()).toBe(1);
    expect(await savedRows(b.user.id)).toHaveLength(chunkItems);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/drive/v1/tasks?task_ids=${started.restore_task_id}`,
      headers: b.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    betweenChunks = undefined;
    expect(await t.container.restoreWorker.runPending()).toBe(0);
    const kept = await t.container.database.db
      .selectFrom('files')
      .select(['sha256', 'size'])
      .where('user_id', '=', b.user.id)
      .where('kind', '=', 'file')
      .execute();
    expect(kept.length).toBeGreaterThan(0);
    expect(await savedRows(b.user.id)).toHaveLength(chunkItems);
    expect(await isWholeTree(b.user.id, started.file_id)).toBe(true);
    // Only the rows made stay booked and referenced.
    expect((await t.container.files.about(b.user.id)).usage).toBe(
      kept.reduce((sum, row) => sum + Number(row.size), 0),
    );
    expect(await refCounts(tree.blobs)).toEqual(
      refsBefore.map(
        (count, index) =>
          count + kept.filter((row) => row.sha256 === tree.blobs[index]?.sha256).length,
      ),
    );
    expect(
      (await createUsageRepository(t.container.database.db).mismatches()).mismatches.filter(
        (mismatch) => mismatch.userId === b.user.id,
      ),
    ).toEqual([]);
    // The save happened in part: its count stays.
    expect(await restoreCount(a.headers)).toBe('1');
    expect(await t.container.restoreWorker.runPending()).toBe(0);
    expect((await t.container.files.about(b.user.id)).usage).toBe(
      kept.reduce((sum, row) => sum + Number(row.size), 0),
    );
  });
});
