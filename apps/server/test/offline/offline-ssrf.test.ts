import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { taskMessage } from '@nimbus/contracts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, makeUser, ok, type TestApp } from '../helper';
import { signIn } from '../identity';

/**
 * The redirect canary: what the server reaches on a stranger's behalf (torrent trackers and each
 * of their redirects, the peers a tracker names, the HTTP fetcher and each of its redirects) is
 * checked before a connection is opened. A source on 127.0.0.1 (opened to offline downloads by
 * configuration) sends every request on to canaries outside the rules, on 127.0.0.2 and ::1, that
 * count each TCP connection reaching them: none may. (The DHT's packets go through the same guard
 * of the torrent thread's sockets; `socket-guard.test.ts` counts UDP packets at a canary.)
 */
const canary = {
  v4: net.createServer(),
  v6: net.createServer(),
  port: 0,
  port6: 0,
  connections: 0,
};
const source = { server: http.createServer(), port: 0, hits: new Map<string, number>() };

/** A compact peer list of one IPv4 peer (BEP 23). */
function compactPeer(address: string, port: number): Buffer {
  const bytes = Buffer.alloc(6);
  address.split('.').forEach((part, index) => bytes.writeUInt8(Number(part), index));
  bytes.writeUInt16BE(port, 4);
  return bytes;
}

/** A compact IPv6 peer list of one peer (BEP 7). */
function compactPeer6(port: number): Buffer {
  const bytes = Buffer.alloc(18);
  bytes[15] = 1;
  bytes.writeUInt16BE(port, 16);
  return bytes;
}

source.server.on('request', (request, response) => {
  const url = new URL(request.url ?? '/', 'http://source');
  source.hits.set(url.pathname, (source.hits.get(url.pathname) ?? 0) + 1);
  if (url.pathname === '/peers') {
    // A tracker's answer naming peers outside the rules only.
    const peers = Buffer.concat([
      compactPeer('127.0.0.2', canary.port),
      compactPeer('169.254.169.254', 6881),
      compactPeer('10.0.0.1', 6881),
    ]);
    const peers6 = compactPeer6(canary.port6);
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(
      Buffer.concat([
        Buffer.from(`d8:intervali1800e5:peers${peers.length}:`),
        peers,
        Buffer.from(`6:peers6${peers6.length}:`),
        peers6,
        Buffer.from('e'),
      ]),
    );
    return;
  }
  // Every other path answers with a redirect to the address its first segment names.
  const to = decodeURIComponent(url.pathname.split('/')[1] ?? '');
  response.writeHead(url.pathname.endsWith('/permanent') ? 301 : 302, { location: to });
  response.end();
});

const targets = () => [
  `http://127.0.0.2:${canary.port}/announce`,
  `https://127.0.0.2:${canary.port}/announce`,
  `http://2130706434:${canary.port}/announce`,
  `https://[::ffff:127.0.0.2]:${canary.port}/announce`,
  `http://[::1]:${canary.port6}/announce`,
  `https://localhost:${canary.port6}/announce`,
];
const redirecting = (target: string, permanent = false) =>
  `http://127.0.0.1:${source.port}/${encodeURIComponent(target)}${permanent ? '/permanent' : ''}`;

beforeAll(async () => {
  for (const server of [canary.v4, canary.v6]) {
    server.on('connection', (socket) => {
      canary.connections += 1;
      socket.destroy();
    });
  }
  await new Promise<void>((resolve) => canary.v4.listen(0, '127.0.0.2', resolve));
  canary.port = (canary.v4.address() as AddressInfo).port;
  await new Promise<void>((resolve) => canary.v6.listen(0, '::1', resolve));
  canary.port6 = (canary.v6.address() as AddressInfo).port;
  await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
  source.port = (source.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => canary.v4.close(resolve));
  await new Promise((resolve) => canary.v6.close(resolve));
  await new Promise((resolve) => source.server.close(resolve));
});

