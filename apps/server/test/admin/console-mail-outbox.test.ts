import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, ok, testClock, type TestApp } from '../helper';
import { startMailCatcher, type MailCatcher } from '../mail-catcher';
import { consoleMember } from '../support/console';

interface SystemAnswer {
  queues: { kind: string; running: number; failed: number }[];
  failed: { kind: string; id: string; reason: string }[];
  mail: {
    sending: number;
    sent: number;
    failed: number;
    last_failures: { id: string; error: string; at: string }[];
  };
}

const message = { to: 'ada@example.test', subject: 'Hello', text: 'Hello, Ada', note: 'hello' };

describe.each(dialects)('the mail outbox on the console system page on %s', (dialect) => {
  let t: TestApp;
  let mail: MailCatcher;
  const clock = testClock();

  beforeAll(async () => {
    mail = await startMailCatcher();
    t = await buildTestApp(dialect, { SMTP_URL: mail.url }, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts the messages sent and failed, lists the failures with their error, and sweeps them after 30 days', async () => {
    const admin = await consoleMember(t, 'admin', clock.now());
    const system = async () =>
      ok<SystemAnswer>(
        await t.app.inject({
          method: 'GET',
          url: '/audit.admin/v1/system',
          headers: admin.headers,
        }),
      );
    const before = (await system()).mail;

    await t.container.mailer.send(message);
    await mail.waitFor('ada@example.test');
    // The mail server goes away: the next message fails, and its caller is told.
    await mail.close();
    await expect(t.container.mailer.send(message)).rejects.toThrow();

    const after = await system();
    expect(after.mail.sending).toBe(0);
    expect(after.mail.sent).toBe(before.sent + 1);
    expect(after.mail.failed).toBe(before.failed + 1);
    const [failure] = after.mail.last_failures;
    expect(failure?.error).toMatch(/ECONNREFUSED|connect/i);
    expect(after.queues).toContainEqual({
      kind: 'mail',
      waiting: 0,
      running: 0,
      failed: 1,
      oldest_waiting_at: '',
    });
    expect(after.failed).toContainEqual({
      kind: 'mail',
      id: failure?.id,
      reason: failure?.error,
      at: failure?.at,
    });
    // Nothing of the message itself is kept.
    const rows = await t.container.database.db.selectFrom('mail_deliveries').selectAll().execute();
    expect(JSON.stringify(rows)).not.toMatch(/ada@example|Hello/);

    clock.advance(31 * 86_400_000);
    expect(await t.container.mailer.sweep()).toBe(rows.length);
    expect(
      await t.container.database.db.selectFrom('mail_deliveries').selectAll().execute(),
    ).toEqual([]);
  });
});
