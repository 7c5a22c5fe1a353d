import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createContainer, type Container } from '../../src/container';
import {
  migrateToLatest,
  openDatabase,
  type DatabaseHandle,
  type Dialect,
} from '../../src/db/database';
import { dialects } from '../helper';
import {
  buildBundle,
  bundlePath,
  removeBundle,
  startProcess,
  type RunningProcess,
} from '../support/processes';

/**
 * Offline downloads run by real `npm run worker` processes (the built dist/worker.js) sharing one
 * database (a SQLite file, or PostgreSQL) and one blob store: every task is fetched exactly once,
 * whichever process takes it, and both processes make progress. On SQLite every transaction
 * begins IMMEDIATE, so processes queue on the write lock instead of failing with
 * SQLITE_BUSY_SNAPSHOT. On PostgreSQL a task queued by another process starts at once (NOTIFY).
 */
const bundle = bundlePath('offline-worker-test');
const postgresUrl = process.env.TEST_DATABASE_URL ?? '';
let workDir: string;

/** The origin: a distinct body per path, sent slowly enough that both workers have work. */
const origin = {
  server: http.createServer(),
  port: 0,
  hits: new Map<string, number>(),
  bodies: new Map<string, Buffer>(),
};
origin.server.on('request', (request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://origin').pathname;
  origin.hits.set(pathname, (origin.hits.get(pathname) ?? 0) + 1);
  const body = origin.bodies.get(pathname);
  if (!body) {
    response.writeHead(404);
    response.end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'application/octet-stream',
    'content-length': String(body.length),
  });
  response.write(body.subarray(0, body.length / 2));
  setTimeout(() => response.end(body.subarray(body.length / 2)), 250);
});

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-offline-workers-'));
  buildBundle(bundle, 'src/worker.ts');
  await new Promise<void>((resolve) => origin.server.listen(0, '127.0.0.1', resolve));
  origin.port = (origin.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => origin.server.close(resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
  removeBundle(bundle);
});

/** A worker process and what it printed. */
type WorkerProcess = RunningProcess;

/** The ids of the tasks a worker process logged as complete. */
function completedBy(worker: WorkerProcess): string[] {
  return worker
    .output()
    .split('\n')
    .filter((line) => line.includes('offline download complete'))
    .map((line) => (JSON.parse(line) as { taskId: string }).taskId);
}

