import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { auditCount, consoleMember } from '../support/console';

type Headers = Record<string, string>;

interface Compensation {
  type: string;
  days: number;
  joined_before: string;
  ends_at: string;
  claims: number;
  days_granted: number;
  last_claim_at: string;
}

interface Claims {
  data: { user_id: string; email: string; days: number; created_at: string }[];
  next_page_token: string;
}

describe.each(dialects)('compensations in the console on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock('2030-01-01T00:00:00.000Z');
  let admin: Headers;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    admin = (await consoleMember(t, 'admin', clock.now())).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });

  it('creates and schedules a compensation, and shows who claimed it, newest first', async () => {
    const offer = {
      days: 3,
      joined_before: '2030-01-02T00:00:00.000Z',
      ends_at: '2030-02-01T00:00:00.000Z',
    };
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/audit.admin/v1/settings:update',
        headers: admin,
        payload: {
          name: 'activity_operation.compensations',
          value: { outage_203001: offer },
          reason: 'Storage outage on 1 January',
        },
      }),
    );
    const fresh = ok<{ data: Compensation[] }>(await get(admin, '/audit.admin/v1/compensations'));
    // The stored one beside configuration's, with nothing claimed yet.
    expect(fresh.data.find((entry) => entry.type === 'outage_203001')).toEqual({
      type: 'outage_203001',
      ...offer,
      claims: 0,
      days_granted: 0,
      last_claim_at: '',
    });

    const members = [await signedInMember(t), await signedInMember(t), await signedInMember(t)];
    for (const member of members) {
      clock.advance(60_000);
      ok(
        await t.app.inject({
          method: 'POST',
          url: '/vip/v1/activity/compensate',
          headers: member.headers,
          payload: { type: 'outage_203001', data: { from: 'web' } },
        }),
      );
    }
    const audits = await auditCount(t);
    const listed = ok<{ data: Compensation[] }>(await get(admin, '/audit.admin/v1/compensations'));
    expect(listed.data.find((entry) => entry.type === 'outage_203001')).toMatchObject({
      claims: 3,
      days_granted: 9,
      last_claim_at: clock.now().toISOString(),
    });
    expect(await auditCount(t)).toBe(audits + 1);

    const first = ok<Claims>(
      await get(admin, '/audit.admin/v1/compensations/outage_203001/claims?limit=2'),
    );
    expect(first.data.map((claim) => claim.email)).toEqual([
      members[2]!.user.email,
      members[1]!.user.email,
    ]);
    expect(first.data[0]).toMatchObject({ days: 3, created_at: clock.now().toISOString() });
    const rest = ok<Claims>(
      await get(
        admin,
        `/audit.admin/v1/compensations/outage_203001/claims?limit=2&page_token=${encodeURIComponent(first.next_page_token)}`,
      ),
    );
    expect(rest.data.map((claim) => claim.user_id)).toEqual([members[0]!.user.id]);
    expect(rest.next_page_token).toBe('');
  });

  it('answers only admins with a recent two-factor sign-in', async () => {
    for (const role of ['moderator', 'support', null] as const) {
      const caller = await consoleMember(t, role, clock.now());
      expect((await get(caller.headers, '/audit.admin/v1/compensations')).statusCode).toBe(403);
      expect(
        (await get(caller.headers, '/audit.admin/v1/compensations/outage_203001/claims'))
          .statusCode,
      ).toBe(403);
    }
    expect((await get({}, '/audit.admin/v1/compensations')).statusCode).toBe(401);
    const unstepped = await consoleMember(t, 'admin', null);
    expect((await get(unstepped.headers, '/audit.admin/v1/compensations')).statusCode).toBe(403);
    const bad = await get(admin, '/audit.admin/v1/compensations/Not%20A%20Type/claims');
    expect(bad.statusCode).toBe(400);
  });
});
