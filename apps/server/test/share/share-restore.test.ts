import { describe, expect, it } from 'vitest';
import { createTaskRepository } from '../../src/modules/task/task.repository';
import { dialects, errorOf, ok } from '../helper';
import { signedInMember } from '../identity';
import {
  bigFiles,
  contents,
  useLargeSavesApp,
  type RestoreBody,
  type TaskBody,
} from './share-restore-fixture';

describe.each(dialects)('large saves from shares on %s', (dialect) => {
  const f = useLargeSavesApp(dialect);
  const { renew, call, storedFile, sharedBig, restoreCount, refCounts, savedRows } = f;

  it('saves a large share as a task: RESTORE_START at once, then COMPLETE with every item referenced and counted once', async () => {
    const { a, tree, shareId, token } = await sharedBig(2);
    const b = await signedInMember(f.t);
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
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(0);

    expect(await f.t.container.restoreWorker.runPending()).toBe(1);
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
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
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
    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    expect(await savedRows(b.user.id)).toHaveLength(tree.items);
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    expect(await restoreCount(a.headers)).toBe('1');

    // The limit of two: one more save is taken, the one after is refused.
    const c = await signedInMember(f.t);
    expect(
      ok<RestoreBody>(
        await call(c.headers, 'POST', '/drive/v1/share/restore', {
          share_id: shareId,
          pass_code_token: token,
        }),
      ).restore_status,
    ).toBe('RESTORE_START');
    const d = await signedInMember(f.t);
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
    const b = await signedInMember(f.t);
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
    await f.t.container.files.trash(b.user.id, [filler.id]);

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
    const usage = (await f.t.container.files.about(b.user.id)).usage;

    expect(await f.t.container.restoreWorker.runPending()).toBe(1);
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
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(usage);
    expect(await refCounts(tree.blobs)).toEqual(refsBefore);
    expect(await restoreCount(a.headers)).toBe('0');
    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    expect(await restoreCount(a.headers)).toBe('0');

    // The limit of one is still free for another member.
    const c = await signedInMember(f.t);
    expect(
      ok<RestoreBody>(
        await call(c.headers, 'POST', '/drive/v1/share/restore', {
          share_id: shareId,
          pass_code_token: token,
        }),
      ).restore_status,
    ).toBe('RESTORE_START');
    expect(await f.t.container.restoreWorker.runPending()).toBe(1);
    expect(await savedRows(c.user.id)).toHaveLength(tree.items);
    expect(await restoreCount(a.headers)).toBe('1');
  });

  it('does a save again from the start when its worker died, once, and a late worker changes nothing', async () => {
    const { a, tree, shareId, token } = await sharedBig(1);
    const b = await signedInMember(f.t);
    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    expect(started.restore_status).toBe('RESTORE_START');

    // Another process took the task and died before its transaction committed.
    const tasks = createTaskRepository(f.t.container.database.db);
    const leaseUntil = new Date(f.clock.now().getTime() + 60_000).toISOString();
    const taken = await tasks.claimNext(
      'restore',
      'restore-gone',
      f.clock.now().toISOString(),
      leaseUntil,
    );
    expect(taken?.id).toBe(started.restore_task_id);
    // While its lease holds, the task is left alone.
    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    expect(
      ok<TaskBody>(await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`))
        .phase,
    ).toBe('PHASE_TYPE_RUNNING');
    expect(await savedRows(b.user.id)).toEqual([]);

    f.clock.advance(61_000);
    await renew(a, b);
    expect(await f.t.container.restoreWorker.runPending()).toBe(1);
    const done = ok<TaskBody>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`),
    );
    expect(done.phase).toBe('PHASE_TYPE_COMPLETE');
    expect(await savedRows(b.user.id)).toHaveLength(tree.items);

    // The dead worker's late attempt holds nothing and changes nothing.
    await f.t.container.shares.runQueued(
      taken as NonNullable<typeof taken>,
      'restore-gone',
      leaseUntil,
    );
    expect(await savedRows(b.user.id)).toHaveLength(tree.items);
    expect((await f.t.container.files.about(b.user.id)).usage).toBe(tree.bytes);
    expect(
      ok<TaskBody>(await call(b.headers, 'GET', `/drive/v1/tasks/${started.restore_task_id}`))
        .phase,
    ).toBe('PHASE_TYPE_COMPLETE');
    expect(await restoreCount(a.headers)).toBe('1');
  });

  it('cancels a large save whose task the member deleted before it ran, and gives its count back once', async () => {
    const { a, shareId, token } = await sharedBig(1);
    const b = await signedInMember(f.t);
    const started = ok<RestoreBody>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
      }),
    );
    expect(started.restore_status).toBe('RESTORE_START');
    expect(await restoreCount(a.headers)).toBe('1');
    const deleted = await f.t.app.inject({
      method: 'DELETE',
      url: `/drive/v1/tasks?task_ids=${started.restore_task_id}`,
      headers: b.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    expect(await savedRows(b.user.id)).toEqual([]);
    expect(await restoreCount(a.headers)).toBe('0');
    expect(await f.t.container.restoreWorker.runPending()).toBe(0);
    expect(await restoreCount(a.headers)).toBe('0');
    // The limit of one is free again.
    const c = await signedInMember(f.t);
    expect(
      ok<RestoreBody>(
        await call(c.headers, 'POST', '/drive/v1/share/restore', {
          share_id: shareId,
          pass_code_token: token,
        }),
      ).restore_status,
    ).toBe('RESTORE_START');
  });
});
