import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import {
  buildBundle,
  bundlePath,
  freePort,
  prepareMember,
  removeBundle,
  serverEnv,
  startServer as startBundle,
  type RunningProcess,
} from '../support/processes';

/**
 * Offline downloads through a crash of the real server process: a slow origin has sent part of
 * each file when the server is killed with SIGKILL; after a restart each task completes with the
 * right SHA-256, resuming with `Range` + `If-Range` where the origin serves ranges of the same
 * version, and starting over where it changed or serves no ranges.
 */
const bundle = bundlePath('offline-restart-test');
let workDir: string;

const size = 6 * 1024 * 1024;
const stallAt = 2 * 1024 * 1024;

/** One file of the origin: its versions, how it names them, and what was asked of it. */
interface Resource {
  versions: Buffer[];
  /** Which version the origin serves now. */
  current: number;
  validator: 'etag' | 'last-modified' | 'none';
  requests: {
    range: string | undefined;
    ifRange: string | undefined;
    status: number;
    bytes: number;
  }[];
}

const resources = new Map<string, Resource>([
  ['/etag.bin', { versions: [randomBytes(size)], current: 0, validator: 'etag', requests: [] }],
  [
    '/modified.bin',
    { versions: [randomBytes(size)], current: 0, validator: 'last-modified', requests: [] },
  ],
  [
    '/changed.bin',
    {
      versions: [randomBytes(size), randomBytes(size + 4099)],
      current: 0,
      validator: 'etag',
      requests: [],
    },
  ],
  ['/plain.bin', { versions: [randomBytes(size)], current: 0, validator: 'none', requests: [] }],
]);
/** While true, the origin sends `stallAt` bytes of a file and then nothing more. */
let stalling = true;
const stalled = new Set<string>();
const openResponses = new Set<http.ServerResponse>();

function validatorOf(resource: Resource): Record<string, string> {
  const version = resource.current;
  if (resource.validator === 'etag') {
    return {
      etag: `"v${version}-${createHash('sha256')
        .update(resource.versions[version] ?? '')
        .digest('hex')
        .slice(0, 16)}"`,
      'accept-ranges': 'bytes',
    };
  }
  if (resource.validator === 'last-modified') {
    return {
      'last-modified': new Date(Date.UTC(2030, 0, 1 + version)).toUTCString(),
      'accept-ranges': 'bytes',
    };
  }
  return {};
}

const origin = http.createServer((request, response) => {
  const pathname = new URL(request.url ?? '/', 'http://origin').pathname;
  const resource = resources.get(pathname);
  if (!resource) {
    response.writeHead(404);
    response.end();
    return;
  }
  const body = resource.versions[resource.current] ?? Buffer.alloc(0);
  const headers: Record<string, string> = {
    'content-type': 'application/octet-stream',
    ...validatorOf(resource),
  };
  const range = request.headers.range;
  const ifRange = request.headers['if-range'] as string | undefined;
  const current = headers.etag ?? headers['last-modified'];
  let start = 0;
  let status = 200;
  const match = /^bytes=(\d+)-$/.exec(range ?? '');
  if (match && resource.validator !== 'none' && (ifRange === undefined || ifRange === current)) {
    start = Number(match[1]);
    status = 206;
  }
  resource.requests.push({ range, ifRange, status, bytes: body.length - start });
  openResponses.add(response);
  response.on('close', () => openResponses.delete(response));
  if (status === 206) {
    response.writeHead(206, {
      ...headers,
      'content-length': String(body.length - start),
      'content-range': `bytes ${start}-${body.length - 1}/${body.length}`,
    });
  } else {
    response.writeHead(200, { ...headers, 'content-length': String(body.length) });
  }
  if (stalling) {
    response.write(body.subarray(start, stallAt), () => stalled.add(pathname));
    return;
  }
  response.end(body.subarray(start));
});
let originPort = 0;

/** The server process on SQLite in `dataDir`, with the offline limits this test needs. */
async function startServer(dataDir: string, port: number): Promise<RunningProcess> {
  return startBundle(
    bundle,
    serverEnv(dataDir, port, {
      OFFLINE_LEASE_SECONDS: '3',
      OFFLINE_WORKERS: '4',
      PLAN_FREE_OFFLINE_RUNNING: '4',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_FETCH_EXTRA_PORTS: String(originPort),
    }),
  );
}

interface TaskBody {
  id: string;
  phase: string;
  progress: number;
  file_id: string;
  file_size: string;
  message: string;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-offline-restart-'));
  buildBundle(bundle);
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as net.AddressInfo).port;
});

