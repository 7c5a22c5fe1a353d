import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';

export type Headers = Record<string, string>;

/** The Task of docs/api.md#tasks as the tests read it. */
export interface TaskBody {
  id: string;
  type: string;
  name: string;
  phase: string;
  progress: number;
  file_id: string;
  file_name: string;
  file_size: string;
  message: string;
  params: Record<string, string>;
}

export interface FileBody {
  id: string;
  parent_id: string;
  name: string;
  size: string;
  hash: string;
  kind: string;
  folder_type: string;
}

export const content = randomBytes(256 * 1024);
export const contentSha256 = createHash('sha256').update(content).digest('hex');

/** A gate a test opens to let the slow source send its second half. */
export function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/**
 * The sources of the tests: a file server on 127.0.0.1 and a canary on 127.0.0.2 that counts
 * every connection that reaches it (the SSRF guard must let none through).
 */
export const source = {
  server: http.createServer(),
  port: 0,
  flakyFailures: 0,
  slowGate: gate(),
  slowRequests: 0,
  /** Requests per path under `/each/`. */
  hits: new Map<string, number>(),
};
export const canary = { server: http.createServer(), port: 0, connections: 0 };

source.server.on('request', (request, response) => {
  const url = new URL(request.url ?? '/', 'http://source');
  if (url.pathname.startsWith('/each/')) {
    source.hits.set(url.pathname, (source.hits.get(url.pathname) ?? 0) + 1);
    response.writeHead(200, { 'content-length': String(content.length) });
    response.end(content);
    return;
  }
  switch (url.pathname) {
    case '/file.bin':
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(content.length),
      });
      response.end(content);
      return;
    case '/named':
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': String(content.length),
        'content-disposition': `attachment; filename="report.pdf"; filename*=UTF-8''${encodeURIComponent('報告 final.pdf')}`,
      });
      response.end(content);
      return;
    case '/spoofed':
    case '/long-name': {
      const name =
        url.pathname === '/spoofed' ? 'invoice\u202Efdp.exe' : `${'報告'.repeat(150)}.pdf`;
      response.writeHead(200, {
        'content-length': String(content.length),
        'content-disposition': `attachment; filename="x.bin"; filename*=UTF-8''${encodeURIComponent(name)}`,
      });
      response.end(content);
      return;
    }
    case '/slow': {
      source.slowRequests += 1;
      response.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(content.length),
      });
      response.write(content.subarray(0, content.length / 2));
      void source.slowGate.opened.then(() => response.end(content.subarray(content.length / 2)));
      return;
    }
    case '/flaky':
      if (source.flakyFailures > 0) {
        source.flakyFailures -= 1;
        response.writeHead(500);
        response.end('broken');
        return;
      }
      response.writeHead(200, { 'content-length': String(content.length) });
      response.end(content);
      return;
    case '/redirect-ok':
      response.writeHead(302, { location: '/file.bin' });
      response.end();
      return;
    case '/redirect-loop':
      response.writeHead(302, { location: '/redirect-loop' });
      response.end();
      return;
    case '/redirect-canary':
      response.writeHead(302, { location: `http://127.0.0.2:${canary.port}/secret` });
      response.end();
      return;
    case '/redirect-canary-decimal':
      response.writeHead(301, { location: `http://2130706434:${canary.port}/secret` });
      response.end();
      return;
    case '/redirect-localhost':
      response.writeHead(307, { location: `http://localhost:${canary.port}/secret` });
      response.end();
      return;
    default:
      response.writeHead(404);
      response.end();
  }
});
canary.server.on('connection', () => {
  canary.connections += 1;
});
canary.server.on('request', (_request, response) => {
  response.end('secret');
});

/** Starts the sources before the tests of a file and stops them after. */
export function useSources() {
  beforeAll(async () => {
    await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
    source.port = (source.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => canary.server.listen(0, '127.0.0.2', resolve));
    canary.port = (canary.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    source.slowGate.open();
    await new Promise((resolve) => source.server.close(resolve));
    await new Promise((resolve) => canary.server.close(resolve));
  });
}

/** Offline downloads on an app each test starts (`start`, with the sources' ports open to downloads), and the calls the tests make through it. */
export function useOfflineApp(dialect: Dialect) {
  let t: TestApp;
  let clock = testClock();

  /** The app, with loopback 127.0.0.1 opened to downloads only when `allowLoopback`. */
  async function start(env: Record<string, string> = {}, allowLoopback = true) {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      {
        OFFLINE_FETCH_EXTRA_PORTS: `${source.port},${canary.port}`,
        ...(allowLoopback ? { OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32' } : {}),
        ...env,
      },
      { now: clock.now },
    );
  }

  afterEach(async () => {
    await t.container.offlineWorker.stop();
    await t.close();
  });

  function member() {
    return signedInMember(t);
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function expectError(response: LightMyRequestResponse, status: number, reason: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response).error).toBe(reason);
  }

  function offline(headers: Headers, url: string, extra: Record<string, unknown> = {}) {
    return call(headers, 'POST', '/drive/v1/files', {
      kind: 'drive#file',
      upload_type: 'UPLOAD_TYPE_URL',
      url: { url },
      ...extra,
    });
  }

  async function created(
    headers: Headers,
    url: string,
    extra: Record<string, unknown> = {},
  ): Promise<TaskBody> {
    const answer = ok<{ upload_type: string; url: { kind: string }; file: null; task: TaskBody }>(
      await offline(headers, url, extra),
    );
    expect(answer).toMatchObject({
      upload_type: 'UPLOAD_TYPE_URL',
      url: { kind: 'upload#url' },
      file: null,
    });
    return answer.task;
  }

  async function task(headers: Headers, id: string): Promise<TaskBody> {
    return ok<TaskBody>(await call(headers, 'GET', `/drive/v1/tasks/${id}`));
  }

  async function file(headers: Headers, id: string): Promise<FileBody> {
    return ok<FileBody>(await call(headers, 'GET', `/drive/v1/files/${id}`));
  }

  async function rootFiles(headers: Headers): Promise<FileBody[]> {
    return ok<{ files: FileBody[] }>(await call(headers, 'GET', '/drive/v1/files?parent_id=*'))
      .files;
  }

  const sourceUrl = (path: string) => `http://127.0.0.1:${source.port}${path}`;
  return {
    get t() {
      return t;
    },
    get clock() {
      return clock;
    },
    start,
    member,
    call,
    expectError,
    offline,
    created,
    task,
    file,
    rootFiles,
    sourceUrl,
  };
}
