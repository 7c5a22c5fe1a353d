import { locales, type Locale } from '@nimbus/contracts';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, type Container } from '../../src/container';
import { openDatabase, type DatabaseHandle } from '../../src/db/database';
import { startMembershipReminders } from '../../src/jobs/membership-reminders';
import { formatExpiry } from '../../src/modules/membership/membership-reminder-mail';
import { buildTestApp, dialects, errorOf, makeUser, ok, testClock, type TestApp } from '../helper';
import { startMailCatcher, type CapturedMail, type MailCatcher } from '../mail-catcher';

const dayMs = 24 * 60 * 60 * 1000;
const start = '2030-01-01T00:00:00.000Z';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

/** Runs reminder batches until none is left, as one pass of the periodic job does. */
async function remindAll(container: Pick<Container, 'membershipReminders'>): Promise<number> {
  let handled = 0;
  for (
    let count = await container.membershipReminders.remindBatch();
    count > 0;
    count = await container.membershipReminders.remindBatch()
  ) {
    handled += count;
  }
  return handled;
}

function mailsTo(email: string): CapturedMail[] {
  return mail.mails.filter((each) => each.to === email);
}

/** The https address of a mail's `List-Unsubscribe` header, as a path and query for inject. */
function oneClickPath(received: CapturedMail): string {
  const match = /^<([^>]+)>$/.exec(received.headers['list-unsubscribe'] ?? '');
  expect(match, received.headers['list-unsubscribe']).not.toBeNull();
  const url = new URL(match?.[1] ?? '');
  expect(url.origin).toBe('http://nimbus.test');
  return `${url.pathname}${url.search}`;
}

/** The `d` of the footer link `PUBLIC_URL/unsubscribe?d=` in a mail's text. */
function footerToken(received: CapturedMail): string {
  const match = /http:\/\/nimbus\.test\/unsubscribe\?d=(\S+)/.exec(received.text);
  expect(match, received.text).not.toBeNull();
  return decodeURIComponent(match?.[1] ?? '');
}

