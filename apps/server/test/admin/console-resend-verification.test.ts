import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { startMailCatcher, type MailCatcher } from '../mail-catcher';
import { auditCount, consoleMember } from '../support/console';

const minute = 60_000;

describe.each(dialects)('resending verification from the console on %s', (dialect) => {
  let t: TestApp;
  let mail: MailCatcher;
  const clock = testClock();

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await buildTestApp(dialect, { SMTP_URL: mail.url }, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
  });

  const resend = (headers: Record<string, string>, userId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/audit.admin/v1/members/${userId}/resend_verification`,
      headers,
      payload: { reason: 'ticket 4711: no mail arrives' },
    });

  it('mails the member in their language once per 10 minutes for support and admins, one audit row each, and refuses everyone else', async () => {
    const target = await signedInMember(t, { locale: 'ja' });
    const id = target.user.id;
    const support = await consoleMember(t, 'support', clock.now());
    const admin = await consoleMember(t, 'admin', clock.now());
    const moderator = await consoleMember(t, 'moderator', clock.now());
    const noStepUp = await consoleMember(t, 'admin', null);
    const before = await auditCount(t);

    expect(errorOf(await resend({}, id)).error).toBe('unauthenticated');
    expect(errorOf(await resend(target.headers, id)).error).toBe('permission_denied');
    expect(errorOf(await resend(moderator.headers, id)).error).toBe('permission_denied');
    expect(errorOf(await resend(noStepUp.headers, id)).error).toBe('console_step_up_required');
    // A blocked member signs in nowhere: nothing to resend.
    const blocked = await signedInMember(t);
    await t.container.database.db
      .updateTable('users')
      .set({ status: 'blocked' })
      .where('id', '=', blocked.user.id)
      .execute();
    expect(errorOf(await resend(support.headers, blocked.user.id)).error).toBe(
      'failed_precondition',
    );
    expect(await auditCount(t)).toBe(before);

    const sent = mail.mails.length;
    expect(ok<{ status: string }>(await resend(support.headers, id)).status).toBe('active');
    const received = await mail.waitFor(target.user.email, sent);
    expect(received.subject).toContain('Nimbus');
    expect(received.text).toContain(target.user.email);
    expect(received.text).toContain('ログイン');
    expect(await auditCount(t)).toBe(before + 1);
    const [row] = await t.container.database.db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('created_at', 'desc')
      .limit(1)
      .execute();
    expect(row).toMatchObject({
      actor_id: support.user.id,
      actor_role: 'support',
      action: 'members.resend_verification',
      target_kind: 'user',
      target_id: id,
      reason: 'ticket 4711: no mail arrives',
    });

    // Spaced out per member: another operator's resend a minute later is refused, unaudited.
    clock.advance(minute);
    const again = await resend(admin.headers, id);
    expect(again.statusCode).toBe(429);
    expect(errorOf(again).error).toBe('resource_exhausted');
    expect(Number(again.headers['retry-after'])).toBe(9 * 60);
    expect(await auditCount(t)).toBe(before + 1);

    clock.advance(10 * minute);
    ok(await resend(admin.headers, id));
    await mail.waitFor(target.user.email, sent + 1);
    expect(await auditCount(t)).toBe(before + 2);
  });
});
