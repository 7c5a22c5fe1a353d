import type { AuditEntry } from '@nimbus/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, makeUser, ok, testClock, type TestApp } from '../helper';
import { auditCount, consoleMember } from '../support/console';

type Headers = Record<string, string>;

describe.each(dialects)('the audit log on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  function call(headers: Headers, method: 'GET' | 'POST', url: string, payload?: object) {
    return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }

  async function search(
    headers: Headers,
    query = '',
  ): Promise<{
    data: AuditEntry[];
    next_page_token: string;
  }> {
    return ok(await call(headers, 'GET', `/audit.admin/v1/audit_log${query}`));
  }

  it('writes exactly one row per console call: who, role, when, where, what, before, after, why', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    const helper = await consoleMember(t, null, clock.now());
    const start = await auditCount(t);

    const granted = await call(
      { ...admin.headers, 'x-forwarded-for': '203.0.113.9' },
      'POST',
      '/audit.admin/v1/roles:grant',
      { email: helper.user.email.toUpperCase(), role: 'support', reason: 'joins the help desk' },
    );
    expect(ok<{ role: string }>(granted).role).toBe('support');
    expect(await auditCount(t)).toBe(start + 1);

    clock.advance(1000);
    ok(
      await call(admin.headers, 'POST', '/audit.admin/v1/roles:grant', {
        email: helper.user.email,
        role: 'moderator',
        reason: 'moves to reviews',
      }),
    );
    expect(await auditCount(t)).toBe(start + 2);
    clock.advance(1000);
    ok(
      await call(admin.headers, 'POST', '/audit.admin/v1/roles:revoke', {
        email: helper.user.email,
        reason: 'left the team',
      }),
    );
    expect(await auditCount(t)).toBe(start + 3);

    // A refused or failed call writes nothing.
    expect(
      errorOf(
        await call(admin.headers, 'POST', '/audit.admin/v1/roles:revoke', {
          email: helper.user.email,
          reason: 'again',
        }),
      ).error,
    ).toBe('failed_precondition');
    expect(
      errorOf(
        await call(admin.headers, 'POST', '/audit.admin/v1/roles:grant', {
          email: admin.user.email,
          role: 'support',
          reason: 'self',
        }),
      ).error,
    ).toBe('failed_precondition');
    expect((await call(helper.headers, 'GET', '/audit.admin/v1/roles')).statusCode).toBe(403);
    expect(await auditCount(t)).toBe(start + 3);

    clock.advance(1000);
    const page = await search(admin.headers, `?target_id=${helper.user.id}`);
    // The search itself is a console call with a row of its own, written after it answered.
    expect(await auditCount(t)).toBe(start + 4);
    expect(page.data.map((row) => row.action)).toEqual([
      'roles.revoke',
      'roles.grant',
      'roles.grant',
    ]);
    const [revoked, moved, first] = page.data;
    expect(first).toMatchObject({
      actor_id: admin.user.id,
      actor_role: 'admin',
      target_kind: 'user',
      target_id: helper.user.id,
      before: JSON.stringify({ role: null }),
      after: JSON.stringify({ role: 'support' }),
      reason: 'joins the help desk',
      created_at: '2030-01-01T00:00:00.000Z',
    });
    expect(first?.ip).not.toBe('');
    expect(first?.request_id).not.toBe('');
    expect(moved).toMatchObject({
      before: JSON.stringify({ role: 'support' }),
      after: JSON.stringify({ role: 'moderator' }),
    });
    expect(revoked).toMatchObject({
      before: JSON.stringify({ role: 'moderator' }),
      after: JSON.stringify({ role: null }),
      reason: 'left the team',
    });

    const reads = await search(admin.headers, '?action=console.read');
    expect(reads.data).toHaveLength(1);
    expect(reads.data[0]).toMatchObject({
      target_kind: 'route',
      target_id: '/audit.admin/v1/audit_log',
    });
  });

  it('pages newest first, filters by actor and time, and exports CSV', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    const other = await consoleMember(t, 'support', clock.now());
    for (let index = 0; index < 5; index += 1) {
      clock.advance(1000);
      ok(await call(other.headers, 'GET', '/audit.admin/v1/me'));
    }
    const first = await search(admin.headers, `?actor_id=${other.user.id}&limit=2`);
    expect(first.data).toHaveLength(2);
    const second = await search(
      admin.headers,
      `?actor_id=${other.user.id}&limit=2&page_token=${first.next_page_token}`,
    );
    const third = await search(
      admin.headers,
      `?actor_id=${other.user.id}&limit=2&page_token=${second.next_page_token}`,
    );
    expect(third.next_page_token).toBe('');
    const times = [...first.data, ...second.data, ...third.data].map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(times).size).toBe(5);
    const window = await search(
      admin.headers,
      `?actor_id=${other.user.id}&from=2030-01-01T00:00:02.000Z&to=2030-01-01T00:00:04.000Z`,
    );
    expect(window.data.map((row) => row.created_at)).toEqual([
      '2030-01-01T00:00:03.000Z',
      '2030-01-01T00:00:02.000Z',
    ]);
    expect(
      errorOf(await call(admin.headers, 'GET', '/audit.admin/v1/audit_log?page_token=@@')).error,
    ).toBe('invalid_argument');

    const exported = await call(
      admin.headers,
      'GET',
      `/audit.admin/v1/audit_log:export?actor_id=${other.user.id}`,
    );
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    const lines = exported.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,actor_id,actor_role,ip,action,target_kind,target_id,before,after,reason,request_id',
    );
    expect(lines).toHaveLength(6);
    // An id may start with `-`, which the CSV defuses as a formula with a leading `'`.
    const [, , actorId, actorRole] = lines[1]!.split(',');
    expect(actorId?.replace(/^'-/, '-')).toBe(other.user.id);
    expect(actorRole).toBe('support');
  });

  it('has no update or delete path: the database refuses both', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    ok(await call(admin.headers, 'GET', '/audit.admin/v1/me'));
    const db = t.container.database.db;
    await expect(
      db.updateTable('audit_log').set({ reason: 'rewritten' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    expect(await auditCount(t)).toBe(1);
    // Nor does the service offer one: it records and reads.
    expect(Object.keys(t.container.audit).sort()).toEqual([
      'commit',
      'exportCsv',
      'record',
      'recordSystem',
      'search',
    ]);
  });

  it('counts sign-ups, active members, conversions and expiries per day, each by a range scan of an index', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    const support = await consoleMember(t, 'support', clock.now());
    const ada = await makeUser(t, { created_at: '2029-06-01T08:00:00.000Z' });
    await makeUser(t, { created_at: '2029-06-01T23:59:59.999Z' });
    const bea = await makeUser(t, { created_at: '2029-06-03T00:00:00.000Z' });
    await makeUser(t, { created_at: '2029-06-04T00:00:00.000Z' });
    const db = t.container.database.db;
    for (const [userId, source, at] of [
      [ada.id, 'payment', '2029-06-02T12:00:00.000Z'],
      [bea.id, 'activation_code', '2029-06-02T13:00:00.000Z'],
      [bea.id, 'admin', '2029-06-02T14:00:00.000Z'],
    ] as const) {
      await db
        .insertInto('memberships')
        .values({
          id: `${source}-${userId}`.slice(0, 32),
          user_id: userId,
          type: 'platinum',
          source,
          days: 30,
          starts_at: at,
          expires_at: at,
          activation_code_id: null,
          created_at: at,
        })
        .execute();
    }
    for (const [index, [userId, at]] of (
      [
        [ada.id, '2029-06-01T09:00:00.000Z'],
        [ada.id, '2029-06-01T10:00:00.000Z'],
        [null, '2029-06-01T11:00:00.000Z'],
        [bea.id, '2029-06-03T09:00:00.000Z'],
      ] as const
    ).entries()) {
      await db
        .insertInto('analytics_events')
        .values({
          id: `event-${index}`,
          event: 'page-view',
          page: '/',
          client_id: '',
          client_type: 'web',
          language_system: '',
          language_web: '',
          user_type: 1,
          source: '',
          scene: '',
          referer_list: '',
          device_hash: '',
          user_id: userId,
          country: '',
          address_hash: 'x',
          props: '{}',
          created_at: at,
        })
        .execute();
    }
    await db
      .insertInto('app_download_counts')
      .values({ platform: 'ios', downloads: 7, updated_at: '2029-06-01T00:00:00.000Z' })
      .execute();
    const dashboard = (headers: Headers, query: string) =>
      call(headers, 'GET', `/audit.admin/v1/dashboard?${query}`);
    const answer = ok<{
      days: {
        day: string;
        sign_ups: number;
        active_members: number;
        conversions: number;
        expiries: number;
      }[];
      stored: { live_bytes: string; trash_bytes: string };
      app_downloads: { platform: string; downloads: number }[];
    }>(await dashboard(admin.headers, 'from=2029-06-01&to=2029-06-03'));
    expect(
      answer.days.map(({ day, sign_ups, active_members, conversions, expiries }) => ({
        day,
        sign_ups,
        active_members,
        conversions,
        expiries,
      })),
    ).toEqual([
      { day: '2029-06-01', sign_ups: 2, active_members: 1, conversions: 0, expiries: 0 },
      { day: '2029-06-02', sign_ups: 0, active_members: 0, conversions: 2, expiries: 3 },
      { day: '2029-06-03', sign_ups: 1, active_members: 1, conversions: 0, expiries: 0 },
    ]);
    expect(answer.app_downloads).toEqual([{ platform: 'ios', downloads: 7 }]);
    expect(answer.stored.trash_bytes).toBe('0');
    expect(answer.stored.live_bytes).toMatch(/^\d+$/);
    expect(errorOf(await dashboard(admin.headers, 'from=2029-01-01&to=2030-06-01')).error).toBe(
      'invalid_argument',
    );
    expect((await dashboard(support.headers, 'from=2029-06-01&to=2029-06-03')).statusCode).toBe(
      403,
    );

    // Each daily figure reads a range of one index, never the whole table (what keeps a year of
    // a large site fast); PostgreSQL is asked as for a large table.
    const plans = await t.container.dashboardRecords.plans(
      '2029-06-01T00:00:00.000Z',
      '2029-06-04T00:00:00.000Z',
      dialect,
    );
    // Sign-ups, conversions and expiries by their own index.
    const indexes = ['users_created_idx', 'memberships_created_idx', 'memberships_expires_idx'];
    expect(plans).toHaveLength(indexes.length);
    for (const [index, plan] of plans.entries()) {
      expect(plan, plan).toContain(indexes[index]);
      expect(plan, plan).not.toMatch(/Seq Scan|^SCAN (users|memberships)$/m);
    }
  });
});
