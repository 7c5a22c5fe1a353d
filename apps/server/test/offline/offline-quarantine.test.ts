import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTaskRepository } from '../../src/modules/task/task.repository';
import { buildTestApp, dialects, makeUser, ok, testClock, type TestApp } from '../helper';
import { signIn } from '../identity';
import {
  buildBundle,
  bundlePath,
  freePort,
  prepareMember,
  removeBundle,
  serverEnv,
  startServer,
  type RunningProcess,
} from '../support/processes';

/**
 * Poison tasks: a task is marked as started before it runs, and one that was running when its
 * process died twice is failed with a reason instead of run a third time, so no input can
 * crash-loop a node. Deaths are simulated in the database on both dialects (a worker that took
 * the task, started its run and was never heard of again), and made real by killing the server
 * process (SIGKILL) twice while the task runs.
 */
const quarantined =
  'The server stopped twice while running this download, so it was not started again; retry it to try once more';

/** A source whose `…stall…` paths answer its head and a little, then nothing (a download that runs until stopped). */
const source = { server: http.createServer(), port: 0, requests: new Map<string, number>() };
source.server.on('request', (request, response) => {
  const url = new URL(request.url ?? '/', 'http://source');
  source.requests.set(url.pathname, (source.requests.get(url.pathname) ?? 0) + 1);
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': '1048576',
  });
  if (url.pathname.includes('stall')) {
    response.write(Buffer.alloc(1024));
    return;
  }
  response.end(Buffer.alloc(1048576, 7));
});

beforeAll(async () => {
  await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
  source.port = (source.server.address() as AddressInfo).port;
});
afterAll(async () => {
  source.server.closeAllConnections();
  await new Promise((resolve) => source.server.close(resolve));
});

interface TaskBody {
  id: string;
  phase: string;
  message: string;
  file_id: string;
}

const link = (name: string) => `http://127.0.0.1:${source.port}/${name}`;

describe.each(dialects)('poison tasks on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  /** Names of the source's files for this dialect alone (the source counts requests by path). */
  const named = (name: string) => `${dialect}-${name}`;

  afterEach(async () => {
    await t.container.offlineWorker.stop();
    await t.close();
  });

  it('fails a task whose process died in two runs without running it again; a retry runs it once more; a run that ends closes its count', async () => {
    t = await buildTestApp(
      dialect,
      {
        OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
        OFFLINE_FETCH_EXTRA_PORTS: String(source.port),
        PLAN_FREE_CLOUD_DOWNLOADS: '100',
      },
      { now: clock.now },
    );
    const records = createTaskRepository(t.container.database.db, dialect);
    const user = await makeUser(t);
    const headers = {
      authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
    };
    const create = async (name: string) =>
      ok<{ task: TaskBody }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/files',
          headers,
          payload: {
            kind: 'drive#file',
            upload_type: 'UPLOAD_TYPE_URL',
            url: { url: link(named(name)) },
          },
        }),
      ).task.id;
    const task = async (id: string) =>
      ok<TaskBody>(await t.app.inject({ method: 'GET', url: `/drive/v1/tasks/${id}`, headers }));
    const openRuns = async (id: string) =>
      Number(
        (
          await t.container.database.db
            .selectFrom('tasks')
            .select('open_runs')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).open_runs,
      );

    /** A worker takes the task, starts its run, and dies: its lease runs out. */
    const dieInRun = async (id: string, expected: number) => {
      const claimed = await records.claimNext(
        'offline',
        'worker-that-dies',
        clock.now().toISOString(),
        new Date(clock.now().getTime() + 1000).toISOString(),
      );
      expect(claimed?.id).toBe(id);
      expect(await records.startRun(id, 'worker-that-dies')).toBe(expected);
      clock.advance(2000);
      expect(await records.requeueExpired('offline', clock.now().toISOString())).toBe(1);
    };

    const poison = await create('poison.bin');
    await dieInRun(poison, 1);
    await dieInRun(poison, 2);
    await t.container.offlineWorker.runPending();
    expect(await task(poison)).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: quarantined,
      file_id: '',
    });
    expect(source.requests.get(`/${named('poison.bin')}`)).toBeUndefined();

    // A retry runs it once more (here it completes, and no run stays open).
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/task',
        headers,
        payload: { type: 'offline', create_type: 'RETRY', id: poison },
      }),
    );
    await t.container.offlineWorker.runPending();
    expect(await task(poison)).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE', message: '' });
    expect(source.requests.get(`/${named('poison.bin')}`)).toBe(1);
    expect(await openRuns(poison)).toBe(0);

    // One death is not enough: the task runs, and its count closes.
    const once = await create('once.bin');
    await dieInRun(once, 1);
    await t.container.offlineWorker.runPending();
    expect(await task(once)).toMatchObject({ phase: 'PHASE_TYPE_COMPLETE' });
    expect(await openRuns(once)).toBe(0);
  });

  it('a worker stopping keeps no run open; one stopping after an error nothing caught leaves its runs open', async () => {
    t = await buildTestApp(
      dialect,
      {
        OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
        OFFLINE_FETCH_EXTRA_PORTS: String(source.port),
        PLAN_FREE_CLOUD_DOWNLOADS: '100',
      },
      { now: clock.now },
    );
    const user = await makeUser(t);
    const headers = {
      authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
    };
    const openRuns = async (id: string) =>
      Number(
        (
          await t.container.database.db
            .selectFrom('tasks')
            .select('open_runs')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).open_runs,
      );

    for (const [stall, fault, left] of [
      ['stall-graceful', false, 0],
      ['stall-fault', true, 1],
    ] as const) {
      const name = named(stall);
      await t.container.offlineWorker.start();
      const id = ok<{ task: TaskBody }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/files',
          headers,
          payload: { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: link(name) } },
        }),
      ).task.id;
      for (
        let attempt = 0;
        attempt < 200 && source.requests.get(`/${name}`) === undefined;
        attempt += 1
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await openRuns(id), name).toBe(1);
      await t.container.offlineWorker.stop({ fault });
      expect(await openRuns(id), name).toBe(left);
      expect(
        ok<TaskBody>(await t.app.inject({ method: 'GET', url: `/drive/v1/tasks/${id}`, headers }))
          .phase,
        name,
      ).toBe('PHASE_TYPE_PENDING');
      ok(await t.app.inject({ method: 'DELETE', url: `/drive/v1/tasks?task_ids=${id}`, headers }));
    }
  });
});

