/// <reference types="node" />
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient, readApiAnswer, validateRetryCount } from './api-client';
import type { ApiClientOptions } from './api-client';
import { ApiError } from './api-error';
import { readCaptchaRecord } from './captcha';
import { pickErrorMessage } from './error-message';
import { createMemoryStorage } from './storage';

interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

interface Reply {
  readonly status?: number;
  readonly json?: unknown;
  readonly text?: string;
}

type Handler = (request: RecordedRequest) => Reply;

/** A real HTTP server on a loopback port whose answers each test sets per path. */
interface TestServer {
  readonly origin: string;
  readonly requests: RecordedRequest[];
  handle(path: string, handler: Handler): void;
  hits(path: string): number;
  reset(): void;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

async function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
}

async function startServer(): Promise<TestServer> {
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
async function closedOrigin(): Promise<string> {
  const server = createServer();
  const origin = await listen(server);
  await closeServer(server);
  return origin;
}

function parseBody(request: RecordedRequest | undefined): unknown {
  return request && request.body !== '' ? JSON.parse(request.body) : undefined;
}

const deviceId = '0123456789abcdef0123456789abcdef';

let live: TestServer;
let other: TestServer;
let closed: string;

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

function client(overrides: Partial<ApiClientOptions> = {}) {
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

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
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

describe('requests', () => {
  it('send JSON bodies, query parameters and the Nimbus headers', async () => {
    live.handle('/drive/v1/echo', () => ({ json: { kind: 'drive#fileList', files: [] } }));
    const answer = await client().post(
      '/drive/v1/echo',
      { name: 'a', size: '10' },
      { query: { limit: 100, ids: ['a', 'b'], filters: { phase: { eq: 'x' } }, empty: undefined } },
    );
    expect(answer).toEqual({ kind: 'drive#fileList', files: [] });
    const [request] = live.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-device-id']).toBe(deviceId);
    expect(request?.headers['x-client-id']).toBe('web');
    expect(request?.headers['accept-language']).toBe('ja');
    expect(request?.headers['x-captcha-token']).toBeUndefined();
    expect(parseBody(request)).toEqual({ name: 'a', size: '10' });
    const query = new URLSearchParams(request?.url.split('?')[1]);
    expect(query.get('limit')).toBe('100');
    expect(query.getAll('ids')).toEqual(['a', 'b']);
    expect(JSON.parse(query.get('filters') ?? '')).toEqual({ phase: { eq: 'x' } });
    expect(query.has('empty')).toBe(false);
  });

  it('send no content type without a body, and a bearer token when given', async () => {
    live.handle('/v1/user/me', () => ({ json: { sub: 'u1' } }));
    const api = client({ getAccessToken: () => 'token-1', locale: () => 'zh-TW' });
    await expect(api.get('/v1/user/me')).resolves.toEqual({ sub: 'u1' });
    const [request] = live.requests;
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(request?.headers['accept-language']).toBe('zh-TW');
  });

  it('let call headers override the client headers', async () => {
    live.handle('/drive/v1/echo', () => ({ json: {} }));
    await client().get('/drive/v1/echo', { headers: { 'Accept-Language': 'ko' } });
    expect(live.requests[0]?.headers['accept-language']).toBe('ko');
  });

  it('resolve an empty answer as an empty object', async () => {
    live.handle('/drive/v1/tasks', () => ({ status: 200 }));
    await expect(
      client().delete('/drive/v1/tasks', { query: { task_ids: ['t1'] } }),
    ).resolves.toEqual({});
  });

  it('go to the origin of the path group', async () => {
    live.handle('/drive/v1/about', () => ({ json: { host: 'drive' } }));
    other.handle('/v1/user/me', () => ({ json: { host: 'user' } }));
    const api = client({ origins: { drive: [live.origin], user: [`${other.origin}/`] } });
    await expect(api.get('/drive/v1/about')).resolves.toEqual({ host: 'drive' });
    await expect(api.get('/v1/user/me')).resolves.toEqual({ host: 'user' });
    expect(live.hits('/v1/user/me')).toBe(0);
  });

  it('refuse paths outside the API groups and bodies on GET', async () => {
    const api = client();
    const outside = await failureOf(api.get('/s/abc'));
    expect(outside.error).toBe('local');
    expect(outside.error_code).toBe(8001);
    const relative = await failureOf(api.get('drive/v1/files'));
    expect(relative.error).toBe('local');
    const withBody = await failureOf(api.request({ path: '/drive/v1/files', body: { a: 1 } }));
    expect(withBody.message).toBe('a GET call cannot have a body');
    expect(live.requests).toHaveLength(0);
  });
});

describe('failures', () => {
  it('carry the parsed error object of the answer', async () => {
    live.handle('/drive/v1/files/x', () => ({
      status: 404,
      json: {
        error: 'file_not_found',
        error_code: 5,
        error_description: 'File not found',
        error_uri: '',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'file_not_found',
            domain: 'drive',
            metadata: {},
          },
          {
            '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
            locale: 'ja',
            message: 'ファイルが見つかりません',
          },
        ],
      },
    }));
    const error = await failureOf(client().get('/drive/v1/files/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.error).toBe('file_not_found');
    expect(error.error_code).toBe(5);
    expect(error.error_description).toBe('File not found');
    expect(error.status).toBe(404);
    expect(error.message).toBe('File not found');
    expect(error.details).toHaveLength(2);
    expect(pickErrorMessage(error, { locale: 'ja' })).toBe('ファイルが見つかりません');
    expect(live.hits('/drive/v1/files/x')).toBe(1);
  });

  it('treat a 200 answer with an error field as a failure', async () => {
    live.handle('/v1/auth/token', () => ({
      json: { error: 'invalid_grant', error_description: 'expired' },
    }));
    const error = await failureOf(client().post('/v1/auth/token', { grant_type: 'refresh_token' }));
    expect(error.error).toBe('invalid_grant');
    expect(error.error_code).toBe(4126);
    expect(error.status).toBe(200);
  });

  it('turn an answer that is not JSON into an error by its status', async () => {
    live.handle('/drive/v1/teapot', () => ({ status: 403, text: '<html>no</html>' }));
    const error = await failureOf(client().get('/drive/v1/teapot'));
    expect(error.error).toBe('permission_denied');
    expect(error.status).toBe(403);
  });

  it('turn a refused connection into unreachable (8000)', async () => {
    const error = await failureOf(
      client({ origins: { drive: [closed] }, retries: 0 }).get('/drive/v1/about'),
    );
    expect(error.error).toBe('unreachable');
    expect(error.error_code).toBe(8000);
    expect(error.cause).toBeDefined();
    expect(pickErrorMessage(error, { locale: 'en-US' })).toBe(
      'Network error, please check your connection and try again',
    );
  });

  it('report every failed call once', async () => {
    const onError = vi.fn();
    live.handle('/drive/v1/boom', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    await failureOf(client({ onError, retries: 2 }).post('/drive/v1/boom'));
    expect(live.hits('/drive/v1/boom')).toBe(3);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[1]).toEqual({ method: 'POST', path: '/drive/v1/boom' });
  });

  it('turn an aborted call into cancelled without retrying', async () => {
    live.handle('/drive/v1/slow', () => ({ json: {} }));
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(
      client({ retries: 4 }).get('/drive/v1/slow', { signal: controller.signal }),
    );
    expect(error.error).toBe('cancelled');
  });
});

describe('retries', () => {
  it('default to 2 and retry unreachable origins that many times', async () => {
    const realFetch = globalThis.fetch;
    const fetchSpy = vi.fn<typeof fetch>((input, init) => realFetch(input, init));
    const error = await failureOf(
      client({ origins: { drive: [closed] }, fetch: fetchSpy }).get('/drive/v1/about'),
    );
    expect(error.error).toBe('unreachable');
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('rotate to the next origin of the group on each retry, and stay there', async () => {
    live.handle('/drive/v1/about', () => ({ json: { quota: { limit: '10', usage: '1' } } }));
    const api = client({ origins: { drive: [closed, live.origin] }, retries: 1 });
    expect(api.originOf('drive')).toBe(closed);
    await expect(api.get('/drive/v1/about')).resolves.toEqual({
      quota: { limit: '10', usage: '1' },
    });
    expect(api.originOf('drive')).toBe(live.origin);
    await api.get('/drive/v1/about');
    expect(live.hits('/drive/v1/about')).toBe(2);
  });

  it('retry internal errors on the next origin', async () => {
    live.handle('/drive/v1/about', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    other.handle('/drive/v1/about', () => ({ json: { ok: true } }));
    const api = client({ origins: { drive: [live.origin, other.origin] }, retries: 1 });
    await expect(api.get('/drive/v1/about')).resolves.toEqual({ ok: true });
    expect(live.hits('/drive/v1/about')).toBe(1);
    expect(other.hits('/drive/v1/about')).toBe(1);
  });

  it('retry gateway errors without an error object', async () => {
    let calls = 0;
    live.handle('/drive/v1/about', () => {
      calls += 1;
      return calls === 1 ? { status: 502, text: 'Bad Gateway' } : { json: { ok: true } };
    });
    await expect(client({ retries: 1 }).get('/drive/v1/about')).resolves.toEqual({ ok: true });
  });

  it('wrap around the origins and stop after the retry count', async () => {
    live.handle('/drive/v1/about', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    other.handle('/drive/v1/about', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    const error = await failureOf(
      client({ origins: { drive: [live.origin, other.origin] }, retries: 4 }).get(
        '/drive/v1/about',
      ),
    );
    expect(error.error).toBe('internal');
    expect(live.hits('/drive/v1/about')).toBe(3);
    expect(other.hits('/drive/v1/about')).toBe(2);
  });

  it('never retry other errors', async () => {
    live.handle('/drive/v1/files', () => ({
      status: 400,
      json: { error: 'invalid_argument', error_code: 3 },
    }));
    await failureOf(client({ retries: 4 }).get('/drive/v1/files'));
    expect(live.hits('/drive/v1/files')).toBe(1);
  });

  it('wait the retry delay between attempts', async () => {
    const started = Date.now();
    await failureOf(
      client({ origins: { drive: [closed] }, retries: 2, retryDelayMs: 40 }).get('/drive/v1/about'),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
  });

  it('honour a per-call retry count', async () => {
    live.handle('/drive/v1/about', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    await failureOf(client({ retries: 4 }).get('/drive/v1/about', { retries: 0 }));
    expect(live.hits('/drive/v1/about')).toBe(1);
    const invalid = await failureOf(client().get('/drive/v1/about', { retries: 9 }));
    expect(invalid.error).toBe('unknown');
    expect(invalid.message).toContain('from 0 to 4');
  });

  it('accept only a number from 0 to 4', () => {
    expect(validateRetryCount(0)).toBe(0);
    expect(validateRetryCount(4)).toBe(4);
    expect(() => validateRetryCount(5)).toThrow(RangeError);
    expect(() => validateRetryCount(-1)).toThrow(RangeError);
    expect(() => validateRetryCount(1.5)).toThrow(RangeError);
    expect(() => validateRetryCount('2')).toThrow(TypeError);
    expect(() => validateRetryCount(Number.NaN)).toThrow(TypeError);
    expect(() => client({ retries: 5 })).toThrow(RangeError);
    expect(() => client({ retryDelayMs: -1 })).toThrow(TypeError);
  });
});

describe('captcha', () => {
  interface CaptchaScenario {
    /** Tokens the init call hands out, in order; the last one repeats. */
    readonly tokens: readonly string[];
    readonly expiresIn?: number;
    /** Tokens the protected path accepts. */
    readonly accepted: ReadonlySet<string>;
    readonly error?: 'captcha_invalid' | 'captcha_required';
  }

  function serveCaptcha(scenario: CaptchaScenario, path = '/drive/v1/protected'): void {
    let issued = 0;
    live.handle('/v1/shield/captcha/init', () => {
      const token = scenario.tokens[Math.min(issued, scenario.tokens.length - 1)] ?? '';
      issued += 1;
      return { json: { captcha_token: token, expires_in: scenario.expiresIn ?? 300 } };
    });
    live.handle(path, (request) => {
      const token = request.headers['x-captcha-token'];
      if (typeof token === 'string' && scenario.accepted.has(token)) {
        return { json: { ok: true, token } };
      }
      const error = scenario.error ?? 'captcha_invalid';
      return {
        status: 400,
        json: {
          error,
          error_code: error === 'captcha_invalid' ? 4002 : 4001,
          error_description: '',
        },
      };
    });
  }

  function initBodies(): unknown[] {
    return live.requests
      .filter((request) => request.path === '/v1/shield/captcha/init')
      .map((request) => parseBody(request));
  }

  it('sends a fresh token on a protected call and caches it for the lifetime minus 30 s', async () => {
    serveCaptcha({ tokens: ['t1'], accepted: new Set(['t1']) });
    let now = 1_000_000;
    const storage = createMemoryStorage();
    const api = client({
      storage,
      now: () => now,
      captcha: { getMeta: () => ({ user_id: 'u1' }) },
    });
    await expect(
      api.post('/drive/v1/protected', { a: 1 }, { captcha: true, captchaMeta: { email: 'a@b.c' } }),
    ).resolves.toEqual({ ok: true, token: 't1' });
    expect(initBodies()).toEqual([
      {
        client_id: 'web',
        action: 'POST:/drive/v1/protected',
        device_id: deviceId,
        captcha_token: '',
        meta: { user_id: 'u1', email: 'a@b.c' },
      },
    ]);
    const init = live.requests.find((request) => request.path === '/v1/shield/captcha/init');
    expect(init?.headers['accept-language']).toBe('ja');
    expect(readCaptchaRecord(storage, 'captcha_web')).toEqual({
      action: 'POST:/drive/v1/protected',
      meta: { user_id: 'u1', email: 'a@b.c' },
      captcha_token: 't1',
      expires_in: 300,
      expires_at: 1_000_000 + 270_000,
    });

    now += 269_000;
    await api.post('/drive/v1/protected', {}, { captcha: true });
    expect(initBodies()).toHaveLength(1);

    now += 2_000;
    await api.post('/drive/v1/protected', {}, { captcha: true });
    expect(initBodies()).toHaveLength(2);
    expect(initBodies()[1]).toMatchObject({ captcha_token: 't1' });
  });

  it('uses the caller-given action', async () => {
    serveCaptcha({ tokens: ['t1'], accepted: new Set(['t1']) });
    await client().post(
      '/drive/v1/protected',
      {},
      { captcha: true, captchaAction: 'share:restore' },
    );
    expect(initBodies()[0]).toMatchObject({ action: 'share:restore' });
  });

  it('renews a refused token and repeats the call once', async () => {
    serveCaptcha({ tokens: ['stale', 'fresh'], accepted: new Set(['fresh']) });
    await expect(client().post('/drive/v1/protected', {}, { captcha: true })).resolves.toEqual({
      ok: true,
      token: 'fresh',
    });
    expect(initBodies()).toHaveLength(2);
    expect(initBodies()[1]).toMatchObject({ captcha_token: 'stale' });
    expect(live.hits('/drive/v1/protected')).toBe(2);
  });

  it('renews at most three times per call', async () => {
    serveCaptcha({ tokens: ['a', 'b', 'c', 'd', 'e'], accepted: new Set() });
    const error = await failureOf(client().post('/drive/v1/protected', {}, { captcha: true }));
    expect(error.error).toBe('captcha_invalid');
    expect(live.hits('/drive/v1/protected')).toBe(4);
    expect(initBodies()).toHaveLength(4);
    expect(pickErrorMessage(error, { locale: 'en-US' })).toBe(
      'Your operation is too frequent, please try again later',
    );
  });

  it('gets a token when an unprotected call answers captcha_required', async () => {
    serveCaptcha(
      { tokens: ['t1'], accepted: new Set(['t1']), error: 'captcha_required' },
      '/drive/v1/share',
    );
    await expect(client().get('/drive/v1/share', { query: { share_id: 's' } })).resolves.toEqual({
      ok: true,
      token: 't1',
    });
    const calls = live.requests.filter((request) => request.path === '/drive/v1/share');
    expect(calls.map((request) => request.headers['x-captcha-token'])).toEqual([undefined, 't1']);
    expect(initBodies()[0]).toMatchObject({ action: 'GET:/drive/v1/share' });
  });

  it('asks for one token when concurrent calls need one', async () => {
    serveCaptcha({ tokens: ['t1'], accepted: new Set(['t1']) });
    const api = client();
    await Promise.all([
      api.post('/drive/v1/protected', {}, { captcha: true }),
      api.post('/drive/v1/protected', {}, { captcha: true }),
      api.post('/drive/v1/protected', {}, { captcha: true }),
    ]);
    expect(initBodies()).toHaveLength(1);
  });

  it('opens the challenge with redirect_uri and state and uses its token', async () => {
    live.handle('/v1/shield/captcha/init', () => ({
      json: { url: 'https://captcha.example/challenge?lang=ja#top', expires_in: 600 },
    }));
    live.handle('/drive/v1/protected', (request) =>
      request.headers['x-captcha-token'] === 'solved'
        ? { json: { ok: true } }
        : { status: 400, json: { error: 'captcha_required', error_code: 4001 } },
    );
    const solveChallenge = vi.fn((url: string) => {
      const parsed = new URL(url);
      expect(parsed.searchParams.get('lang')).toBe('ja');
      expect(parsed.searchParams.get('redirect_uri')).toBe('https://nimbus.example/loading');
      expect(parsed.searchParams.get('state')).toBe('state-1');
      expect(parsed.hash).toBe('#top');
      return Promise.resolve({ captcha_token: 'solved', expires_in: 600 });
    });
    const api = client({
      captcha: {
        solveChallenge,
        redirectUri: 'https://nimbus.example/loading',
        createState: () => 'state-1',
      },
    });
    await expect(api.post('/drive/v1/protected', {}, { captcha: true })).resolves.toEqual({
      ok: true,
    });
    expect(solveChallenge).toHaveBeenCalledTimes(1);
    expect(solveChallenge.mock.calls[0]).toHaveLength(2);
  });

  it('fails with cancelled when the challenge is closed', async () => {
    live.handle('/v1/shield/captcha/init', () => ({ json: { url: 'https://captcha.example/c' } }));
    const closedModal = await failureOf(
      client({ captcha: { solveChallenge: () => Promise.resolve(null) } }).post(
        '/drive/v1/protected',
        {},
        { captcha: true },
      ),
    );
    expect(closedModal.error).toBe('cancelled');
    expect(closedModal.error_code).toBe(1);
    const rejected = await failureOf(
      client({ captcha: { solveChallenge: () => Promise.reject(new Error('closed')) } }).post(
        '/drive/v1/protected',
        {},
        { captcha: true },
      ),
    );
    expect(rejected.error).toBe('cancelled');
    expect(live.hits('/drive/v1/protected')).toBe(0);
  });

  it('can send the init call through a custom function', async () => {
    live.handle('/drive/v1/protected', (request) => ({
      json: { token: request.headers['x-captcha-token'] },
    }));
    const init = vi.fn(() => Promise.resolve({ captcha_token: 'custom', expires_in: 100 }));
    await expect(
      client({ captcha: { init, storageKeyPart: 'tv' } }).post(
        '/drive/v1/protected',
        {},
        { captcha: true },
      ),
    ).resolves.toEqual({ token: 'custom' });
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        client_id: 'web',
        action: 'POST:/drive/v1/protected',
        device_id: deviceId,
      }),
    );
  });
});

describe('readApiAnswer', () => {
  it('parses JSON and refuses what is not JSON on success', () => {
    expect(readApiAnswer(200, '{"a":1}')).toEqual({ a: 1 });
    expect(readApiAnswer(204, '')).toEqual({});
    expect(() => readApiAnswer(200, 'not json')).toThrow(ApiError);
  });

  it('maps statuses of answers without an error object', () => {
    const kinds = [
      [400, 'invalid_argument'],
      [401, 'unauthenticated'],
      [404, 'not_found'],
      [409, 'aborted'],
      [429, 'resource_exhausted'],
      [501, 'unimplemented'],
      [503, 'internal'],
      [418, 'unknown'],
    ] as const;
    for (const [status, kind] of kinds) {
      expect(() => readApiAnswer(status, '')).toThrow(
        expect.objectContaining({ error: kind, status }),
      );
    }
  });
});
