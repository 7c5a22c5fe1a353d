import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { auditCount, consoleMember } from '../support/console';

type Member = Awaited<ReturnType<typeof consoleMember>>;

describe.each(dialects)('actions on members who hold a console role on %s', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  let admin: Member;
  let moderator: Member;
  let otherModerator: Member;
  let support: Member;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    admin = await consoleMember(t, 'admin', clock.now());
    moderator = await consoleMember(t, 'moderator', clock.now());
    otherModerator = await consoleMember(t, 'moderator', clock.now());
    support = await consoleMember(t, 'support', clock.now());
    await t.container.database.db
      .insertInto('two_factors')
      .values({
        user_id: admin.user.id,
        secret_box: 'x',
        enabled_at: clock.now().toISOString(),
        last_step: 0,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      })
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  const act = (by: Member, target: Member, action: string) =>
    t.app.inject({
      method: 'POST',
      url: `/audit.admin/v1/members/${target.user.id}/${action}`,
      headers: by.headers,
      payload: { reason: 'takeover' },
    });

  it('refuses a moderator or support acting on an admin or another operator, with no audit row and nothing changed', async () => {
    const before = await auditCount(t);
    for (const [by, target, action] of [
      [moderator, admin, 'block'],
      [moderator, admin, 'sign_out'],
      [moderator, otherModerator, 'block'],
      [support, admin, 'reset_two_factor'],
      [support, moderator, 'resend_verification'],
    ] as const) {
      const answer = await act(by, target, action);
      expect(answer.statusCode, `${action} ${answer.body}`).toBe(403);
      expect(errorOf(answer).error).toBe('permission_denied');
    }
    expect(await auditCount(t)).toBe(before);
    // The admin's session and two-step verification are untouched.
    ok(await t.app.inject({ method: 'GET', url: '/audit.admin/v1/me', headers: admin.headers }));
    const twoFactor = await t.container.database.db
      .selectFrom('two_factors')
      .select('user_id')
      .where('user_id', '=', admin.user.id)
      .executeTakeFirst();
    expect(twoFactor?.user_id).toBe(admin.user.id);
  });

  it('lets an admin act on an operator', async () => {
    const answer = ok<{ status: string }>(await act(admin, otherModerator, 'block'));
    expect(answer.status).toBe('blocked');
  });
});