/** A database of the test's own (a temp SQLite file, or a PostgreSQL schema) and the env that reaches it. */
async function freshDatabase(
  dialect: Dialect,
  dataDir: string,
): Promise<{ database: DatabaseHandle; env: NodeJS.ProcessEnv; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
    await migrateToLatest(database.db);
    return { database, env: { DATABASE_URL: '' }, drop: () => database.db.destroy() };
  }
  const schema = `workers_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({
    DATABASE_URL: postgresUrl,
    DATA_DIR: dataDir,
    DATABASE_POOL_SIZE: 4,
    searchPath: schema,
  });
  await migrateToLatest(database.db, schema);
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    database,
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await database.db.destroy();
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * One offline queue of a test: a fresh database and blob store in `workDir/name`, a container of
 * this process that queues tasks (it runs no worker), and `npm run worker` processes started on
 * the same database with `env` on top of the shared settings.
 */
interface Queue {
  database: DatabaseHandle;
  container: Container;
  /** Starts one worker process. */
  startWorker(): WorkerProcess;
  /** Adds an active member with no password. */
  addMember(id: string): Promise<void>;
  /** Stops a worker with SIGTERM and checks it exits cleanly. */
  stopWorker(worker: WorkerProcess): Promise<void>;
  /** Kills the workers still running, then drops the database. */
  close(): Promise<void>;
}

async function openQueue(dialect: Dialect, name: string, env: NodeJS.ProcessEnv): Promise<Queue> {
  const dataDir = path.join(workDir, name);
  const fresh = await freshDatabase(dialect, dataDir);
  const workerEnv: NodeJS.ProcessEnv = {
    ...process.env,
    ...fresh.env,
    DATA_DIR: dataDir,
    BLOB_STORE: 'local',
    OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
    OFFLINE_FETCH_EXTRA_PORTS: String(origin.port),
    ...env,
  };
  const config = loadConfig({ ...workerEnv, OFFLINE_WORKERS: '0', LOG_LEVEL: 'silent' });
  const container = createContainer(config, fresh.database, { logger: pino({ level: 'silent' }) });
  const workers: WorkerProcess[] = [];
  return {
    database: fresh.database,
    container,
    startWorker() {
      const worker = startProcess(bundle, workerEnv);
      workers.push(worker);
      return worker;
    },
    async addMember(id) {
      const stamp = new Date().toISOString();
      await container.users.insert({
        id,
        email: `${id}@example.com`,
        name: 'Worker test',
        password_hash: null,
        status: 'active',
        frozen_until: null,
        locale: 'en-US',
        picture: '',
        phone_number: '',
        created_at: stamp,
        updated_at: stamp,
      });
    },
    async stopWorker(worker) {
      worker.child.kill('SIGTERM');
      expect(await worker.exited, worker.output()).toBe(0);
    },
    async close() {
      for (const worker of workers) {
        if (worker.child.exitCode === null) {
          worker.child.kill('SIGKILL');
          await worker.exited;
        }
      }
      await container.mailer.close();
      await fresh.drop();
    },
  };
}

describe.each(dialects)('offline worker processes on %s', (dialect) => {
  it('two `npm run worker` processes share one queue: every task is fetched once and completes', async () => {
    const queue = await openQueue(dialect, dialect, {
      LOG_LEVEL: 'info',
      OFFLINE_WORKERS: '3',
      PLAN_FREE_CLOUD_DOWNLOADS: '1000',
    });
    const { database, container } = queue;
    try {
      const members = [0, 1, 2].map((index) => `workers${dialect}${index}`);
      for (const id of members) {
        await queue.addMember(id);
      }
      const expected = new Map<string, { path: string; sha256: string }>();
      for (let index = 0; index < 36; index += 1) {
        const pathname = `/${dialect}/file-${index}.bin`;
        const body = randomBytes(64 * 1024 + index * 513);
        origin.bodies.set(pathname, body);
        const task = await container.offline.create(members[index % members.length] ?? '', {
          url: `http://127.0.0.1:${origin.port}${pathname}`,
          name: undefined,
          parentId: undefined,
        });
        expected.set(task.id, {
          path: pathname,
          sha256: createHash('sha256').update(body).digest('hex'),
        });
      }

      const workers = [queue.startWorker(), queue.startWorker()];
      let rows: { id: string; phase: string; file_id: string }[] = [];
      for (let attempt = 0; attempt < 600; attempt += 1) {
        rows = await database.db.selectFrom('tasks').select(['id', 'phase', 'file_id']).execute();
        if (
          rows.every(
            (row) => row.phase === 'PHASE_TYPE_COMPLETE' || row.phase === 'PHASE_TYPE_ERROR',
          )
        ) {
          break;
        }
        for (const worker of workers) {
          if (worker.child.exitCode !== null) {
            throw new Error(`a worker exited: ${worker.output()}`);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(
        rows.map((row) => row.phase),
        workers.map((worker) => worker.output()).join('\n'),
      ).toEqual(rows.map(() => 'PHASE_TYPE_COMPLETE'));
      // No task ran twice: the origin saw each path exactly once.
      for (const { path: pathname } of expected.values()) {
        expect(origin.hits.get(pathname), pathname).toBe(1);
      }
      for (const row of rows) {
        const file = await database.db
          .selectFrom('files')
          .select(['sha256', 'phase'])
          .where('id', '=', row.file_id)
          .executeTakeFirstOrThrow();
        expect(file).toEqual({
          sha256: expected.get(row.id)?.sha256,
          phase: 'PHASE_TYPE_COMPLETE',
        });
      }

      // SIGTERM stops a worker cleanly.
      for (const worker of workers) {
        await queue.stopWorker(worker);
      }
      // Both processes took tasks, and together they completed each once (read after they exited,
      // so every line they wrote is in).
      const first = completedBy(workers[0] as WorkerProcess);
      const second = completedBy(workers[1] as WorkerProcess);
      expect(first.length).toBeGreaterThan(0);
      expect(second.length).toBeGreaterThan(0);
      expect([...first, ...second].sort()).toEqual([...expected.keys()].sort());
    } finally {
      await queue.close();
    }
  }, 120_000);
});

describe.runIf(postgresUrl !== '')('a worker process on PostgreSQL', () => {
  it('starts a task another process queued at once (LISTEN/NOTIFY), with the poll an hour away', async () => {
    const queue = await openQueue('postgres', 'notify', {
      LOG_LEVEL: 'debug',
      OFFLINE_WORKERS: '2',
      OFFLINE_POLL_SECONDS: '3600',
    });
    const { database, container } = queue;
    // This process queues; the worker process only hears of it.
    const worker = queue.startWorker();
    try {
      await queue.addMember('notifymember');
      // The worker listens, and its first look at the (empty) queue is over.
      for (let attempt = 0; attempt < 300; attempt += 1) {
        if (
          worker.output().includes('offline worker listens for queued tasks') &&
          worker.output().includes('offline queue idle')
        ) {
          break;
        }
        if (worker.child.exitCode !== null) {
          throw new Error(`the worker exited: ${worker.output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(worker.output()).toContain('offline worker listens for queued tasks');
      expect(worker.output()).toContain('offline queue idle');

      const ids: string[] = [];
      for (let index = 0; index < 2; index += 1) {
        const pathname = `/notify/file-${index}.bin`;
        origin.bodies.set(pathname, randomBytes(32 * 1024));
        const task = await container.offline.create('notifymember', {
          url: `http://127.0.0.1:${origin.port}${pathname}`,
          name: undefined,
          parentId: undefined,
        });
        let phase = '';
        for (let attempt = 0; attempt < 300 && phase !== 'PHASE_TYPE_COMPLETE'; attempt += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          phase = (
            await database.db
              .selectFrom('tasks')
              .select('phase')
              .where('id', '=', task.id)
              .executeTakeFirstOrThrow()
          ).phase;
        }
        expect(phase, worker.output()).toBe('PHASE_TYPE_COMPLETE');
        ids.push(task.id);
      }
      await queue.stopWorker(worker);
      // Read after it exited, so every line it wrote is in: the worker process fetched both.
      expect(completedBy(worker).sort()).toEqual(ids.sort());
    } finally {
      await queue.close();
    }
  }, 60_000);
});