describe.each(dialects)('the redirect canary on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string> = {};

  beforeEach(async () => {
    canary.connections = 0;
    source.hits.clear();
    t = await buildTestApp(dialect, {
      // 127.0.0.1 only: the source, not the canaries.
      OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
      OFFLINE_FETCH_EXTRA_PORTS: [source.port, canary.port, canary.port6].join(','),
      OFFLINE_TORRENT_DHT: 'false',
      OFFLINE_TORRENT_METADATA_SECONDS: '1',
      OFFLINE_TIMEOUT_SECONDS: '2',
      OFFLINE_WORKERS: '8',
      PLAN_FREE_OFFLINE_RUNNING: '8',
      PLAN_FREE_CLOUD_DOWNLOADS: '100',
    });
    const user = await makeUser(t);
    headers = {
      authorization: `Bearer ${(await signIn(t, user.email, user.password)).access_token}`,
    };
  });

  afterEach(async () => {
    await t.container.offlineWorker.stop();
    await t.close();
  });

  async function check(urls: string[]): Promise<{ reachable: boolean; message: string }[]> {
    return ok<{ list: { resources: { reachable: boolean; message: string }[] } }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/resource/list',
        payload: { urls: urls.join('\n') },
      }),
    ).list.resources;
  }

  /** Queues each link as an offline task, runs them all at once, and answers how they ended. */
  async function runTasks(urls: string[]): Promise<{ phase: string; message: string }[]> {
    const ids: string[] = [];
    for (const url of urls) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url } },
      });
      ids.push(ok<{ task: { id: string } }>(created).task.id);
    }
    await t.container.offlineWorker.runPending();
    return Promise.all(
      ids.map(async (id) =>
        ok<{ phase: string; message: string }>(
          await t.app.inject({ method: 'GET', url: `/drive/v1/tasks/${id}`, headers }),
        ),
      ),
    );
  }

  const magnet = (announce: string) =>
    `magnet:?xt=urn:btih:${randomBytes(20).toString('hex')}&tr=${encodeURIComponent(announce)}`;

  it('trackers that redirect to loopback or other closed addresses, over http or https and in any spelling, are never connected to', async () => {
    const magnets = targets().map((target, index) => magnet(redirecting(target, index % 2 === 1)));
    // Two checks: the link checker looks up four magnet links at a time.
    for (const batch of [magnets.slice(0, 3), magnets.slice(3)]) {
      expect((await check(batch)).map((item) => item.reachable)).toEqual(batch.map(() => false));
    }
    const tasks = await runTasks(magnets);
    expect(tasks.map((task) => task.phase)).toEqual(magnets.map(() => 'PHASE_TYPE_ERROR'));
    // Every tracker was asked, by the check and again by the task, and sent the client on.
    for (const [index, target] of targets().entries()) {
      const hits =
        source.hits.get(`/${encodeURIComponent(target)}${index % 2 === 1 ? '/permanent' : ''}`) ??
        0;
      expect(hits, target).toBeGreaterThanOrEqual(2);
    }
    expect(canary.connections).toBe(0);
  });

  it('peers a tracker names outside the rules are never connected to', async () => {
    const peers = magnet(`http://127.0.0.1:${source.port}/peers`);
    expect((await check([peers]))[0]?.reachable).toBe(false);
    expect((await runTasks([peers]))[0]?.phase).toBe('PHASE_TYPE_ERROR');
    expect(source.hits.get('/peers')).toBeGreaterThanOrEqual(2);
    expect(canary.connections).toBe(0);
  });

  it('the HTTP fetcher checks each redirect before it connects, from the link checker and from a task', async () => {
    const links = targets().map((target, index) => redirecting(target, index % 2 === 1));
    const checked = await check(links);
    // `localhost` is 127.0.0.1 here, which the tests open for the source, and nothing listens
    // on the canary's IPv6 port there; every other target is refused before connecting.
    const reasons = targets().map((target) =>
      taskMessage(
        target.includes('localhost') ? 'host_unreachable' : 'address_not_allowed',
        'en-US',
      ),
    );
    expect(checked.map((item) => [item.reachable, item.message])).toEqual(
      reasons.map((reason) => [false, reason]),
    );
    const tasks = await runTasks(links);
    expect(tasks.map((task) => [task.phase, task.message])).toEqual(
      reasons.map((reason) => ['PHASE_TYPE_ERROR', reason]),
    );
    expect(canary.connections).toBe(0);
  });
});
