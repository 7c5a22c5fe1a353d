/// <reference types="node" />
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createApiClient } from './api-client';
import type { ApiClientOptions } from './api-client';
import { ApiError } from './api-error';
import { createMemoryStorage } from './storage';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface Reply {
  readonly status?: number;
  readonly json?: unknown;
  readonly text?: string;
}

export type Handler = (request: RecordedRequest) => Reply;

/** A real HTTP server on a loopback port whose answers each test sets per path. */
export interface TestServer {
  readonly origin: string;
  readonly requests: RecordedRequest[];
  handle(path: string, handler: Handler): void;
  hits(path: string): number;
  reset(): void;
  close(): Promise<void>;
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}

export async function startServer(): Promise<TestServer> {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = incoming.url ?? '/';
      const path = url.split('?')[0] ?? url;
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        url,
        path,
        headers: incoming.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      const handler = handlers.get(path);
      const reply: Reply = handler
        ? handler(request)
        : { status: 404, json: { error: 'not_found', error_code: 5, error_description: path } };
      const payload = reply.text ?? (reply.json === undefined ? '' : JSON.stringify(reply.json));
      outgoing.writeHead(reply.status ?? 200, {
        'content-type': reply.text === undefined ? 'application/json' : 'text/html',
      });
      outgoing.end(payload);
    });
  });
  const origin = await listen(server);
  return {
    origin,
    requests,
    handle: (path, handler) => handlers.set(path, handler),
    hits: (path) => requests.filter((request) => request.path === path).length,
    reset: () => {
      handlers.clear();
      requests.length = 0;
    },
    close: () => closeServer(server),
  };
}

/** An origin on a port that nothing listens on: connections are refused. */
export async function closedOrigin(): Promise<string> {
  const server = createServer();
  const origin = await listen(server);
  await closeServer(server);
  return origin;
}

export function parseBody(request: RecordedRequest | undefined): unknown {
  return request && request.body !== '' ? JSON.parse(request.body) : undefined;
}

export const deviceId = '0123456789abcdef0123456789abcdef';

export let live: TestServer;
export let other: TestServer;
export let closed: string;

/** Starts the two test servers and finds a closed origin before the tests of a file; resets and stops them. */
export function useTestServers() {
  beforeAll(async () => {
    live = await startServer();
    other = await startServer();
    closed = await closedOrigin();
  });

  afterAll(async () => {
    await live.close();
    await other.close();
  });

  afterEach(() => {
    live.reset();
    other.reset();
  });
}

export function client(overrides: Partial<ApiClientOptions> = {}) {
  return createApiClient({
    origins: { drive: [live.origin], user: [live.origin] },
    clientId: 'web',
    locale: 'ja',
    getDeviceId: () => deviceId,
    storage: createMemoryStorage(),
    retryDelayMs: 0,
    ...overrides,
  });
}

export async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) {
      return error;
    }
    throw error;
  }
  throw new Error('the call did not fail');
}