const oneClick = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(dialects)('membership expiry reminders on %s', (dialect) => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  const extra: { close(): Promise<void> }[] = [];

  async function app(env: Record<string, string> = {}): Promise<TestApp> {
    clock = testClock(start);
    t = await buildTestApp(dialect, { SMTP_URL: mail.url, ...env }, { now: clock.now });
    return t;
  }

  /**
   * Another node on the same database: its own connections, container and SMTP sender (to
   * `smtpUrl`), with the first node's configuration and auth secret (kept in DATA_DIR).
   */
  function otherNode(smtpUrl = mail.url): Container {
    let database: DatabaseHandle;
    if (t.container.database.dialect === 'sqlite') {
      database = openDatabase({
        DATABASE_URL: '',
        DATA_DIR: t.config.DATA_DIR,
        DATABASE_POOL_SIZE: 1,
      });
    } else {
      const searchPath = /search_path=(\S+)/.exec(
        String(t.container.database.clientConfig?.options ?? ''),
      )?.[1];
      expect(searchPath).toBeDefined();
      database = openDatabase({
        ...t.config,
        DATABASE_POOL_SIZE: 4,
        ...(searchPath ? { searchPath } : {}),
      });
    }
    const container = createContainer({ ...t.config, SMTP_URL: smtpUrl }, database, {
      logger: pino({ level: 'silent' }),
      now: clock.now,
    });
    extra.push({
      async close() {
        await container.mailer.close();
        await database.db.destroy();
      },
    });
    return container;
  }

  afterEach(async () => {
    for (const each of extra.splice(0)) {
      await each.close();
    }
    await t.close();
  });

  /** A member with `days` of premium granted now. */
  async function member(days: number, overrides: Parameters<typeof makeUser>[1] = {}) {
    const user = await makeUser(t, overrides);
    const granted = await t.container.memberships.grant({
      userId: user.id,
      type: 'platinum',
      days,
      source: 'admin',
    });
    return { ...user, expiresAt: granted.expiresAt };
  }

  it('mails each member once per end, in their language, with the renew link, the footer link and both List-Unsubscribe headers', async () => {
    await app();
    const members = new Map<Locale, Awaited<ReturnType<typeof member>>>();
    for (const locale of locales) {
      members.set(locale, await member(30, { locale }));
    }
    const later = await member(40, { locale: 'ja' });
    // 4 days before the end: not yet.
    clock.advance(26 * dayMs);
    expect(await remindAll(t.container)).toBe(0);
    for (const each of members.values()) {
      expect(mailsTo(each.email)).toEqual([]);
    }

    // 2 days before the end, the periodic job's first pass mails everyone whose premium ends.
    clock.advance(2 * dayMs);
    const job = startMembershipReminders(t.container, {
      info: () => undefined,
      error: () => undefined,
    });
    expect(job).toBeDefined();
    await job?.stop();
    for (const [locale, each] of members) {
      const received = mailsTo(each.email);
      expect(received, locale).toHaveLength(1);
      const [reminder] = received as [CapturedMail];
      const { day, date } = formatExpiry(locale, each.expiresAt);
      expect(reminder.subject, locale).toContain(day);
      expect(reminder.text, locale).toContain(date);
      const prefix = locale === 'en-US' ? '' : `/${locale}`;
      expect(reminder.text, locale).toContain(`http://nimbus.test${prefix}/drive/payment`);
      expect(reminder.headers['list-unsubscribe-post'], locale).toBe('List-Unsubscribe=One-Click');
      const d = footerToken(reminder);
      expect(oneClickPath(reminder), locale).toBe(
        `/mail/v1/unsubscribe?d=${encodeURIComponent(d)}`,
      );
      const named = ok<{ scene: string; subscribed: boolean }>(
        await t.app.inject({
          method: 'GET',
          url: `/mail/v1/subscription?d=${encodeURIComponent(d)}`,
        }),
      );
      expect(named).toMatchObject({ scene: 'membership_reminder', subscribed: true });
    }
    expect(mailsTo(members.get('en-US')?.email ?? '')[0]?.subject).toBe(
      'Your Nimbus Premium ends on January 31, 2030',
    );
    expect(mailsTo(members.get('ja')?.email ?? '')[0]?.subject).toBe(
      'Nimbus プレミアムは 2030年1月31日 に終了します',
    );
    expect(mailsTo(members.get('ru')?.email ?? '')[0]?.text).toContain(
      'заканчивается 31 января 2030 г.',
    );
    expect(mailsTo(members.get('zh-CN')?.email ?? '')[0]?.text).toContain(
      'http://nimbus.test/zh-CN/drive/payment',
    );
    // Not yet for the member whose premium ends 10 days later.
    expect(mailsTo(later.email)).toEqual([]);

    // Later passes, before and after the end, send nothing more for that end.
    expect(await remindAll(t.container)).toBe(0);
    clock.advance(dayMs);
    await remindAll(t.container);
    clock.advance(2 * dayMs);
    await remindAll(t.container);
    for (const each of members.values()) {
      expect(mailsTo(each.email)).toHaveLength(1);
    }
    const rows = await t.container.membershipReminderRecords.remindersOf(
      members.get('ko')?.id ?? '',
    );
    expect(rows).toMatchObject([{ status: 'sent', email: members.get('ko')?.email, locale: 'ko' }]);
    // The later member's turn comes with their own end.
    clock.advance(6 * dayMs);
    await remindAll(t.container);
    expect(mailsTo(later.email)).toHaveLength(1);
    expect(mailsTo(later.email)[0]?.subject).toBe('Nimbus プレミアムは 2030年2月10日 に終了します');
  });

  it('unsubscribes with the one-click POST of the List-Unsubscribe header, and sends no further reminder', async () => {
    await app();
    const ana = await member(30, { locale: 'pt' });
    clock.advance(28 * dayMs);
    await remindAll(t.container);
    const [reminder] = mailsTo(ana.email) as [CapturedMail];
    const url = oneClickPath(reminder);

    // What a mail program sends (RFC 8058): a form, no cookie, no credentials.
    const answer = ok<{ result: string; email: string; scene: string }>(
      await t.app.inject({
        method: 'POST',
        url,
        headers: oneClick,
        payload: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(answer).toMatchObject({ result: 'ACCEPTED', scene: 'membership_reminder' });
    expect(answer.email).not.toContain(ana.email.split('@')[0]);
    expect(
      await t.container.membershipActivities.isUnsubscribed(ana.email, 'membership_reminder'),
    ).toBe(true);
    const state = ok<{ subscribed: boolean }>(
      await t.app.inject({
        method: 'GET',
        url: `/mail/v1/subscription?d=${encodeURIComponent(footerToken(reminder))}`,
      }),
    );
    expect(state.subscribed).toBe(false);
    // Posting again changes nothing.
    ok(
      await t.app.inject({
        method: 'POST',
        url,
        headers: oneClick,
        payload: 'List-Unsubscribe=One-Click',
      }),
    );

    // Renewed: the new end is not reminded of either.
    const renewed = await t.container.memberships.grant({
      userId: ana.id,
      type: 'platinum',
      days: 30,
      source: 'admin',
    });
    clock.advance(30 * dayMs);
    expect(Date.parse(renewed.expiresAt) - clock.now().getTime()).toBe(2 * dayMs);
    await remindAll(t.container);
    expect(mailsTo(ana.email)).toHaveLength(1);
    const rows = await t.container.membershipReminderRecords.remindersOf(ana.id);
    expect(rows.map((row) => [row.expires_at, row.status])).toEqual([
      [renewed.expiresAt, 'unsubscribed'],
      [ana.expiresAt, 'sent'],
    ]);
  });

  it('answers the one-click POST of a forged link or a wrong body with the error object', async () => {
    await app();
    const d = t.container.membershipActivities.unsubscribeToken(
      'bea@example.com',
      'membership_reminder',
    );
    const [payload = '', mac = ''] = d.split('.');
    const forged = `${Buffer.from(JSON.stringify({ e: 'eve@example.com', s: 'membership_reminder' })).toString('base64url')}.${mac}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/mail/v1/unsubscribe?d=${forged}`,
      headers: { ...oneClick, 'accept-language': 'ja' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error).toBe('unsubscribe_link_invalid');
    const truncated = await t.app.inject({
      method: 'POST',
      url: `/mail/v1/unsubscribe?d=${payload}`,
      headers: oneClick,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(errorOf(truncated).error).toBe('unsubscribe_link_invalid');
    for (const body of ['', 'List-Unsubscribe=Two-Clicks', 'unsubscribe=1']) {
      const wrong = await t.app.inject({
        method: 'POST',
        url: `/mail/v1/unsubscribe?d=${d}`,
        headers: oneClick,
        payload: body,
      });
      expect(wrong.statusCode, body).toBe(400);
      expect(errorOf(wrong).error, body).toBe('invalid_argument');
    }
    const noD = await t.app.inject({
      method: 'POST',
      url: '/mail/v1/unsubscribe',
      headers: oneClick,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(errorOf(noD).error).toBe('invalid_argument');
    expect(
      await t.container.membershipActivities.isUnsubscribed(
        'bea@example.com',
        'membership_reminder',
      ),
    ).toBe(false);
    expect(
      await t.container.membershipActivities.isUnsubscribed(
        'eve@example.com',
        'membership_reminder',
      ),
    ).toBe(false);
    // The route is in the route table the route battery (route-fuzz.test.ts) runs through, and
    // in the OpenAPI document with the form body.
    expect(t.routes).toContainEqual(
      expect.objectContaining({ methods: ['POST'], url: '/mail/v1/unsubscribe' }),
    );
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    }>();
    expect(Object.keys(document.paths['/mail/v1/unsubscribe'] ?? {}).sort()).toEqual([
      'get',
      'post',
    ]);
    const requestBody = document.paths['/mail/v1/unsubscribe']?.post?.requestBody;
    expect(Object.keys(requestBody?.content ?? {})).toContain('application/x-www-form-urlencoded');
    expect(JSON.stringify(requestBody)).toContain('One-Click');
    // The same call with the genuine link works, and JSON is taken too.
    ok(
      await t.app.inject({
        method: 'POST',
        url: `/mail/v1/unsubscribe?d=${d}`,
        payload: { 'List-Unsubscribe': 'One-Click' },
      }),
    );
    expect(
      await t.container.membershipActivities.isUnsubscribed(
        'bea@example.com',
        'membership_reminder',
      ),
    ).toBe(true);
  });

  it('reminds a renewed membership of its new end only, and again after each renewal', async () => {
    await app();
    const cai = await member(30, { locale: 'es' });
    clock.advance(26 * dayMs);
    await remindAll(t.container);
    // Renewed 4 days before the end: the old end passes into the window without a mail.
    const renewed = await t.container.memberships.grant({
      userId: cai.id,
      type: 'platinum',
      days: 30,
      source: 'activation_code',
    });
    clock.advance(3 * dayMs);
    await remindAll(t.container);
    expect(mailsTo(cai.email)).toEqual([]);
    // The new end, 2 days ahead.
    clock.advance(29 * dayMs);
    await remindAll(t.container);
    const received = mailsTo(cai.email);
    expect(received).toHaveLength(1);
    expect(received[0]?.subject).toBe('Tu Nimbus Premium termina el 2 de marzo de 2030');
    // Renewed again after the reminder: the next end brings its own reminder.
    const again = await t.container.memberships.grant({
      userId: cai.id,
      type: 'platinum',
      days: 30,
      source: 'admin',
    });
    await remindAll(t.container);
    expect(mailsTo(cai.email)).toHaveLength(1);
    clock.advance(29 * dayMs);
    await remindAll(t.container);
    expect(mailsTo(cai.email)).toHaveLength(2);
    const rows = await t.container.membershipReminderRecords.remindersOf(cai.id);
    expect(rows.map((row) => [row.expires_at, row.status])).toEqual([
      [again.expiresAt, 'sent'],
      [renewed.expiresAt, 'sent'],
    ]);
  });

  it('sends one mail per member when two passes, and two nodes on the same database, run at once', async () => {
    await app();
    const members = await Promise.all(
      Array.from({ length: 8 }, () => member(10, { locale: 'uk' })),
    );
    const other = otherNode();
    clock.advance(8 * dayMs);
    await Promise.all([
      remindAll(t.container),
      remindAll(t.container),
      remindAll(other),
      remindAll(other),
    ]);
    for (const each of members) {
      expect(mailsTo(each.email), each.email).toHaveLength(1);
      expect(await t.container.membershipReminderRecords.remindersOf(each.id)).toMatchObject([
        { status: 'sent' },
      ]);
    }
    await Promise.all([remindAll(t.container), remindAll(other)]);
    expect(members.map((each) => mailsTo(each.email).length)).toEqual(members.map(() => 1));
  });

  it('tries a failed mail again once its claim has run out, and sends it once', async () => {
    await app();
    const dan = await member(10, { locale: 'id' });
    // A node whose mail server is down claims the reminder and fails to send it.
    const broken = otherNode('smtp://127.0.0.1:1');
    clock.advance(8 * dayMs);
    expect(await remindAll(broken)).toBe(1);
    expect(await t.container.membershipReminderRecords.remindersOf(dan.id)).toMatchObject([
      { status: 'claimed', sent_at: null },
    ]);
    // Another node leaves it alone while the claim holds, and takes it over after.
    expect(await remindAll(t.container)).toBe(0);
    expect(mailsTo(dan.email)).toEqual([]);
    clock.advance(31 * 60_000);
    expect(await remindAll(t.container)).toBe(1);
    expect(mailsTo(dan.email)).toHaveLength(1);
    expect(mailsTo(dan.email)[0]?.subject).toBe(
      'Nimbus Premium Anda berakhir pada 11 Januari 2030',
    );
    expect(await t.container.membershipReminderRecords.remindersOf(dan.id)).toMatchObject([
      { status: 'sent', locale: 'id' },
    ]);
  });

  it('skips blocked and deleted accounts, members who unsubscribed, and days granted inside the window', async () => {
    await app();
    const blocked = await member(30, { status: 'blocked' });
    const leaving = await member(30, { status: 'under_review' });
    const quiet = await member(30);
    await t.app.inject({
      method: 'GET',
      url: `/mail/v1/unsubscribe?d=${t.container.membershipActivities.unsubscribeToken(quiet.email, 'membership_reminder')}`,
    });
    const other = await member(30);
    await t.app.inject({
      method: 'GET',
      url: `/mail/v1/unsubscribe?d=${t.container.membershipActivities.unsubscribeToken(other.email, 'newsletter')}`,
    });
    const deleted = await member(30);
    await t.container.database.db.deleteFrom('users').where('id', '=', deleted.id).execute();
    clock.advance(27 * dayMs);
    // A 3-day trial starts inside the window: its end is not reminded of.
    const trial = await member(3);
    await remindAll(t.container);
    expect(mailsTo(blocked.email)).toEqual([]);
    expect(mailsTo(leaving.email)).toEqual([]);
    expect(mailsTo(quiet.email)).toEqual([]);
    expect(mailsTo(deleted.email)).toEqual([]);
    expect(mailsTo(trial.email)).toEqual([]);
    // Unsubscribing from another kind of mail does not stop this one.
    expect(mailsTo(other.email)).toHaveLength(1);
    expect(await t.container.membershipReminderRecords.remindersOf(trial.id)).toMatchObject([
      { status: 'recent_grant' },
    ]);
    expect(await t.container.membershipReminderRecords.remindersOf(blocked.id)).toEqual([]);
    // An account unblocked while its premium still runs is reminded then.
    await t.container.database.db
      .updateTable('users')
      .set({ status: 'active' })
      .where('id', '=', blocked.id)
      .execute();
    await remindAll(t.container);
    expect(mailsTo(blocked.email)).toHaveLength(1);
  });

  it('sends nothing with MEMBERSHIP_REMINDER_DAYS=0', async () => {
    await app({ MEMBERSHIP_REMINDER_DAYS: '0' });
    const eve = await member(2);
    const fay = await member(30);
    expect(t.container.membershipReminders.isEnabled).toBe(false);
    expect(
      startMembershipReminders(t.container, { info: () => undefined, error: () => undefined }),
    ).toBeUndefined();
    for (const hours of [1, 24, 24 * 27, 24 * 2 + 23]) {
      clock.advance(hours * 3_600_000);
      expect(await remindAll(t.container)).toBe(0);
    }
    expect(mailsTo(eve.email)).toEqual([]);
    expect(mailsTo(fay.email)).toEqual([]);
    expect(await t.container.membershipReminderRecords.remindersOf(fay.id)).toEqual([]);
  });
});
