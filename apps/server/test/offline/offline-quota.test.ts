import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOfflineWorker } from '../../src/modules/offline/offline-worker';
import { createUrlFetcher } from '../../src/modules/offline/url-fetcher';
import { parseRanges } from '../../src/modules/offline/fetch-guard';
import { dialects, errorOf, localizedOf, ok } from '../helper';
import { signIn } from '../identity';
import { storeFile } from '../support/stored-file';
import {
  content,
  contentSha256,
  source,
  useOfflineApp,
  useSources,
  type FileBody,
  type TaskBody,
} from './offline-fixture';

useSources();

describe.each(dialects)('offline downloads on %s', (dialect) => {
  const f = useOfflineApp(dialect);
  const { start, member, call, expectError, offline, created, task, rootFiles, sourceUrl } = f;

  it('stops at the size cap and at the storage quota', async () => {
    await start({ OFFLINE_MAX_BYTES: String(content.length - 1) });
    const { headers } = await member();
    const tooBig = await created(headers, sourceUrl('/file.bin'));
    await f.t.container.offlineWorker.runPending();
    expect(await task(headers, tooBig.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'The file is larger than a download may be',
      file_id: '',
    });
    await f.t.container.offlineWorker.stop();
    await f.t.close();

    await start({ PLAN_FREE_STORAGE_BYTES: String(content.length - 1) });
    const second = await member();
    const noSpace = await created(second.headers, sourceUrl('/file.bin'));
    await f.t.container.offlineWorker.runPending();
    expect(await task(second.headers, noSpace.id)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
    });
    expect((await rootFiles(second.headers)).filter((item) => item.kind === 'drive#file')).toEqual(
      [],
    );
  });

  it('books the download on the quota at its commit: room that went meanwhile fails the task with space_not_enough', async () => {
    await start({ PLAN_FREE_STORAGE_BYTES: String(content.length + 1000) });
    const { user, headers } = await member();
    const stored = await storeFile(f.t, user.id, 'meanwhile.bin', randomBytes(2000));
    const queued = await created(headers, sourceUrl('/file.bin'));
    // A worker whose every look at the room came before another node's commit took it: only
    // the commit's own booking can see that the download no longer fits.
    const stale = createOfflineWorker({
      tasks: f.t.container.taskRecords,
      taskChanges: f.t.container.tasks,
      fetcher: createUrlFetcher({
        policy: {
          allowedRanges: parseRanges(['127.0.0.1/32']),
          extraPorts: new Set([source.port]),
        },
      }),
      blobs: f.t.container.blobs,
      files: {
        ...f.t.container.files,
        about: async (userId) => ({ ...(await f.t.container.files.about(userId)), usage: 0 }),
      },
      events: f.t.container.events,
      plans: f.t.container.memberships,
      partDir: `${f.t.config.DATA_DIR}/offline-stale`,
      localeOf: () => Promise.resolve('en-US'),
      now: f.clock.now,
      logger: { info: () => undefined, error: () => undefined },
      concurrency: 1,
      maxBytes: 1024 ** 3,
      timeoutMs: 60_000,
    });
    expect(await stale.runPending()).toBe(1);
    const failed = await task(headers, queued.id);
    expect(failed).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: 'Not enough storage space for this file',
      file_id: '',
    });
    expect(failed.params).toMatchObject({ error: 'file_space_not_enough' });
    // Nothing was filed or booked, and the fetched bytes hold no reference.
    const about = ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about'));
    expect(about.quota.usage).toBe('2000');
    expect(
      (await rootFiles(headers))
        .filter((item) => item.kind === 'drive#file')
        .map((item) => item.id),
    ).toEqual([stored.id]);
    expect((await f.t.container.blobRecords.find(contentSha256))?.refCount ?? 0).toBe(0);

    // With room again, a retry completes and is booked.
    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [stored.id] }));
    const retried = ok<TaskBody>(
      await call(headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
    );
    expect(retried.params.error).toBeUndefined();
    expect(await stale.runPending()).toBe(1);
    expect(await task(headers, queued.id)).toMatchObject({
      phase: 'PHASE_TYPE_COMPLETE',
      message: '',
    });
    expect(
      ok<{ quota: { usage: string } }>(await call(headers, 'GET', '/drive/v1/about')).quota.usage,
    ).toBe(String(content.length));
  });

  it('limits the tasks a free member creates per day (task_daily_create_limit)', async () => {
    await start({ PLAN_FREE_CLOUD_DOWNLOADS: '2' });
    const { user, headers } = await member();
    const other = await member();
    const one = await created(headers, sourceUrl('/file.bin'));
    await created(headers, sourceUrl('/file.bin'));
    // Deleting a task gives no count back.
    ok(await call(headers, 'DELETE', `/drive/v1/tasks?task_ids=${one.id}`));
    const refused = await offline(headers, sourceUrl('/file.bin'));
    expectError(refused, 403, 'task_daily_create_limit');
    expect(errorOf(refused).error_code).toBe(8);
    expect(localizedOf(errorOf(refused))?.message).toBeTruthy();
    // Another member has their own count.
    await created(other.headers, sourceUrl('/file.bin'));
    // The next UTC day counts again (signed in again: the day outlived the access token).
    f.clock.advance(86_400_000);
    const token = await signIn(f.t, user.email, user.password);
    await created({ authorization: `Bearer ${token.access_token}` }, sourceUrl('/file.bin'));
  });

  it("answers not_found for another member's offline tasks and folders (IDOR)", async () => {
    await start();
    source.flakyFailures = 1;
    const owner = await member();
    const stranger = await member();
    const folder = ok<{ file: FileBody }>(
      await call(owner.headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Mine',
        parent_id: '',
      }),
    ).file;
    const queued = await created(owner.headers, sourceUrl('/flaky'));
    await f.t.container.offlineWorker.runPending();
    expect((await task(owner.headers, queued.id)).phase).toBe('PHASE_TYPE_ERROR');

    expectError(
      await call(stranger.headers, 'POST', '/drive/v1/task', {
        type: 'offline',
        create_type: 'RETRY',
        id: queued.id,
      }),
      404,
      'not_found',
    );
    expectError(
      await call(stranger.headers, 'GET', `/drive/v1/tasks/${queued.id}`),
      404,
      'not_found',
    );
    expectError(
      await call(stranger.headers, 'PATCH', `/drive/v1/tasks/${queued.id}`, {
        phase: 'PHASE_TYPE_PENDING',
      }),
      404,
      'not_found',
    );
    expectError(
      await offline(stranger.headers, sourceUrl('/file.bin'), { parent_id: folder.id }),
      404,
      'file_not_found',
    );
    expect((await task(owner.headers, queued.id)).phase).toBe('PHASE_TYPE_ERROR');
  });
});
