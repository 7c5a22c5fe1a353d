import { describe, expect, it } from 'vitest';
import { createUsageRepository } from '../../src/modules/drive/usage.repository';
import { dialects, ok } from '../helper';
import { signedInMember } from '../identity';
import {
  bigFiles,
  chunkItems,
  contents,
  useLargeSavesApp,
  type RestoreBody,
  type TaskBody,
} from './share-restore-fixture';

describe.each(dialects)('large saves from shares on %s', (dialect) => {
  const f = useLargeSavesApp(dialect);
  const { renew, call, sharedBig, restoreCount, refCounts, savedRows } = f;

  /** Every saved row hangs from the target folder or from another saved row: a whole tree. */
  async function isWholeTree(userId: string, targetId: string): Promise<boolean> {
    const rows = await f.t.container.database.db
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
    const b = await signedInMember(f.t);
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
    f.betweenChunks = async (taskId) => {
      const task = ok<TaskBody>(await call(b.headers, 'GET', `/drive/v1/tasks/${taskId}`));
      expect(task.phase).toBe('PHASE_TYPE_RUNNING');
      seen.push({ progress: task.progress, rows: (await savedRows(b.user.id)).length });
      if (seen.length === 2) {
        throw new Error('the worker died');
      }
    };
    expect(await f.t.container.restoreWorker.runPending()).toBe(1);
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
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    const added = contents.map((_, index) => Math.ceil((bigFiles - index) / contents.length));
    const refsAfter = refsBefore.map((count, index) => count + (added[index] ?? 0));
    expect(await refCounts(tree.blobs)).toEqual(refsAfter);
    // What is booked for rows not made yet is known, so verify sees no mismatch.
    expect(
      (await createUsageRepository(f.t.container.database.db).mismatches()).mismatches.filter(
        (mismatch) => mismatch.userId === b.user.id,
      ),
    ).toEqual([]);
    const events = async () =>
      ok<{ events: { type: string; file_id: string }[] }>(
        await call(b.headers, 'GET', '/drive/v1/events'),
      ).events.filter((event) => event.type === 'TYPE_RESTORE');
    expect(await events()).toEqual([]);

    // While the dead worker's lease holds, nobody takes the save; then the next worker goes on.
    f.betweenChunks = undefined;
    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    f.clock.advance(601_000);
    await renew(a, b);
    expect(await f.t.container.restoreWorker.runPending()).toBe(1);
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
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    expect(await refCounts(tree.blobs)).toEqual(refsAfter);
    expect(await restoreCount(a.headers)).toBe('1');
    expect((await events()).map((event) => event.file_id)).toEqual([trace[tree.big.id]]);
    expect(
      (await createUsageRepository(f.t.container.database.db).mismatches()).mismatches.filter(
        (mismatch) => mismatch.userId === b.user.id,
      ),
    ).toEqual([]);
    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    expect(await savedRows(b.user.id)).toHaveLength(tree.items);
  });

  it('keeps what a large save made when its member deletes the task mid-way, and gives back what it booked for the rest', async () => {
    const { a, tree, shareId, token } = await sharedBig(1);
    const b = await signedInMember(f.t);
    const refsBefore = await refCounts(tree.blobs);
    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    f.betweenChunks = async () => {
      throw new Error('the worker died');
    };
    expect(await f.t.container.restoreWorker.runPending()).toBe(1);
    expect(await savedRows(b.user.id)).toHaveLength(chunkItems);
    const deleted = await f.t.app.inject({
      method: 'DELETE',
      url: `/drive/v1/tasks?task_ids=${started.restore_task_id}`,
      headers: b.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    f.betweenChunks = undefined;
    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    const kept = await f.t.container.database.db
      .selectFrom('files')
      .select(['sha256', 'size'])
      .where('user_id', '=', b.user.id)
      .where('kind', '=', 'file')
      .execute();
    expect(kept.length).toBeGreaterThan(0);
    expect(await savedRows(b.user.id)).toHaveLength(chunkItems);
    expect(await isWholeTree(b.user.id, started.file_id)).toBe(true);
    // Only the rows made stay booked and referenced.
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(
      kept.reduce((sum, row) => sum + Number(row.size), 0),
    );
    expect(await refCounts(tree.blobs)).toEqual(
      refsBefore.map(
        (count, index) =>
          count + kept.filter((row) => row.sha256 === tree.blobs[index]?.sha256).length,
      ),
    );
    expect(
      (await createUsageRepository(f.t.container.database.db).mismatches()).mismatches.filter(
        (mismatch) => mismatch.userId === b.user.id,
      ),
    ).toEqual([]);
    // The save happened in part: its count stays.
    expect(await restoreCount(a.headers)).toBe('1');
    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(
      kept.reduce((sum, row) => sum + Number(row.size), 0),
    );
  });
});
