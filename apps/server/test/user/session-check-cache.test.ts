import { afterEach, describe, expect, it } from 'vitest';
import { currentSchema, openDatabase } from '../../src/db/database';
import { buildTestApp, dialects, makeUser, testClock, type TestApp } from '../helper';
import { post, signIn } from '../identity';

// A signed-in call checks its session in the database, then trusts it for
// SESSION_CHECK_CACHE_SECONDS; whatever ends access on this node holds on its next call.
describe.each(dialects)('the session check of signed-in calls on %s', (dialect) => {
  const apps: TestApp[] = [];
  const queries: string[] = [];
  const clock = testClock();
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });

  async function app(env: Record<string, string> = {}): Promise<TestApp> {
    const built = await buildTestApp(dialect, env, {
      now: clock.now,
      onQuery: (sql) => queries.push(sql),
    });
    apps.push(built);
    return built;
  }

  async function member(t: TestApp) {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    return { user, token, headers: { authorization: `Bearer ${token.access_token}` } };
  }

  /** Runs `change` as another node would: its own connection, whose statements this node does not see. */
  async function onAnotherNode(
    t: TestApp,
    change: (db: ReturnType<typeof openDatabase>['db']) => Promise<unknown>,
  ): Promise<void> {
    const other = openDatabase({
      ...t.config,
      ...(dialect === 'postgres'
        ? { searchPath: await currentSchema(t.container.database.db) }
        : {}),
    });
    try {
      await change(other.db);
    } finally {
      await other.db.destroy();
    }
  }

  /** The status of GET /v1/user/me and how many of its queries read the sessions. */
  async function me(t: TestApp, headers: Record<string, string>) {
    queries.length = 0;
    const response = await t.app.inject({ method: 'GET', url: '/v1/user/me', headers });
    return {
      status: response.statusCode,
      sessionReads: queries.filter((sql) => sql.includes('from "sessions"')).length,
    };
  }

  it('reads a session once, then trusts it for the configured seconds', async () => {
    const t = await app();
    const { headers } = await member(t);
    expect(await me(t, headers)).toEqual({ status: 200, sessionReads: 1 });
    expect(await me(t, headers)).toEqual({ status: 200, sessionReads: 0 });
    clock.advance(4_000);
    expect(await me(t, headers)).toEqual({ status: 200, sessionReads: 0 });
    clock.advance(1_000);
    expect(await me(t, headers)).toEqual({ status: 200, sessionReads: 1 });
  });

  it('checks every call with SESSION_CHECK_CACHE_SECONDS=0', async () => {
    const t = await app({ SESSION_CHECK_CACHE_SECONDS: '0' });
    const { headers } = await member(t);
    expect(await me(t, headers)).toEqual({ status: 200, sessionReads: 1 });
    expect(await me(t, headers)).toEqual({ status: 200, sessionReads: 1 });
  });

  it('ends a trusted session at once when it signs out, is revoked or its member is blocked', async () => {
    const t = await app();
    const signedOut = await member(t);
    expect((await me(t, signedOut.headers)).status).toBe(200);
    expect(
      (await post(t, '/v1/auth/revoke', { token: signedOut.token.refresh_token })).statusCode,
    ).toBe(200);
    expect((await me(t, signedOut.headers)).status).toBe(401);

    const blocked = await member(t);
    const bystander = await member(t);
    expect((await me(t, blocked.headers)).status).toBe(200);
    expect((await me(t, bystander.headers)).status).toBe(200);
    await t.container.database.db
      .updateTable('users')
      .set({ status: 'blocked' })
      .where('id', '=', blocked.user.id)
      .execute();
    expect((await me(t, blocked.headers)).status).toBe(401);
    expect(await me(t, bystander.headers)).toEqual({ status: 200, sessionReads: 1 });

    const revoked = await member(t);
    expect((await me(t, revoked.headers)).status).toBe(200);
    await t.container.database.db
      .updateTable('sessions')
      .set({ revoked_at: clock.now().toISOString(), revoked_reason: 'member' })
      .where('user_id', '=', revoked.user.id)
      .execute();
    expect((await me(t, revoked.headers)).status).toBe(401);
  });

  it("sees another node's sign-out within the configured seconds", async () => {
    const t = await app();
    const { token, headers } = await member(t);
    expect((await me(t, headers)).status).toBe(200);
    await onAnotherNode(t, (db) =>
      db
        .updateTable('sessions')
        .set({ revoked_at: clock.now().toISOString(), revoked_reason: 'signout' })
        .where('user_id', '=', token.sub)
        .execute(),
    );
    expect((await me(t, headers)).status).toBe(200);
    clock.advance(5_000);
    expect((await me(t, headers)).status).toBe(401);
  });

  it("answers the member's own profile changes at once, and another node's within the configured seconds", async () => {
    const t = await app();
    const { user, headers } = await member(t);
    async function nameShown(): Promise<string> {
      const response = await t.app.inject({ method: 'GET', url: '/v1/user/me', headers });
      expect(response.statusCode).toBe(200);
      return response.json<{ name: string }>().name;
    }
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers,
      payload: { name: 'Renamed here' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await nameShown()).toBe('Renamed here');

    await onAnotherNode(t, (db) =>
      db
        .updateTable('users')
        .set({ name: 'Renamed elsewhere' })
        .where('id', '=', user.id)
        .execute(),
    );
    expect(await nameShown()).toBe('Renamed here');
    clock.advance(5_000);
    expect(await nameShown()).toBe('Renamed elsewhere');
  });
});
