import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiblingApp,
  buildTestApp,
  dialects,
  errorOf,
  makeUser,
  ok,
  type TestApp,
} from '../helper';
import { post, signIn } from '../identity';
import { freePort } from '../support/processes';
import { startRedis, type TestRedis } from '../support/redis-server';

let redis: TestRedis;
beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  await redis.stop();
});

// Two nodes of one fleet: two apps, each with its own process state, over one database and one
// real Redis server.
describe.each(dialects)('a fleet sharing Redis on %s', (dialect) => {
  const opened: TestApp[] = [];
  afterEach(async () => {
    // The sibling first: the first node's close removes the database they share.
    for (const t of opened.reverse()) {
      await t.close();
    }
    opened.length = 0;
  });

  async function twoNodes(env: Record<string, string> = {}) {
    // Each test counts under a prefix of its own on the shared server.
    const shared = {
      REDIS_URL: redis.url,
      REDIS_PREFIX: `test-${randomBytes(4).toString('hex')}:`,
      ...env,
    };
    const first = await buildTestApp(dialect, shared);
    opened.push(first);
    const second = await buildSiblingApp(first, shared);
    opened.push(second);
    return [first, second] as const;
  }

  const me = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/v1/user/me', headers });

  it('counts one request rate limit across both nodes', async () => {
    const nodes = await twoNodes({ RATE_LIMIT_MAX: '5' });
    for (let call = 0; call < 5; call += 1) {
      expect((await me(nodes[call % 2]!)).statusCode).toBe(401);
    }
    for (const node of nodes) {
      const refused = await me(node);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).error).toBe('too_many_requests');
      expect(refused.headers['x-ratelimit-limit']).toBe('5');
    }
  });

  it('refuses the N+1th sign-in of an address whichever node answers', async () => {
    const nodes = await twoNodes({ AUTH_RATE_MAX_PER_ADDRESS: '3' });
    const user = await makeUser(nodes[0]);
    const wrong = { client_id: 'tv', username: user.email, password: 'wrong horse 9' };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await post(nodes[attempt % 2]!, '/v1/auth/signin', wrong);
      expect(errorOf(answer).error, answer.body).not.toBe('too_many_requests');
    }
    for (const node of nodes) {
      const refused = await post(node, '/v1/auth/signin', wrong);
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused).error).toBe('too_many_requests');
    }
  });

  it('ends a revoked session on the other node within a second, despite its session cache', async () => {
    const [first, second] = await twoNodes({ SESSION_CHECK_CACHE_SECONDS: '60' });
    const user = await makeUser(first);
    const token = await signIn(first, user.email, user.password);
    const headers = { authorization: `Bearer ${token.access_token}` };
    // The second node checks the session once and would trust it for a minute.
    expect((await me(second, headers)).statusCode).toBe(200);
    expect((await post(first, '/v1/auth/revoke', { token: token.refresh_token })).statusCode).toBe(
      200,
    );
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 1_000) {
      status = (await me(second, headers)).statusCode;
    }
    expect(status).toBe(401);
  });

  it('shows a settings change made on one node on the other within a second', async () => {
    const [first, second] = await twoNodes();
    const resources = async (t: TestApp) =>
      ok<{ values: { resources: { app_link_scheme: string } } }>(
        await t.app.inject({
          method: 'POST',
          url: '/config/v1/resources',
          payload: { client: 'web', data: {} },
        }),
      ).values.resources.app_link_scheme;
    expect(await resources(second)).toBe('');
    await first.container.settings.put(
      'resources',
      'app_link_scheme',
      JSON.stringify('nimbus'),
      new Date(),
    );
    const changedAt = Date.now();
    let seen = '';
    while (seen === '' && Date.now() - changedAt < 1_000) {
      seen = await resources(second);
    }
    expect(seen).toBe('nimbus');
  });

  it('wakes the task workers of the other node through Redis, with no LISTEN of the database', async () => {
    const [first, second] = await twoNodes();
    // The database's own signal as on SQLite: nothing crosses processes.
    const silent = {
      notify: () => undefined,
      listen: () => Promise.resolve({ listening: false, stop: () => Promise.resolve() }),
    };
    let woken = 0;
    const listening = await second.container.fleet
      .queueSignal(silent)
      .listen('offline', () => (woken += 1));
    expect(listening.listening).toBe(true);
    const notifiedAt = Date.now();
    first.container.fleet.queueSignal(silent).notify('offline');
    while (woken === 0 && Date.now() - notifiedAt < 1_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(woken).toBe(1);
    await listening.stop();
  });

  it('lets requests through but keeps counting guesses on the node while Redis is unreachable', async () => {
    const gone = `redis://127.0.0.1:${await freePort()}`;
    const t = await buildTestApp(dialect, {
      REDIS_URL: gone,
      RATE_LIMIT_MAX: '2',
      AUTH_RATE_MAX_PER_ADDRESS: '2',
    });
    opened.push(t);
    // The request rate limit fails open: more calls than the limit are answered.
    const wrong = { client_id: 'tv', username: 'nobody@example.com', password: 'wrong horse 9' };
    const statuses: number[] = [];
    for (let call = 0; call < 3; call += 1) {
      statuses.push((await me(t)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401]);
    // The guessing limits fall back to this node's own count: never unlimited.
    const guesses: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      guesses.push(errorOf(await post(t, '/v1/auth/signin', wrong)).error);
    }
    expect(guesses[2]).toBe('too_many_requests');
    expect(guesses.slice(0, 2)).not.toContain('too_many_requests');
  });
});
