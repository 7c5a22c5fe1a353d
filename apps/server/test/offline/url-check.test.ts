import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { taskMessage } from '@nimbus/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  testClock,
  type TestApp,
} from '../helper';
import { signIn } from '../identity';

/** The Resource of `POST /drive/v1/resource/list` as the tests read it. */
interface ResourceBody {
  kind: string;
  url: string;
  name: string;
  file_size: string;
  mime_type: string;
  file_category: string;
  reachable: boolean;
  message: string;
  is_torrent: boolean;
  files: { id: string; name: string; file_size: string }[];
}

const body = Buffer.from('%PDF-1.4\n'.padEnd(4096, '.'));

/**
 * The sources: a file server on 127.0.0.1 (opened to the checker by configuration) that counts
 * the bytes it managed to send, and a canary on 127.0.0.2 that counts every connection reaching
 * it (the guard must let none through).
 */
const source = { server: http.createServer(), port: 0, requests: 0 };
const canary = { server: http.createServer(), port: 0, connections: 0 };

source.server.on('request', (request, response) => {
  source.requests += 1;
  const url = new URL(request.url ?? '/', 'http://source');
  switch (url.pathname) {
    case '/report':
      response.writeHead(200, {
        'content-type': 'application/pdf; charset=binary',
        'content-length': String(body.length),
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('年次 報告.pdf')}`,
      });
      response.end(body);
      return;
    case '/movie.mkv':
      // No length: the checker says the size is unknown.
      response.writeHead(200, { 'content-type': 'video/x-matroska' });
      response.end(body);
      return;
    case '/to-canary':
      response.writeHead(302, { location: `http://127.0.0.2:${canary.port}/secret` });
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

beforeAll(async () => {
  await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
  source.port = (source.server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => canary.server.listen(0, '127.0.0.2', resolve));
  canary.port = (canary.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => source.server.close(resolve));
  await new Promise((resolve) => canary.server.close(resolve));
});

describe.each(dialects)('the URL checker on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  async function start() {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      {
        OFFLINE_FETCH_EXTRA_PORTS: `${source.port},${canary.port}`,
        OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
        OFFLINE_WORKERS: '0',
        OFFLINE_TORRENT_DHT: 'false',
      },
      { now: clock.now },
    );
  }

  afterEach(async () => {
    await t.close();
  });

  const sourceUrl = (path: string) => `http://127.0.0.1:${source.port}${path}`;

  function check(
    urls: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/drive/v1/resource/list',
      payload: { urls },
      headers,
    });
  }

  function resources(response: LightMyRequestResponse): ResourceBody[] {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ list: { resources: ResourceBody[] } }>().list.resources;
  }

  it('tells a visitor the name, size and type of each link, and saves nothing', async () => {
    await start();
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    const headers = { authorization: `Bearer ${token.access_token}` };

    const answer = resources(
      await check(`${sourceUrl('/report')}\n\n  ${sourceUrl('/movie.mkv')}  \n`),
    );
    expect(answer).toEqual([
      {
        kind: 'drive#resource',
        url: sourceUrl('/report'),
        name: '年次 報告.pdf',
        file_size: String(body.length),
        mime_type: 'application/pdf',
        file_category: 'DOCUMENT',
        reachable: true,
        message: '',
        is_torrent: false,
        files: [],
      },
      {
        kind: 'drive#resource',
        url: sourceUrl('/movie.mkv'),
        name: 'movie.mkv',
        file_size: '',
        mime_type: 'video/x-matroska',
        file_category: 'VIDEO',
        reachable: true,
        message: '',
        is_torrent: false,
        files: [],
      },
    ]);

    // A member checks too; nothing becomes a task or a file.
    expect(resources(await check(sourceUrl('/report'), headers))[0]?.reachable).toBe(true);
    const tasks = await t.app.inject({ method: 'GET', url: '/drive/v1/tasks', headers });
    expect(tasks.json<{ tasks: unknown[] }>().tasks).toEqual([]);
    const files = await t.app.inject({
      method: 'GET',
      url: '/drive/v1/files?parent_id=*',
      headers,
    });
    expect(files.json<{ files: unknown[] }>().files).toEqual([]);
  });

  it("says why a link cannot be fetched, in the caller's language, and never connects to a blocked address", async () => {
    await start();
    const before = canary.connections;
    const answer = resources(
      await check(
        [
          `http://127.0.0.2:${canary.port}/secret`,
          sourceUrl('/to-canary'),
          `http://169.254.169.254/latest/meta-data/`,
          sourceUrl('/missing'),
          `http://127.0.0.1:1/closed`,
          'http://no-such-host.invalid/file.zip',
        ].join('\n'),
        { 'accept-language': 'ja' },
      ),
    );
    expect(canary.connections).toBe(before);
    expect(answer.map((item) => item.message)).toEqual([
      taskMessage('address_not_allowed', 'ja'),
      taskMessage('address_not_allowed', 'ja'),
      taskMessage('address_not_allowed', 'ja'),
      taskMessage('source_missing:404', 'ja'),
      taskMessage('port_not_allowed', 'ja'),
      taskMessage('host_unreachable', 'ja'),
    ]);
    // The status the server answered is in the text, which is in the caller's language.
    expect(answer[3]?.message).toContain('404');
    expect(answer[3]?.message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    // Nothing else is told of a link that cannot be fetched.
    for (const item of answer) {
      expect(item).toMatchObject({
        reachable: false,
        name: '',
        file_size: '',
        mime_type: '',
        is_torrent: false,
      });
    }
  });

  it('reads magnet links, asks no blocked tracker for their files, and says which links it cannot take', async () => {
    await start();
    const answer = resources(
      await check(
        [
          'magnet:?xt=urn:btih:0123456789ABCDEF0123456789abcdef01234567&dn=Holiday%20photos&tr=http%3A%2F%2F127.0.0.2%2Fannounce',
          'magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567',
          'magnet:?dn=nothing-to-fetch',
          'ftp://example.com/a',
          'not a link',
          'http://user:pw@example.com/',
        ].join('\n'),
      ),
    );
    // A tracker outside the address rules, or none at all (and no DHT): nobody may be asked for the files.
    expect(answer.slice(0, 2)).toEqual([
      expect.objectContaining({
        name: 'Holiday photos',
        reachable: false,
        is_torrent: true,
        message: 'The link could not be downloaded',
        file_size: '',
        files: [],
      }),
      expect.objectContaining({
        name: '0123456789abcdef0123456789abcdef01234567',
        reachable: false,
        is_torrent: true,
        message: 'The link could not be downloaded',
      }),
    ]);
    expect(canary.connections).toBe(0);
    expect(answer.slice(2).map((item) => [item.reachable, item.is_torrent])).toEqual([
      [false, true],
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(answer.slice(2).every((item) => item.message !== '')).toBe(true);
  });

  it('refuses empty, oversized and malformed input with the error object', async () => {
    await start();
    for (const bad of [
      '',
      '  \n \n',
      Array.from({ length: 11 }, (_, index) => `http://example.com/${index}`).join('\n'),
      `http://example.com/${'a'.repeat(4100)}`,
      42,
      null,
    ]) {
      const response = await check(bad);
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    }
    const noBody = await t.app.inject({ method: 'POST', url: '/drive/v1/resource/list' });
    expect(noBody.statusCode).toBe(400);
    expect(errorOf(noBody).error).toBe('invalid_argument');
    // Credentials that do not authenticate make a visitor, not a failure.
    const stale = await check('not a link', { authorization: 'Bearer not-a-token' });
    expect(stale.statusCode, stale.body).toBe(200);
  });

  it('limits checks per address for visitors and per member, each on its own', async () => {
    await start();
    const ten = Array.from({ length: 10 }, (_, index) => `not a link ${index}`).join('\n');
    expect((await check(ten)).statusCode).toBe(200);
    expect((await check(ten)).statusCode).toBe(200);
    const limited = await check('not a link');
    expect(limited.statusCode).toBe(429);
    const error = errorOf(limited);
    expect(error.error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(localizedOf(error)).toBeDefined();

    // A member from the same address has a limit of their own.
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    const headers = { authorization: `Bearer ${token.access_token}` };
    for (let round = 0; round < 6; round += 1) {
      expect((await check(ten, headers)).statusCode).toBe(200);
    }
    expect((await check('not a link', headers)).statusCode).toBe(429);

    // The window passes.
    clock.advance(10 * 60_000);
    expect((await check('not a link')).statusCode).toBe(200);
    expect((await check('not a link', headers)).statusCode).toBe(200);
  });
});
