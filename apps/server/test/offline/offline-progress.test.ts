import { describe, expect, it } from 'vitest';
import { createOfflineWorker } from '../../src/modules/offline/offline-worker';
import { createUrlFetcher } from '../../src/modules/offline/url-fetcher';
import { parseRanges } from '../../src/modules/offline/fetch-guard';
import { dialects, ok } from '../helper';
import {
  content,
  contentSha256,
  gate,
  source,
  useOfflineApp,
  useSources,
  type Headers,
  type TaskBody,
} from './offline-fixture';

useSources();

describe.each(dialects)('offline downloads on %s', (dialect) => {
  const f = useOfflineApp(dialect);
  const { start, member, call, expectError, created, task, sourceUrl } = f;

  it('shows progress, pauses, resumes from the queue, and completes', async () => {
    await start();
    source.slowGate = gate();
    source.slowRequests = 0;
    const { headers } = await member();
    const queued = await created(headers, sourceUrl('/slow'));
    const first = f.t.container.offlineWorker.runPending();
    let seen = await task(headers, queued.id);
    for (
      let polls = 0;
      polls < 200 && !(seen.phase === 'PHASE_TYPE_RUNNING' && seen.progress >= 40);
      polls += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await task(headers, queued.id);
    }
    expect(seen).toMatchObject({ phase: 'PHASE_TYPE_RUNNING', file_size: String(content.length) });
    expect(seen.progress).toBeGreaterThanOrEqual(40);
    expect(seen.progress).toBeLessThan(100);
    expect(seen.params).toMatchObject({ url: sourceUrl('/slow') });
    expect(Number(seen.params.speed)).toBeGreaterThanOrEqual(0);
    const busy = ok<{ expires_in: number }>(
      await call(headers, 'GET', '/drive/v1/tasks?type=offline'),
    );
    expect(busy.expires_in).toBe(3);

    expect(
      ok<TaskBody>(
        await call(headers, 'PATCH', `/drive/v1/tasks/${queued.id}`, {
          phase: 'PHASE_TYPE_PAUSED',
        }),
      ).phase,
    ).toBe('PHASE_TYPE_PAUSED');
    await first;
    expect(await task(headers, queued.id)).toMatchObject({
      phase: 'PHASE_TYPE_PAUSED',
      file_id: '',
    });

    source.slowGate.open();
    expect(
      ok<TaskBody>(
        await call(headers, 'PATCH', `/drive/v1/tasks/${queued.id}`, {
          phase: 'PHASE_TYPE_PENDING',
        }),
      ).phase,
    ).toBe('PHASE_TYPE_PENDING');
    await f.t.container.offlineWorker.runPending();
    const done = await task(headers, queued.id);
    expect(done).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      file_size: String(content.length),
    });
    expect(source.slowRequests).toBe(2);
    expect((await f.t.container.files.get(await ownerOf(queued.id), done.file_id)).sha256).toBe(
      contentSha256,
    );
    // Paused and resumed, the aborted first attempt left no blob reference behind.
    expect((await f.t.container.blobRecords.find(contentSha256))?.refCount).toBe(1);
  });

  async function ownerOf(taskId: string): Promise<string> {
    const row = await f.t.container.database.db
      .selectFrom('tasks')
      .select('user_id')
      .where('id', '=', taskId)
      .executeTakeFirstOrThrow();
    return row.user_id;
  }

  it("fails a broken source with a message in the caller's language, and a retry fetches it", async () => {
    await start();
    source.flakyFailures = 1;
    const { headers } = await member();
    const queued = await created(headers, sourceUrl('/flaky'));
    await f.t.container.offlineWorker.runPending();
    const failed = ok<TaskBody>(
      await f.t.app.inject({
        method: 'GET',
        url: `/drive/v1/tasks/${queued.id}`,
        headers: { ...headers, 'accept-language': 'zh-CN' },
      }),
    );
    // The source answered 500: the message names it, in the caller's language.
    expect(failed).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: '链接服务器返回了 500，而不是文件',
    });

    const retried = ok<TaskBody>(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
    );
    expect(retried).toMatchObject({
      id: queued.id,
      phase: 'PHASE_TYPE_PENDING',
      progress: 0,
      message: '',
    });
    await f.t.container.offlineWorker.runPending();
    expect(await task(headers, queued.id)).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      message: '',
    });
    expectError(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
      400,
      'failed_precondition',
    );
    expectError(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'CREATE',
        id: queued.id,
      }),
      400,
      'invalid_argument',
    );
  });

  /** The task once `done` holds, looked at every 25 ms (at most 30 s). */
  async function settled(
    headers: Headers,
    id: string,
    done: (task: TaskBody) => boolean,
  ): Promise<TaskBody> {
    let seen = await task(headers, id);
    for (let polls = 0; polls < 1200 && !done(seen); polls += 1) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await task(headers, id);
    }
    return seen;
  }

  it('starts a task at once when it is created, retried or resumed, not at the next poll', async () => {
    // The poll would look again in an hour: only the wake of the queueing call can start these.
    await start({ OFFLINE_POLL_SECONDS: '3600' });
    await f.t.container.offlineWorker.start();
    const { headers } = await member();
    // The first look at the queue is over and every lane is idle.
    await f.t.container.offlineWorker.runPending();

    const fresh = await created(headers, sourceUrl('/file.bin'));
    expect(fresh.phase).toBe('PHASE_TYPE_PENDING');
    expect(
      (await settled(headers, fresh.id, (seen) => seen.phase === 'PHASE_TYPE_COMPLETE')).phase,
    ).toBe('PHASE_TYPE_COMPLETE');

    source.flakyFailures = 1;
    const flaky = await created(headers, sourceUrl('/flaky'));
    expect(
      (await settled(headers, flaky.id, (seen) => seen.phase === 'PHASE_TYPE_ERROR')).phase,
    ).toBe('PHASE_TYPE_ERROR');
    await f.t.container.offlineWorker.runPending();
    ok<TaskBody>(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: flaky.id,
      }),
    );
    expect(
      (await settled(headers, flaky.id, (seen) => seen.phase === 'PHASE_TYPE_COMPLETE')).phase,
    ).toBe('PHASE_TYPE_COMPLETE');

    source.slowGate = gate();
    const slow = await created(headers, sourceUrl('/slow'));
    const running = await settled(
      headers,
      slow.id,
      (seen) => seen.phase === 'PHASE_TYPE_RUNNING' && seen.progress >= 40,
    );
    expect(running.phase).toBe('PHASE_TYPE_RUNNING');
    ok<TaskBody>(
      await call(headers, 'PATCH', `/drive/v1/tasks/${slow.id}`, { phase: 'PHASE_TYPE_PAUSED' }),
    );
    await f.t.container.offlineWorker.runPending();
    expect((await task(headers, slow.id)).phase).toBe('PHASE_TYPE_PAUSED');
    source.slowGate.open();
    ok<TaskBody>(
      await call(headers, 'PATCH', `/drive/v1/tasks/${slow.id}`, { phase: 'PHASE_TYPE_PENDING' }),
    );
    expect(
      (await settled(headers, slow.id, (seen) => seen.phase === 'PHASE_TYPE_COMPLETE')).phase,
    ).toBe('PHASE_TYPE_COMPLETE');
  });

  it('picks up a task whose worker died once its lease ran out', async () => {
    await start();
    const { headers } = await member();
    const queued = await created(headers, sourceUrl('/file.bin'));
    // Another worker took it and died: its lease ends in the past.
    const stamp = f.clock.now().toISOString();
    const taken = await f.t.container.taskRecords.claimNext(
      'offline',
      'worker-dead',
      stamp,
      new Date(f.clock.now().getTime() - 1).toISOString(),
    );
    expect(taken?.id).toBe(queued.id);
    expect((await task(headers, queued.id)).phase).toBe('PHASE_TYPE_RUNNING');
    expect(await f.t.container.offlineWorker.runPending()).toBe(1);
    expect((await task(headers, queued.id)).phase).toBe('PHASE_TYPE_COMPLETE');
  });

  it('never runs one task twice when two workers share the queue', async () => {
    await start({ PLAN_FREE_CLOUD_DOWNLOADS: '100' });
    const { headers } = await member();
    const paths = Array.from({ length: 8 }, (_, index) => `/each/${dialect}-${index}.bin`);
    const ids: string[] = [];
    for (const path of paths) {
      ids.push((await created(headers, sourceUrl(path))).id);
    }
    const second = createOfflineWorker({
      tasks: f.t.container.taskRecords,
      taskChanges: f.t.container.tasks,
      fetcher: createUrlFetcher({
        policy: {
          allowedRanges: parseRanges(['127.0.0.1/32']),
          extraPorts: new Set([source.port]),
        },
      }),
      blobs: f.t.container.blobs,
      files: f.t.container.files,
      events: f.t.container.events,
      plans: f.t.container.memberships,
      partDir: `${f.t.config.DATA_DIR}/offline-second`,
      localeOf: () => Promise.resolve('en-US'),
      now: f.clock.now,
      logger: { info: () => undefined, error: () => undefined },
      concurrency: 2,
      maxBytes: 1024 ** 3,
      timeoutMs: 60_000,
    });
    const [first, other] = await Promise.all([
      f.t.container.offlineWorker.runPending(),
      second.runPending(),
    ]);
    expect(first + other).toBe(paths.length);
    for (const path of paths) {
      expect(source.hits.get(path), path).toBe(1);
    }
    for (const id of ids) {
      expect((await task(headers, id)).phase).toBe('PHASE_TYPE_COMPLETE');
    }
  });
});
