import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { post, signedInMember } from '../identity';
import { consoleMember } from '../support/console';

const day = 86_400_000;
const graceDays = 3;

/**
 * An operator's deletion of a blocked account keeps it blocked until the purge: signing in with
 * `cancel_deletion` cannot turn it into an active account again.
 */
describe.each(dialects)('deleting a blocked account from the console on %s', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { ACCOUNT_DELETION_GRACE_DAYS: String(graceDays) },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the account blocked, refuses its cancellation at sign-in, and purges it after the grace', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    const abuser = await signedInMember(t);
    const act = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: `/audit.admin/v1/members/${abuser.user.id}/${action}`,
        headers: admin.headers,
        payload: { reason: 'spam ring' },
      });
    expect(ok<{ status: string }>(await act('block')).status).toBe('blocked');
    const deleted = ok<{ status: string; purge_after: string }>(await act('delete'));
    expect(deleted.status).toBe('blocked');
    expect(Date.parse(deleted.purge_after)).toBe(clock.now().getTime() + graceDays * day);

    const cancel = await post(t, '/v1/auth/signin', {
      client_id: 'web',
      username: abuser.user.email,
      password: abuser.user.password,
      cancel_deletion: true,
    });
    expect(errorOf(cancel).error).toBe('user_blocked');
    expect((await t.container.users.findById(abuser.user.id))?.status).toBe('blocked');

    expect(await t.container.accountPurge.purgeBatch()).toBe(0);
    clock.advance(graceDays * day + 1000);
    expect(await t.container.accountPurge.purgeBatch()).toBe(1);
    expect(await t.container.users.findById(abuser.user.id)).toBeUndefined();
  });
});
