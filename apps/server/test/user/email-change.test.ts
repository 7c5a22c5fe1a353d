import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeUserMail } from '../../src/modules/user/mail/user-mail';
import { buildTestApp, dialects, makeUser, testClock, type TestApp } from '../helper';
import { post, signedInMember, signIn } from '../identity';
import { codeIn, startMailCatcher, type MailCatcher } from '../mail-catcher';
import { expectError } from './accounts-fixture';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

interface Profile {
  email: string;
}

describe.each(dialects)('e-mail change on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await buildTestApp(dialect, { SMTP_URL: mail.url }, { now: clock.now });
  });
  afterAll(async () => {
    await t.close();
  });

  /** Asks for the change and reads the mail the new address receives. */
  async function requestChange(
    headers: Record<string, string>,
    newEmail: string,
    password = 'correct horse 1',
  ) {
    const before = mail.mails.length;
    const response = await post(
      t,
      '/v1/user/email',
      { new_email: newEmail, password },
      { ...headers, 'accept-language': 'de-DE,ko;q=0.8' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { verification_id: verificationId } = response.json<{ verification_id: string }>();
    return { verificationId, received: await mail.waitFor(newEmail.toLowerCase(), before) };
  }

  function confirm(headers: Record<string, string>, verificationId: string, code: string) {
    return post(
      t,
      '/v1/user/email/verify',
      { verification_id: verificationId, verification_code: code },
      headers,
    );
  }

  it('moves the account only once the code mailed to the new address is confirmed, and tells the old address', async () => {
    const { user, headers } = await signedInMember(t);
    const { verificationId, received } = await requestChange(headers, 'New-Home@Example.com');
    const code = codeIn(received);
    expect(received.subject).toBe(
      composeUserMail('emailChange', 'ko', { code, minutes: '10' }).subject,
    );
    // Nothing changed yet.
    expect(await t.container.users.findByEmail('new-home@example.com')).toBeUndefined();
    expect((await t.container.users.findById(user.id))?.email).toBe(user.email);

    const before = mail.mails.length;
    const confirmed = await confirm(headers, verificationId, code);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Profile>().email).not.toContain('new-home@example.com');
    expect((await t.container.users.findById(user.id))?.email).toBe('new-home@example.com');

    const notice = await mail.waitFor(user.email, before);
    const expected = composeUserMail('emailChanged', 'en-US', {
      email: 'n*******@example.com',
      url: t.config.PUBLIC_URL,
    });
    expect(notice.subject).toBe(expected.subject);
    expect(notice.text).not.toContain('new-home@example.com');
    await signIn(t, 'new-home@example.com', user.password);
    expect(await t.container.users.findByEmail(user.email)).toBeUndefined();
    // The code is spent.
    expectError(
      await confirm(headers, verificationId, code),
      400,
      'invalid_verification_code',
      4014,
    );
  });

  it('answers an address in use like any other, mails it a notice instead of a code, and never moves onto it', async () => {
    const taken = await makeUser(t);
    const { user, headers } = await signedInMember(t);
    const { verificationId, received } = await requestChange(headers, taken.email);
    expect(received.subject).toBe(
      composeUserMail('emailChangeInUse', 'ko', { url: t.config.PUBLIC_URL }).subject,
    );
    expect(received.text).not.toMatch(/\b\d{6}\b/);
    for (const guess of ['000000', '123456']) {
      expectError(
        await confirm(headers, verificationId, guess),
        400,
        'invalid_verification_code',
        4014,
      );
    }
    expect((await t.container.users.findById(user.id))?.email).toBe(user.email);
  });

  it('refuses a wrong password, a wrong code, another member, and a code past its time', async () => {
    const { user, headers } = await signedInMember(t);
    const wrongPassword = await post(
      t,
      '/v1/user/email',
      { new_email: 'elsewhere@example.com', password: 'not it' },
      headers,
    );
    expectError(wrongPassword, 400, 'invalid_password', 4010);
    const missing = await post(
      t,
      '/v1/user/email',
      { new_email: 'elsewhere@example.com' },
      headers,
    );
    expectError(missing, 400, 'invalid_password', 4010);
    const unsigned = await post(t, '/v1/user/email', { new_email: 'elsewhere@example.com' });
    expect(unsigned.statusCode).toBe(401);

    const { verificationId, received } = await requestChange(headers, 'target@example.com');
    const code = codeIn(received);
    const wrong = code === '000000' ? '000001' : '000000';
    expectError(
      await confirm(headers, verificationId, wrong),
      400,
      'invalid_verification_code',
      4014,
    );

    // Another member's session holding the right code and id cannot use them.
    const other = await signedInMember(t);
    expectError(
      await confirm(other.headers, verificationId, code),
      400,
      'invalid_verification_code',
      4014,
    );
    expect((await t.container.users.findById(other.user.id))?.email).toBe(other.user.email);

    clock.advance(11 * 60 * 1000);
    expectError(
      await confirm(headers, verificationId, code),
      400,
      'expired_verification_code',
      4024,
    );
    expect((await t.container.users.findById(user.id))?.email).toBe(user.email);
  });

  it('asks an account without a password for a recent sign-in', async () => {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    const headers = { authorization: `Bearer ${token.access_token}` };
    await t.container.users.setPasswordHash(user.id, '', clock.now());
    const fresh = await post(t, '/v1/user/email', { new_email: 'fresh@example.com' }, headers);
    expect(fresh.statusCode, fresh.body).toBe(200);
    clock.advance(11 * 60 * 1000);
    const stale = await post(t, '/v1/user/email', { new_email: 'stale@example.com' }, headers);
    expectError(stale, 401, 'login_required', 4032);
  });

  it('limits how often a member asks', async () => {
    const { headers } = await signedInMember(t);
    // The limit counts before the password is checked, so a guesser runs into it too.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25 && !statuses.includes(429); attempt += 1) {
      const response = await post(
        t,
        '/v1/user/email',
        { new_email: `many-${attempt}@example.com` },
        headers,
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(new Set(statuses.slice(0, -1))).toEqual(new Set([400]));
  });

  it('counts the mails a day per member, so a stranger cannot spend an address for its owner', async () => {
    const stranger = await signedInMember(t);
    const target = 'wanted-address@example.com';
    const since = mail.mails.length;
    // The stranger asks for the owner's next address until refused, again after each window.
    let mailed = 0;
    for (let window = 0; window < 4; window += 1) {
      // A new sign-in each window: an access token lives one window.
      const token = await signIn(t, stranger.user.email, stranger.user.password);
      const headers = { authorization: `Bearer ${token.access_token}` };
      for (let attempt = 0; attempt < 60; attempt += 1) {
        const response = await post(
          t,
          '/v1/user/email',
          { new_email: target, password: 'correct horse 1' },
          headers,
        );
        if (response.statusCode === 429) {
          break;
        }
        expect(response.statusCode, response.body).toBe(200);
        mailed += 1;
      }
      clock.advance(16 * 60 * 1000);
    }
    // The default VERIFICATION_MAX_PER_EMAIL_PER_CLIENT_PER_DAY: one account's mails a day.
    expect(mailed).toBe(10);
    // The outbox sends after answering: the stranger's codes all arrive before the owner asks,
    // so the next mail to the address is the owner's.
    await expect
      .poll(() => mail.mails.slice(since).filter((each) => each.to === target).length)
      .toBe(mailed);
    const owner = await signedInMember(t);
    const { verificationId, received } = await requestChange(owner.headers, target);
    const moved = await confirm(owner.headers, verificationId, codeIn(received));
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await t.container.users.findById(owner.user.id))?.email).toBe(target);
  });
});
