import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, ok, type TestApp } from './helper';
import { signedInMember } from './identity';

// The database work of the calls every client makes most: each query here is paid on every call,
// so a new one must show up in review (and in `npm run bench -- api-overhead`).
describe.each(dialects)('the queries of the hot calls on %s', (dialect) => {
  let t: TestApp;
  const queries: string[] = [];
  beforeEach(async () => {
    t = await buildTestApp(dialect, {}, { onQuery: (sql) => queries.push(sql) });
  });
  afterEach(async () => {
    await t.close();
  });

  /** The SQL of the queries `call` ran. */
  async function queriesOf(call: () => Promise<unknown>): Promise<string[]> {
    queries.length = 0;
    await call();
    return [...queries];
  }

  it('a liveness check reads nothing', async () => {
    const ran = await queriesOf(async () =>
      ok(await t.app.inject({ method: 'GET', url: '/healthz' })),
    );
    expect(ran).toEqual([]);
  });

  it('a signed-in call reads its session once, then what it answers', async () => {
    const { user, headers } = await signedInMember(t);
    const ran = await queriesOf(async () =>
      expect(
        ok<{ sub: string }>(await t.app.inject({ method: 'GET', url: '/v1/user/me', headers })).sub,
      ).toBe(user.id),
    );
    expect(ran).toHaveLength(2);
    expect(ran[0]).toMatch(/from "sessions"/);
    expect(ran[1]).toMatch(/from "users"/);
  });

  it('a config call reads its scope once', async () => {
    const ran = await queriesOf(async () =>
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/config/v1/basic',
          payload: { client: 'web', data: { language_system: 'en-US' } },
        }),
      ),
    );
    expect(ran).toHaveLength(1);
    expect(ran[0]).toMatch(/from "setting"/);
  });
});