afterAll(async () => {
  for (const response of openResponses) {
    response.destroy();
  }
  await new Promise((resolve) => origin.close(resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
  removeBundle(bundle);
});

describe('offline downloads across a server crash', () => {
  it('SIGKILL midway, restart: tasks complete with the right SHA-256, resuming with Range + If-Range where the source allows', async () => {
    const dataDir = path.join(workDir, 'data');
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const account = await prepareMember(dataDir, 'Offline');
    let server = await startServer(dataDir, port);
    try {
      const signedIn = await fetch(`${api}/v1/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: 'tv',
          username: account.email,
          password: account.password,
        }),
      });
      expect(signedIn.status).toBe(200);
      const headers = {
        authorization: `Bearer ${((await signedIn.json()) as { access_token: string }).access_token}`,
        'content-type': 'application/json',
      };
      const tasks = new Map<string, string>();
      for (const pathname of resources.keys()) {
        const created = await fetch(`${api}/drive/v1/files`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            kind: 'drive#file',
            upload_type: 'UPLOAD_TYPE_URL',
            url: { url: `http://127.0.0.1:${originPort}${pathname}` },
          }),
        });
        expect(created.status).toBe(200);
        tasks.set(pathname, ((await created.json()) as { task: TaskBody }).task.id);
      }
      const task = async (id: string) =>
        (await (await fetch(`${api}/drive/v1/tasks/${id}`, { headers })).json()) as TaskBody;

      // Every file is part-way and its progress (recorded with the durable bytes) shows it.
      for (let attempt = 0; attempt < 300; attempt += 1) {
        const seen = await Promise.all([...tasks.values()].map(task));
        if (
          stalled.size === resources.size &&
          seen.every((item) => item.phase === 'PHASE_TYPE_RUNNING' && item.progress >= 30)
        ) {
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      for (const id of tasks.values()) {
        const seen = await task(id);
        expect(seen, server.output()).toMatchObject({ phase: 'PHASE_TYPE_RUNNING' });
        expect(seen.progress).toBeGreaterThanOrEqual(30);
      }

      server.child.kill('SIGKILL');
      await server.exited;
      for (const response of openResponses) {
        response.destroy();
      }
      // The origin now sends whole answers; one file changed meanwhile.
      stalling = false;
      const changed = resources.get('/changed.bin');
      if (changed) {
        changed.current = 1;
      }
      server = await startServer(dataDir, port);

      const done = new Map<string, TaskBody>();
      for (let attempt = 0; attempt < 600 && done.size < tasks.size; attempt += 1) {
        for (const [pathname, id] of tasks) {
          const seen = await task(id);
          if (seen.phase === 'PHASE_TYPE_COMPLETE' || seen.phase === 'PHASE_TYPE_ERROR') {
            done.set(pathname, seen);
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const database = openDatabase({ DATABASE_URL: '', DATA_DIR: dataDir, DATABASE_POOL_SIZE: 1 });
      try {
        for (const [pathname, resource] of resources) {
          const finished = done.get(pathname);
          expect(finished, `${pathname}: ${server.output()}`).toMatchObject({
            phase: 'PHASE_TYPE_COMPLETE',
            message: '',
          });
          const content = resource.versions[resource.current] ?? Buffer.alloc(0);
          const expected = createHash('sha256').update(content).digest('hex');
          const row = await database.db
            .selectFrom('files')
            .select(['sha256', 'size'])
            .where('id', '=', finished?.file_id ?? '')
            .executeTakeFirstOrThrow();
          expect({ sha256: row.sha256, size: Number(row.size) }, pathname).toEqual({
            sha256: expected,
            size: content.length,
          });
          const blob = fs.readFileSync(
            path.join(dataDir, 'blobs', expected.slice(0, 2), expected.slice(2, 4), expected),
          );
          expect(createHash('sha256').update(blob).digest('hex')).toBe(expected);
        }
      } finally {
        await database.db.destroy();
      }

      // Same version with a validator: the second request asked for the rest only, naming the version.
      for (const pathname of ['/etag.bin', '/modified.bin']) {
        const requests = resources.get(pathname)?.requests ?? [];
        expect(requests, pathname).toHaveLength(2);
        const resumed = requests[1];
        const offset = Number(/^bytes=(\d+)-$/.exec(resumed?.range ?? '')?.[1] ?? -1);
        expect(offset, pathname).toBeGreaterThan(0);
        expect(offset).toBeLessThanOrEqual(stallAt);
        expect(resumed?.ifRange, pathname).toBeTruthy();
        expect(resumed?.status).toBe(206);
      }
      // A changed file: If-Range did not match, the origin sent it whole, and it was taken from zero.
      const changedRequests = resources.get('/changed.bin')?.requests ?? [];
      expect(changedRequests.map((request) => request.status)).toEqual([200, 200]);
      expect(changedRequests[1]?.range).toMatch(/^bytes=\d+-$/);
      // No validator, no ranges: the second request starts over without a Range.
      const plainRequests = resources.get('/plain.bin')?.requests ?? [];
      expect(plainRequests.map((request) => [request.range, request.status])).toEqual([
        [undefined, 200],
        [undefined, 200],
      ]);
      // Nothing partial is left behind.
      expect(fs.readdirSync(path.join(dataDir, 'offline'))).toEqual([]);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 120_000);
});
