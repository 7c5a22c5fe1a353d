import { describe, expect, it } from 'vitest';
import { dialects, localizedOf, ok } from '../helper';
import { signIn } from '../identity';
import { dayMs, useActivityApp, type Headers, type VipData } from './membership-activity-fixture';

describe.each(dialects)('membership activities on %s', (dialect) => {
  const f = useActivityApp(dialect);
  const { member, call, expectError, vip } = f;

  it('admins grant a compensation once per member and type; others may not', async () => {
    const admin = await member();
    await f.t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: f.clock.now().toISOString() })
      .execute();
    const a = await member();
    const b = await member();
    const body = {
      type: 'aliyun_accident_202409',
      days: 5,
      user_ids: [a.user.id, b.user.id, 'no-such-member', a.user.id],
    };

    const refused = expectError(
      await call(a.headers, 'POST', '/vip/v1/activity/compensate', body),
      403,
      'permission_denied',
    );
    expect(refused.error_code).toBe(7);
    expect((await vip(a.headers)).status).toBe('invalid');

    expect(ok(await call(admin.headers, 'POST', '/vip/v1/activity/compensate', body))).toEqual({
      result: 'ACCEPTED',
      granted: [a.user.id, b.user.id],
      skipped: ['no-such-member'],
    });
    expect((await vip(a.headers)).vipItem[0]?.surplus_day).toBe(5);
    expect(ok(await call(admin.headers, 'POST', '/vip/v1/activity/compensate', body))).toEqual({
      result: 'ACCEPTED',
      granted: [],
      skipped: [a.user.id, b.user.id, 'no-such-member'],
    });
    expect((await vip(b.headers)).vipItem[0]?.surplus_day).toBe(5);
    // Another compensation type is another grant.
    ok(
      await call(admin.headers, 'POST', '/vip/v1/activity/compensate', {
        ...body,
        type: 'outage_203001',
        user_ids: [b.user.id],
      }),
    );
    expect((await vip(b.headers)).vipItem[0]?.surplus_day).toBe(10);

    for (const bad of [
      { ...body, type: 'Has Spaces' },
      { ...body, days: 0 },
      { ...body, user_ids: [] },
      { ...body, extra: true },
    ]) {
      expectError(
        await call(admin.headers, 'POST', '/vip/v1/activity/compensate', bad),
        400,
        'invalid_argument',
      );
    }
  });

  it('a member claims a configured compensation once, if they joined before the incident and it is open', async () => {
    const a = await member('Ann', 'es');
    const claim = (headers: Headers, type: string) =>
      call(headers, 'POST', '/vip/v1/activity/compensate', { type, data: { from: 'web' } });

    const answer = ok<{ granted: { days: number; type: string }; data: VipData }>(
      await claim(a.headers, 'outage_202912'),
    );
    expect(answer.granted).toMatchObject({ type: 'platinum', days: 4 });
    expect(answer.data.status).toBe('ok');
    expect((await vip(a.headers)).vipItem[0]?.surplus_day).toBe(4);

    const again = expectError(
      await claim(a.headers, 'outage_202912'),
      400,
      'activity_reward_claimed',
    );
    expect(localizedOf(again)).toMatchObject({
      locale: 'es',
      message: 'Ya has recibido esta recompensa',
    });
    expect((await vip(a.headers)).vipItem[0]?.surplus_day).toBe(4);

    // Members who joined after the incident were not touched by it.
    const notEligible = expectError(
      await claim(a.headers, 'outage_201901'),
      400,
      'compensation_not_eligible',
    );
    expect(localizedOf(notEligible)?.message).toBe(
      'Esta compensación es solo para quienes ya tenían cuenta cuando ocurrió la incidencia',
    );
    expectError(await claim(a.headers, 'no_such_outage'), 404, 'compensation_not_found');

    // An admin's grant of the same type counts as the member's claim.
    const admin = await member();
    await f.t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: f.clock.now().toISOString() })
      .execute();
    const b = await member();
    ok(
      await call(admin.headers, 'POST', '/vip/v1/activity/compensate', {
        type: 'outage_202912',
        days: 2,
        user_ids: [b.user.id],
      }),
    );
    expectError(await claim(b.headers, 'outage_202912'), 400, 'activity_reward_claimed');

    // Past its end nobody claims it any more, and the config host publishes the schedule.
    const joined = await member();
    f.clock.advance(31 * dayMs);
    const token = await signIn(f.t, joined.user.email, joined.user.password);
    const c = { headers: { authorization: `Bearer ${token.access_token}` } };
    expectError(await claim(c.headers, 'outage_202912'), 400, 'activity_ended');
    const published = ok<{ values: { activity_operation: unknown } }>(
      await call({}, 'POST', '/config/v1/activity_operation', { client: 'web', data: {} }),
    ).values.activity_operation;
    expect(published).toEqual({
      activities: { christmas: { ends_at: '2030-01-10T00:00:00Z' } },
      compensations: {
        outage_202912: {
          days: 4,
          joined_before: '2030-01-02T00:00:00Z',
          ends_at: '2030-02-01T00:00:00Z',
        },
        outage_201901: {
          days: 3,
          joined_before: '2019-02-01T00:00:00Z',
          ends_at: '2040-01-01T00:00:00Z',
        },
      },
    });

    // An operator's stored settings change the schedule entry by entry; malformed entries are ignored.
    const stored = f.clock.now();
    await f.t.container.settings.put(
      'activity_operation',
      'compensations',
      JSON.stringify({
        outage_202912: {
          days: 6,
          joined_before: '2030-01-02T00:00:00Z',
          ends_at: '2030-03-01T00:00:00Z',
        },
        broken: { days: 'many' },
      }),
      stored,
    );
    await f.t.container.settings.put(
      'activity_operation',
      'activities',
      JSON.stringify({ 'black-friday': { ends_at: '2029-12-01T00:00:00Z' }, christmas: 'soon' }),
      stored,
    );
    const changed = ok<{ values: { activity_operation: Record<string, Record<string, unknown>> } }>(
      await call({}, 'POST', '/config/v1/activity_operation', { client: 'web', data: {} }),
    ).values.activity_operation;
    expect(changed.activities).toEqual({
      christmas: { ends_at: '2030-01-10T00:00:00Z' },
      'black-friday': { ends_at: '2029-12-01T00:00:00Z' },
    });
    expect(Object.keys(changed.compensations ?? {}).sort()).toEqual([
      'outage_201901',
      'outage_202912',
    ]);
    expect(
      ok<{ granted: { days: number } }>(await claim(c.headers, 'outage_202912')).granted.days,
    ).toBe(6);

    for (const bad of [
      {},
      { type: 'Has Spaces' },
      { type: 'outage_202912', days: 3 },
      { type: 'x', extra: 1 },
    ]) {
      expectError(
        await call(c.headers, 'POST', '/vip/v1/activity/compensate', bad),
        400,
        'invalid_argument',
      );
    }
    expectError(
      await call({}, 'POST', '/vip/v1/activity/compensate', { type: 'outage_202912' }),
      401,
      'unauthenticated',
    );
  });
});