describe('poison tasks across real crashes', () => {
  const bundle = bundlePath('offline-quarantine-test');
  let workDir = '';
  let server: RunningProcess | undefined;

  beforeAll(() => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-quarantine-'));
    buildBundle(bundle);
  });
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    fs.rmSync(workDir, { recursive: true, force: true });
    removeBundle(bundle);
  });

  it('after two SIGKILLs while the task runs, the node starts cleanly and fails the task with a reason instead of a third run', async () => {
    const dataDir = path.join(workDir, 'data');
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const env = serverEnv(dataDir, port, {
      OFFLINE_LEASE_SECONDS: '3',
      OFFLINE_POLL_SECONDS: '0.2',
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_FETCH_EXTRA_PORTS: String(source.port),
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
    });
    const account = await prepareMember(dataDir, 'Poison');
    server = await startServer(bundle, env);
    const signedIn = await fetch(`${api}/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: 'tv',
        username: account.email,
        password: account.password,
      }),
    });
    const headers = {
      authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}`,
      'content-type': 'application/json',
    };
    const created = await fetch(`${api}/drive/v1/files`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        kind: 'drive#file',
        upload_type: 'UPLOAD_TYPE_URL',
        url: { url: link('stall-crash') },
      }),
    });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { task: TaskBody }).task.id;
    const requests = () => source.requests.get('/stall-crash') ?? 0;
    const until = async (done: () => Promise<boolean> | boolean, what: string) => {
      for (let attempt = 0; attempt < 400; attempt += 1) {
        if (await done()) {
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`${what} never happened: ${server?.output() ?? ''}`);
    };

    for (const run of [1, 2]) {
      // The task runs (its lease taken back after the last death), and the process dies mid-way.
      await until(() => requests() === run, `run ${run}`);
      server.child.kill('SIGKILL');
      await server.exited;
      server = await startServer(bundle, env);
    }
    const task = async () =>
      (await (await fetch(`${api}/drive/v1/tasks/${id}`, { headers })).json()) as TaskBody;
    await until(async () => (await task()).phase === 'PHASE_TYPE_ERROR', 'the quarantine');
    expect(await task()).toMatchObject({
      phase: 'PHASE_TYPE_ERROR',
      message: quarantined,
      file_id: '',
    });
    expect(requests()).toBe(2);
    expect((await fetch(`${api}/readyz`)).status).toBe(200);
    expect(server.output()).toContain('its process died while running it twice');
  });
});
