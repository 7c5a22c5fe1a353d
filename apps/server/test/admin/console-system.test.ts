import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { startNodeHeartbeat } from '../../src/jobs/node-heartbeat';
import { consoleMember } from '../support/console';

interface SystemAnswer {
  nodes: { id: string; role: string; version: string; started_at: string; seen_at: string }[];
  queues: {
    kind: string;
    waiting: number;
    running: number;
    failed: number;
    oldest_waiting_at: string;
  }[];
  failed: { kind: string; id: string; reason: string; at: string }[];
  jobs: { name: string; holder: string }[];
  blobs: {
    count: number;
    physical_bytes: string;
    logical_bytes: string;
    unverified: number;
    last_verified_at: string;
  };
}

const url = '/audit.admin/v1/system';

describe.each(dialects)('the console system page on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    const db = t.container.database.db;
    const owner = await consoleMember(t, null, null);
    const task = (id: string, type: string, phase: string, at: string, messageKey = '') => ({
      id,
      user_id: owner.user.id,
      type,
      name: id,
      phase,
      progress: 0,
      file_id: '',
      file_name: '',
      file_size: 0,
      message_key: messageKey,
      params: '{}',
      status_size: 1,
      created_at: at,
      updated_at: at,
    });
    await db
      .insertInto('tasks')
      .values([
        task('t-wait-new', 'offline', 'PHASE_TYPE_PENDING', '2029-12-31T12:00:00.000Z'),
        task('t-wait-old', 'offline', 'PHASE_TYPE_PENDING', '2029-12-31T08:00:00.000Z'),
        task('t-run', 'offline', 'PHASE_TYPE_RUNNING', '2029-12-31T09:00:00.000Z'),
        task(
          't-fail',
          'offline',
          'PHASE_TYPE_ERROR',
          '2029-12-31T10:00:00.000Z',
          'task_source_unreachable',
        ),
        task('t-done', 'restore', 'PHASE_TYPE_COMPLETE', '2029-12-31T10:00:00.000Z'),
      ])
      .execute();
    await db
      .insertInto('data_exports')
      .values({
        id: 'x-fail',
        user_id: owner.user.id,
        active_user_id: null,
        phase: 'failed',
        reason: 'blob missing',
        lease_owner: null,
        lease_until: null,
        requested_at: '2029-12-31T11:00:00.000Z',
        updated_at: '2029-12-31T11:30:00.000Z',
        expires_at: null,
      })
      .execute();
    await db
      .insertInto('video_prepare_jobs')
      .values({
        sha256: 'a'.repeat(64),
        extension: 'mp4',
        phase: 'pending',
        lease_owner: null,
        lease_until: null,
        reason: '',
        created_at: '2029-12-31T07:00:00.000Z',
        updated_at: '2029-12-31T07:00:00.000Z',
      })
      .execute();
    const blob = (sha: string, size: number, verifiedAt: string | null) => ({
      sha256: sha.repeat(64),
      gcid: sha.toUpperCase().repeat(40),
      size,
      ref_count: 1,
      created_at: '2029-12-01T00:00:00.000Z',
      updated_at: '2029-12-01T00:00:00.000Z',
      verified_at: verifiedAt,
    });
    await db
      .insertInto('blobs')
      .values([
        blob('b', 1000, '2029-12-20T00:00:00.000Z'),
        blob('c', 500, '2029-12-25T00:00:00.000Z'),
        blob('d', 250, null),
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses every caller but an admin with a recent two-factor sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const role of [null, 'moderator', 'support'] as const) {
      const caller = await consoleMember(t, role, clock.now());
      const answer = await t.app.inject({ method: 'GET', url, headers: caller.headers });
      expect(answer.statusCode, String(role)).toBe(403);
      expect(errorOf(answer).error).toBe('permission_denied');
    }
    const stale = await consoleMember(t, 'admin', new Date(clock.now().getTime() - 13 * 3600_000));
    expect((await t.app.inject({ method: 'GET', url, headers: stale.headers })).statusCode).toBe(
      403,
    );
  });

  it('lists the nodes whose heartbeat came in the last minutes, until they stop', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    const nodes = t.container.nodes;
    const log = { warn: () => undefined };
    await nodes.beat({
      id: 'gone-node',
      role: 'server',
      version: '0.0.1',
      host: 'old',
      started_at: '2029-12-31T00:00:00.000Z',
      seen_at: new Date(clock.now().getTime() - 10 * 60_000).toISOString(),
    });
    const worker = startNodeHeartbeat({
      nodes,
      id: 'worker-1',
      role: 'worker',
      now: clock.now,
      logger: log,
    });
    await worker.ready;
    const read = async () =>
      ok<SystemAnswer>(await t.app.inject({ method: 'GET', url, headers: admin.headers })).nodes;
    expect(await read()).toEqual([
      expect.objectContaining({
        id: 'worker-1',
        role: 'worker',
        started_at: clock.now().toISOString(),
        seen_at: clock.now().toISOString(),
      }),
    ]);
    expect((await read())[0]?.version).toMatch(/^\d+\.\d+\.\d+/);
    await worker.stop();
    expect(await read()).toEqual([]);
  });

  it('shows the seeded queues, failures and blob store', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    const state = ok<SystemAnswer>(
      await t.app.inject({ method: 'GET', url, headers: admin.headers }),
    );
    const queue = (kind: string) => state.queues.find((row) => row.kind === kind);
    expect(queue('task.offline')).toEqual({
      kind: 'task.offline',
      waiting: 2,
      running: 1,
      failed: 1,
      oldest_waiting_at: '2029-12-31T08:00:00.000Z',
    });
    expect(queue('task.restore')).toBeUndefined();
    expect(queue('video_prepare')).toMatchObject({
      waiting: 1,
      oldest_waiting_at: '2029-12-31T07:00:00.000Z',
    });
    expect(queue('data_export')).toMatchObject({ waiting: 0, failed: 1, oldest_waiting_at: '' });
    expect(state.failed).toEqual([
      { kind: 'data_export', id: 'x-fail', reason: 'blob missing', at: '2029-12-31T11:30:00.000Z' },
      {
        kind: 'task.offline',
        id: 't-fail',
        reason: 'task_source_unreachable',
        at: '2029-12-31T10:00:00.000Z',
      },
    ]);
    expect(state.blobs).toMatchObject({
      count: 3,
      physical_bytes: '1750',
      unverified: 1,
      last_verified_at: '2029-12-25T00:00:00.000Z',
    });
    expect(Array.isArray(state.jobs)).toBe(true);
  });
});
