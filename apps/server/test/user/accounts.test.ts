import { AppError } from '../../src/http/app-error';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  testClock,
  type TestApp,
  type TestAppOptions,
} from '../helper';
import {
  post,
  requestCode,
  sessionCookieOf,
  signIn,
  verificationToken,
  type TokenBody,
} from '../identity';
import { codeIn, startMailCatcher, type MailCatcher } from '../mail-catcher';

let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await mail.close();
});

/** Expects an error answer with its status, reason, code and a message in the given language. */
function expectError(
  response: Awaited<ReturnType<typeof post>>,
  status: number,
  reason: string,
  code: number,
  locale = 'en-US',
): void {
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error).toMatchObject({ error: reason, error_code: code });
  const message = localizedOf(error);
  expect(message?.locale).toBe(locale);
  expect(message?.message).toBeTruthy();
  expect(message?.message).not.toBe(reason);
}

describe.each(dialects)('accounts on %s', (dialect) => {
  let t: TestApp;
  const apps: TestApp[] = [];
  async function app(
    env: Record<string, string> = {},
    options: TestAppOptions = {},
  ): Promise<TestApp> {
    const built = await buildTestApp(dialect, { SMTP_URL: mail.url, ...env }, options);
    apps.push(built);
    return built;
  }
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });

  async function signUp(email: string, password = 'correct horse 1', clientId = 'web') {
    const { verificationId, code } = await requestCode(t, mail, email, 'REGISTER');
    const token = await verificationToken(t, verificationId, code);
    return post(t, '/v1/auth/signup', {
      email,
      password,
      verification_token: token,
      client_id: clientId,
    });
  }

  describe('verification codes', () => {
    it('mails a 6-digit code in the language asked for and answers its id and lifetime', async () => {
      t = await app();
      const before = mail.mails.length;
      const response = await post(t, '/v1/auth/verification', {
        email: 'Kenji@Example.com',
        target: 'ANY',
        usage: 'REGISTER',
        locale: 'ja',
        client_id: 'web',
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ verification_id: string; expires_in: number }>();
      expect(body.expires_in).toBe(600);
      expect(body.verification_id).toMatch(/^[A-Za-z0-9_-]{16}$/);
      const received = await mail.waitFor('kenji@example.com', before);
      expect(received.subject).toMatch(/^Nimbus の確認コード: \d{6}$/);
      expect(received.text).toContain('10 分');
      expect(received.from).toContain('no-reply@nimbus.test');
    });

    it('answers an unknown client with unauthorized_client', async () => {
      t = await app();
      const response = await post(
        t,
        '/v1/auth/verification',
        { email: 'a@example.com', usage: 'REGISTER', client_id: 'toaster' },
        { 'accept-language': 'ko' },
      );
      expectError(response, 401, 'unauthorized_client', 4122, 'ko');
    });

    it('refuses a sign-up code for an existing-account target', async () => {
      t = await app();
      const response = await post(t, '/v1/auth/verification', {
        email: 'a@example.com',
        target: 'USER',
        usage: 'REGISTER',
        client_id: 'web',
      });
      expectError(response, 400, 'invalid_argument', 3);
    });

    it('answers a reset aimed at an address without an account like one for a member, and mails it nothing', async () => {
      t = await app();
      const member = await makeUser(t);
      const before = mail.mails.length;
      const answers = [];
      for (const email of ['nobody@example.com', member.email]) {
        const response = await post(
          t,
          '/v1/auth/verification',
          { email, target: 'USER', usage: 'PASSWORD_RESET', client_id: 'web' },
          { 'accept-language': 'zh-TW' },
        );
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<{ verification_id: string; expires_in: number }>();
        answers.push({
          keys: Object.keys(body).sort(),
          idShape: /^[A-Za-z0-9_-]{16}$/.test(body.verification_id),
          expiresIn: body.expires_in,
          type: response.headers['content-type'],
        });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]?.idShape).toBe(true);
      // The member's code arrives; nothing goes to the address without an account.
      const received = await mail.waitFor(member.email, before);
      expect(codeIn(received)).toMatch(/^\d{6}$/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(mail.mails.slice(before).filter((each) => each.to === 'nobody@example.com')).toEqual(
        [],
      );
    });

    it('answers alike whether or not an address has an account', async () => {
      t = await app();
      const member = await makeUser(t);
      const before = mail.mails.length;
      const shapes = [];
      for (const email of [member.email, 'stranger@example.com']) {
        for (const usage of ['REGISTER', 'PASSWORD_RESET']) {
          const response = await post(t, '/v1/auth/verification', {
            email,
            usage,
            client_id: 'web',
          });
          expect(response.statusCode).toBe(200);
          shapes.push(Object.keys(response.json<object>()).sort().join(','));
        }
      }
      expect(new Set(shapes).size).toBe(1);
      // The member gets a notice for the sign-up and a code for the reset; the stranger gets
      // the sign-up code only: nobody else learns anything.
      const notice = await mail.waitFor(member.email, before);
      expect(notice.subject).toBe('Someone tried to sign up to Nimbus with your address');
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
      expect(notice.text).toContain('http://nimbus.test');
      await mail.waitFor('stranger@example.com', before);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const received = mail.mails.slice(before);
      expect(received.filter((each) => each.to === member.email)).toHaveLength(2);
      expect(received.filter((each) => each.to === 'stranger@example.com')).toHaveLength(1);
    });

    it.each([
      [
        'an oversized address',
        { email: `${'a'.repeat(300)}@example.com`, usage: 'REGISTER', client_id: 'web' },
      ],
      ['a malformed address', { email: 'not-an-address', usage: 'REGISTER', client_id: 'web' }],
      ['a number for the address', { email: 42, usage: 'REGISTER', client_id: 'web' }],
      ['an unknown usage', { email: 'a@example.com', usage: 'LOGIN', client_id: 'web' }],
      [
        'an oversized locale',
        { email: 'a@example.com', usage: 'REGISTER', client_id: 'web', locale: 'x'.repeat(100) },
      ],
      ['no client', { email: 'a@example.com', usage: 'REGISTER' }],
    ])('answers %s with invalid_argument', async (_case, payload) => {
      t = await app();
      expectError(await post(t, '/v1/auth/verification', payload), 400, 'invalid_argument', 3);
    });

    it('limits mails per address with too_many_requests and Retry-After', async () => {
      t = await app({ VERIFICATION_MAX_PER_EMAIL: '2' });
      const payload = { email: 'busy@example.com', usage: 'REGISTER', client_id: 'web' };
      expect((await post(t, '/v1/auth/verification', payload)).statusCode).toBe(200);
      expect((await post(t, '/v1/auth/verification', payload)).statusCode).toBe(200);
      const limited = await post(t, '/v1/auth/verification', {
        ...payload,
        email: 'BUSY@example.com',
      });
      expectError(limited, 429, 'too_many_requests', 8);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        (await post(t, '/v1/auth/verification', { ...payload, email: 'calm@example.com' }))
          .statusCode,
      ).toBe(200);
    });

    it('limits verification calls per client address', async () => {
      t = await app({ AUTH_RATE_MAX_PER_ADDRESS: '2' });
      for (const email of ['a@example.com', 'b@example.com']) {
        expect(
          (await post(t, '/v1/auth/verification', { email, usage: 'REGISTER', client_id: 'web' }))
            .statusCode,
        ).toBe(200);
      }
      const limited = await post(t, '/v1/auth/verification', {
        email: 'c@example.com',
        usage: 'REGISTER',
        client_id: 'web',
      });
      expectError(limited, 429, 'too_many_requests', 8);
    });
  });

  describe('verify', () => {
    it('turns the right code into a verification token once; a replay is refused', async () => {
      t = await app();
      const { verificationId, code } = await requestCode(t, mail, 'once@example.com', 'REGISTER');
      const token = await verificationToken(t, verificationId, code);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const replay = await post(t, '/v1/auth/verification/verify', {
        verification_id: verificationId,
        verification_code: code,
        client_id: 'web',
      });
      expectError(replay, 400, 'invalid_verification_code', 4014);
    });

    it('answers a wrong code with invalid_verification_code in the caller language', async () => {
      t = await app();
      const { verificationId, code } = await requestCode(t, mail, 'wrong@example.com', 'REGISTER');
      const wrong = code === '000000' ? '000001' : '000000';
      const response = await post(
        t,
        '/v1/auth/verification/verify',
        { verification_id: verificationId, verification_code: wrong, client_id: 'web' },
        { 'accept-language': 'ja' },
      );
      expectError(response, 400, 'invalid_verification_code', 4014, 'ja');
      expect(localizedOf(errorOf(response))?.message).toBe('認証コードが正しくありません');
      // A wrong guess does not spend the code.
      await verificationToken(t, verificationId, code);
    });

    it('invalidates the code after too many wrong attempts', async () => {
      t = await app({ VERIFICATION_MAX_ATTEMPTS: '3' });
      const { verificationId, code } = await requestCode(t, mail, 'guess@example.com', 'REGISTER');
      const wrong = code === '111111' ? '222222' : '111111';
      for (let i = 0; i < 3; i += 1) {
        const response = await post(t, '/v1/auth/verification/verify', {
          verification_id: verificationId,
          verification_code: wrong,
          client_id: 'web',
        });
        expectError(response, 400, 'invalid_verification_code', 4014);
      }
      const late = await post(t, '/v1/auth/verification/verify', {
        verification_id: verificationId,
        verification_code: code,
        client_id: 'web',
      });
      expectError(late, 400, 'invalid_verification_code', 4014);
    });

    it('answers an expired code with expired_verification_code', async () => {
      const clock = testClock();
      t = await app({}, { now: clock.now });
      const { verificationId, code } = await requestCode(t, mail, 'late@example.com', 'REGISTER');
      clock.advance(601_000);
      const response = await post(
        t,
        '/v1/auth/verification/verify',
        { verification_id: verificationId, verification_code: code, client_id: 'web' },
        { 'accept-language': 'ko' },
      );
      expectError(response, 400, 'expired_verification_code', 4024, 'ko');
      expect(localizedOf(errorOf(response))?.message).toBe('인증 코드가 만료되었습니다');
    });

    it('drops codes a day after they expired', async () => {
      const clock = testClock();
      t = await app({}, { now: clock.now });
      const old = await requestCode(t, mail, 'old@example.com', 'REGISTER');
      clock.advance(600_000 + 86_400_000 + 1000);
      await requestCode(t, mail, 'new@example.com', 'REGISTER');
      const response = await post(t, '/v1/auth/verification/verify', {
        verification_id: old.verificationId,
        verification_code: old.code,
        client_id: 'web',
      });
      // Gone, so no longer "expired" but unknown.
      expectError(response, 400, 'invalid_verification_code', 4014);
    });

    it.each([
      [
        'an unknown verification',
        (id: string, code: string) => ({
          verification_id: `${id}x`,
          verification_code: code,
          client_id: 'web',
        }),
      ],
      [
        'another client',
        (id: string, code: string) => ({
          verification_id: id,
          verification_code: code,
          client_id: 'tv',
        }),
      ],
    ])('refuses %s', async (_case, payload) => {
      t = await app();
      const { verificationId, code } = await requestCode(t, mail, 'other@example.com', 'REGISTER');
      expectError(
        await post(t, '/v1/auth/verification/verify', payload(verificationId, code)),
        400,
        'invalid_verification_code',
        4014,
      );
    });

    it.each([
      [
        'an oversized code',
        { verification_id: 'abc', verification_code: '1'.repeat(1000), client_id: 'web' },
      ],
      ['a numeric code', { verification_id: 'abc', verification_code: 123456, client_id: 'web' }],
      [
        'an array for the id',
        { verification_id: ['abc'], verification_code: '123456', client_id: 'web' },
      ],
    ])('answers %s with invalid_argument', async (_case, payload) => {
      t = await app();
      expectError(
        await post(t, '/v1/auth/verification/verify', payload),
        400,
        'invalid_argument',
        3,
      );
    });
  });

  describe('sign-up', () => {
    it('creates an active account and signs the web app in with an HttpOnly session cookie', async () => {
      t = await app();
      const response = await signUp('New.Member@Example.com');
      expect(response.statusCode, response.body).toBe(200);
      const token = response.json<TokenBody>();
      expect(token).toMatchObject({
        token_type: 'Bearer',
        expires_in: 900,
        scope: 'user pan offline',
      });
      expect(response.headers['cache-control']).toBe('no-store');
      const cookie = response.cookies.find((each) => each.name === 'nimbus_session');
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 2_592_000,
      });
      expect(cookie?.secure).toBeFalsy();
      const me = await t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(me.json()).toMatchObject({
        sub: token.sub,
        name: 'new.member',
        email: 'n***r@example.com',
        status: 'active',
        password: 'SET',
      });
      // The address is stored lower-cased: signing in ignores case.
      await signIn(t, 'NEW.MEMBER@example.com', 'correct horse 1');
    });

    it('marks the cookie Secure when the site is served over https', async () => {
      t = await buildTestApp(dialect, { SMTP_URL: mail.url, PUBLIC_URL: 'https://nimbus.test' });
      apps.push(t);
      const response = await signUp('secure@example.com');
      expect(response.cookies.find((each) => each.name === 'nimbus_session')?.secure).toBe(true);
    });

    it('sets no cookie for other clients', async () => {
      t = await app();
      const response = await signUp('tv@example.com', 'correct horse 1', 'tv');
      expect(response.statusCode).toBe(200);
      expect(sessionCookieOf(response)).toBeUndefined();
    });

    it('uses the given name', async () => {
      t = await app();
      const { verificationId, code } = await requestCode(t, mail, 'named@example.com', 'REGISTER');
      const token = await verificationToken(t, verificationId, code);
      const response = await post(t, '/v1/auth/signup', {
        email: 'named@example.com',
        password: 'correct horse 1',
        verification_token: token,
        name: '  山田 太郎 ',
        client_id: 'tv',
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: { authorization: `Bearer ${response.json<TokenBody>().access_token}` },
      });
      expect(me.json()).toMatchObject({ name: '山田 太郎' });
    });

    it.each([
      ['too short', 'Ab1'],
      ['all digits', '1234567890'],
      ['too long', `a1${'b'.repeat(200)}`],
    ])('answers a password that is %s with invalid_password', async (_case, password) => {
      t = await app();
      const { verificationId, code } = await requestCode(t, mail, 'weak@example.com', 'REGISTER');
      const token = await verificationToken(t, verificationId, code);
      const response = await post(
        t,
        '/v1/auth/signup',
        { email: 'weak@example.com', password, verification_token: token, client_id: 'web' },
        { 'accept-language': 'ru' },
      );
      expectError(response, 400, 'invalid_password', 4010, 'ru');
      expect(errorOf(response).error_description).toMatch(/characters/);
    });

    it('refuses a replayed verification token', async () => {
      t = await app();
      const { verificationId, code } = await requestCode(t, mail, 'replay@example.com', 'REGISTER');
      const token = await verificationToken(t, verificationId, code);
      const payload = {
        email: 'replay@example.com',
        password: 'correct horse 1',
        verification_token: token,
        client_id: 'web',
      };
      expect((await post(t, '/v1/auth/signup', payload)).statusCode).toBe(200);
      expectError(
        await post(t, '/v1/auth/signup', payload),
        400,
        'invalid_verification_code',
        4014,
      );
    });

    it('refuses a token of another address, of a reset, or made up', async () => {
      t = await app();
      const member = await makeUser(t);
      const { verificationId, code } = await requestCode(t, mail, 'mine@example.com', 'REGISTER');
      const token = await verificationToken(t, verificationId, code);
      const reset = await requestCode(t, mail, member.email, 'PASSWORD_RESET');
      const resetToken = await verificationToken(t, reset.verificationId, reset.code);
      for (const [email, verification] of [
        ['theirs@example.com', token],
        [member.email, resetToken],
        ['mine@example.com', 'x'.repeat(43)],
      ] as const) {
        const response = await post(t, '/v1/auth/signup', {
          email,
          password: 'correct horse 1',
          verification_token: verification,
          client_id: 'web',
        });
        expectError(response, 400, 'invalid_verification_code', 4014);
      }
    });

    it('answers an expired verification token with expired_verification_code', async () => {
      const clock = testClock();
      t = await app({}, { now: clock.now });
      const { verificationId, code } = await requestCode(t, mail, 'slow@example.com', 'REGISTER');
      const token = await verificationToken(t, verificationId, code);
      clock.advance(601_000);
      const response = await post(t, '/v1/auth/signup', {
        email: 'slow@example.com',
        password: 'correct horse 1',
        verification_token: token,
        client_id: 'web',
      });
      expectError(response, 400, 'expired_verification_code', 4024);
    });

    it('refuses a web sign-up from a foreign page (login CSRF)', async () => {
      t = await app();
      const { verificationId, code } = await requestCode(t, mail, 'csrf@example.com', 'REGISTER');
      const token = await verificationToken(t, verificationId, code);
      const response = await post(
        t,
        '/v1/auth/signup',
        {
          email: 'csrf@example.com',
          password: 'correct horse 1',
          verification_token: token,
          client_id: 'web',
        },
        { origin: 'https://evil.example' },
      );
      expectError(response, 403, 'origin_not_allowed', 7);
      expect(sessionCookieOf(response)).toBeUndefined();
    });

    it.each([
      ['a number for the password', { password: 12345678 }],
      ['an oversized password', { password: 'a1'.repeat(5000) }],
      ['an oversized name', { name: 'n'.repeat(65) }],
      ['a name with control characters', { name: 'bad\u0000name' }],
      ['an object for the token', { verification_token: { $gt: '' } }],
    ])('answers %s with invalid_argument', async (_case, override) => {
      t = await app();
      const response = await post(t, '/v1/auth/signup', {
        email: 'x@example.com',
        password: 'correct horse 1',
        verification_token: 'x'.repeat(43),
        client_id: 'web',
        ...override,
      });
      expectError(response, 400, 'invalid_argument', 3);
    });
  });

  describe('sign-in', () => {
    it('signs in with e-mail and password, for any registered client', async () => {
      t = await app();
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password, 'android');
      expect(token).toMatchObject({
        token_type: 'Bearer',
        sub: member.id,
        expires_in: 900,
        scope: 'user pan offline',
      });
      expect(token.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('accepts a captcha_token and asks the captcha guard about the action', async () => {
      const seen: string[] = [];
      t = await app(
        {},
        {
          captchaGuard: {
            check: async (attempt) => {
              seen.push(`${attempt.action} ${attempt.subject} ${attempt.captchaToken ?? ''}`);
              if (attempt.captchaToken !== 'solved') {
                throw new AppError('captcha_required');
              }
            },
          },
        },
      );
      const member = await makeUser(t);
      const refused = await post(
        t,
        '/v1/auth/signin',
        { client_id: 'web', username: member.email, password: member.password },
        { 'accept-language': 'id' },
      );
      expectError(refused, 400, 'captcha_required', 4001, 'id');
      const passed = await post(t, '/v1/auth/signin', {
        client_id: 'web',
        username: member.email,
        password: member.password,
        captcha_token: 'solved',
      });
      expect(passed.statusCode).toBe(200);
      expect(seen).toEqual([
        `POST:/v1/auth/signin ${member.email} `,
        `POST:/v1/auth/signin ${member.email} solved`,
      ]);
    });

    it('answers a wrong password and an unknown address with the same error', async () => {
      t = await app();
      const member = await makeUser(t);
      const wrong = await post(
        t,
        '/v1/auth/signin',
        { client_id: 'tv', username: member.email, password: 'wrong horse 1' },
        { 'accept-language': 'zh-CN' },
      );
      const unknown = await post(
        t,
        '/v1/auth/signin',
        { client_id: 'tv', username: 'ghost@example.com', password: 'wrong horse 1' },
        { 'accept-language': 'zh-CN' },
      );
      expectError(wrong, 400, 'invalid_account_or_password', 4022, 'zh-CN');
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(errorOf(unknown)).toEqual(errorOf(wrong));
    });

    it('answers an account without a password like a wrong password', async () => {
      t = await app();
      const member = await makeUser(t, { password_hash: null });
      const response = await post(t, '/v1/auth/signin', {
        client_id: 'tv',
        username: member.email,
        password: member.password,
      });
      expectError(response, 400, 'invalid_account_or_password', 4022);
    });

    it.each([
      ['pending', 403, 'user_pending', 4012, 'ms'],
      ['blocked', 403, 'user_blocked', 4013, 'es'],
      ['under_review', 403, 'under_review', 4018, 'pt'],
      ['frozen', 403, 'account_freeze', 50, 'uk'],
    ] as const)(
      'answers a %s account with %s',
      async (status, httpStatus, reason, code, locale) => {
        t = await app();
        const member = await makeUser(t, { status });
        const response = await post(
          t,
          '/v1/auth/signin',
          { client_id: 'web', username: member.email, password: member.password },
          { 'accept-language': locale },
        );
        expectError(response, httpStatus, reason, code, locale);
        expect(sessionCookieOf(response)).toBeUndefined();
        // Without the password the state stays hidden.
        const guess = await post(t, '/v1/auth/signin', {
          client_id: 'web',
          username: member.email,
          password: 'wrong horse 1',
        });
        expectError(guess, 400, 'invalid_account_or_password', 4022);
      },
    );

    it('lets a member in once an operator freeze has ended', async () => {
      t = await app();
      const past = await makeUser(t, {
        status: 'frozen',
        frozen_until: '2000-01-01T00:00:00.000Z',
      });
      await signIn(t, past.email, past.password);
      const future = await makeUser(t, {
        status: 'frozen',
        frozen_until: '2999-01-01T00:00:00.000Z',
      });
      const response = await post(t, '/v1/auth/signin', {
        client_id: 'tv',
        username: future.email,
        password: future.password,
      });
      expectError(response, 403, 'account_freeze', 50);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('freezes sign-in after repeated failures, for accounts and unknown addresses alike, then thaws', async () => {
      const clock = testClock();
      t = await app(
        { AUTH_FREEZE_AFTER_FAILURES: '3', AUTH_FREEZE_SECONDS: '300' },
        { now: clock.now },
      );
      const member = await makeUser(t);
      for (const username of [member.email, 'ghost@example.com']) {
        for (let i = 0; i < 3; i += 1) {
          const response = await post(t, '/v1/auth/signin', {
            client_id: 'tv',
            username,
            password: 'wrong horse 1',
          });
          expectError(response, 400, 'invalid_account_or_password', 4022);
        }
      }
      const frozen = await post(
        t,
        '/v1/auth/signin',
        { client_id: 'tv', username: member.email, password: member.password },
        { 'accept-language': 'ja' },
      );
      expectError(frozen, 403, 'account_freeze', 50, 'ja');
      expect(frozen.headers['retry-after']).toBe('300');
      const ghost = await post(t, '/v1/auth/signin', {
        client_id: 'tv',
        username: 'ghost@example.com',
        password: 'anything 1',
      });
      expect(errorOf(ghost).error).toBe('account_freeze');
      clock.advance(301_000);
      await signIn(t, member.email, member.password);
    });

    it('counts failures per account, address and device for the captcha shield', async () => {
      t = await app();
      const member = await makeUser(t);
      const device = 'a'.repeat(32);
      for (let i = 0; i < 2; i += 1) {
        await post(
          t,
          '/v1/auth/signin',
          { client_id: 'tv', username: member.email, password: 'wrong horse 1' },
          { 'x-device-id': device },
        );
      }
      expect((await t.container.failures.find('account', member.email))?.failures).toBe(2);
      expect((await t.container.failures.find('address', '127.0.0.1'))?.failures).toBe(2);
      expect((await t.container.failures.find('device', device))?.failures).toBe(2);
      await signIn(t, member.email, member.password);
      // Success clears the account's count; the address and device counts remain for the shield.
      expect(await t.container.failures.find('account', member.email)).toBeUndefined();
      expect((await t.container.failures.find('address', '127.0.0.1'))?.failures).toBe(2);
    });

    it('limits sign-in attempts per client address, never per account', async () => {
      t = await app({ AUTH_RATE_MAX_PER_ACCOUNT: '2', AUTH_RATE_MAX_PER_ADDRESS: '3' });
      const member = await makeUser(t);
      for (let i = 0; i < 3; i += 1) {
        await signIn(t, member.email, member.password);
      }
      const perAddress = await post(t, '/v1/auth/signin', {
        client_id: 'tv',
        username: 'other@example.com',
        password: 'x',
      });
      expectError(perAddress, 429, 'too_many_requests', 8);
      expect(Number(perAddress.headers['retry-after'])).toBeGreaterThan(0);
      // Anyone can spend a per-account limit: the account still signs in from another address.
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signin',
        remoteAddress: '198.51.100.7',
        payload: { client_id: 'tv', username: member.email, password: member.password },
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });

    it('answers an unknown client with unauthorized_client', async () => {
      t = await app();
      const member = await makeUser(t);
      const response = await post(t, '/v1/auth/signin', {
        client_id: 'nope',
        username: member.email,
        password: member.password,
      });
      expectError(response, 401, 'unauthorized_client', 4122);
    });

    it.each([
      ['a number for the username', { username: 42 }],
      ['an oversized username', { username: `${'u'.repeat(300)}@example.com` }],
      ['an oversized password', { password: 'p'.repeat(5000) }],
      ['an empty password', { password: '' }],
      ['an oversized captcha token', { captcha_token: 'c'.repeat(5000) }],
    ])('answers %s with invalid_argument', async (_case, override) => {
      t = await app();
      const response = await post(t, '/v1/auth/signin', {
        client_id: 'tv',
        username: 'a@example.com',
        password: 'x',
        ...override,
      });
      expectError(response, 400, 'invalid_argument', 3);
    });
  });

  describe('password reset', () => {
    it('sets a new password from a mailed code and signs out every session', async () => {
      t = await app();
      const member = await makeUser(t);
      const old = await signIn(t, member.email, member.password);
      const { verificationId, code } = await requestCode(t, mail, member.email, 'PASSWORD_RESET', {
        locale: 'ko',
        target: 'USER',
      });
      const received = mail.mails.filter((each) => each.to === member.email).at(-1);
      expect(received?.subject).toBe(`Nimbus 비밀번호 재설정 코드: ${code}`);
      const token = await verificationToken(t, verificationId, code);
      const response = await post(t, '/v1/auth/reset', {
        email: member.email.toUpperCase(),
        new_password: 'new horse 2',
        verification_token: token,
        client_id: 'web',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({});
      expectError(
        await post(t, '/v1/auth/signin', {
          client_id: 'tv',
          username: member.email,
          password: member.password,
        }),
        400,
        'invalid_account_or_password',
        4022,
      );
      await signIn(t, member.email, 'new horse 2');
      const me = await t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: { authorization: `Bearer ${old.access_token}` },
      });
      expect(me.statusCode).toBe(401);
      const refresh = await post(t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: old.refresh_token,
        client_id: 'tv',
      });
      expectError(refresh, 400, 'invalid_grant', 4126);
    });

    it('lifts a sign-in freeze', async () => {
      t = await app({ AUTH_FREEZE_AFTER_FAILURES: '1' });
      const member = await makeUser(t);
      await post(t, '/v1/auth/signin', {
        client_id: 'tv',
        username: member.email,
        password: 'wrong horse 1',
      });
      expect(
        errorOf(
          await post(t, '/v1/auth/signin', {
            client_id: 'tv',
            username: member.email,
            password: member.password,
          }),
        ).error,
      ).toBe('account_freeze');
      const { verificationId, code } = await requestCode(t, mail, member.email, 'PASSWORD_RESET');
      const token = await verificationToken(t, verificationId, code);
      await post(t, '/v1/auth/reset', {
        email: member.email,
        new_password: 'new horse 2',
        verification_token: token,
        client_id: 'web',
      });
      await signIn(t, member.email, 'new horse 2');
    });

    it('refuses a weak password, a replayed token and a sign-up token', async () => {
      t = await app();
      const member = await makeUser(t);
      const { verificationId, code } = await requestCode(t, mail, member.email, 'PASSWORD_RESET');
      const token = await verificationToken(t, verificationId, code);
      const weak = await post(
        t,
        '/v1/auth/reset',
        { email: member.email, new_password: 'short', verification_token: token, client_id: 'web' },
        { 'accept-language': 'ja' },
      );
      expectError(weak, 400, 'invalid_password', 4010, 'ja');
      const payload = {
        email: member.email,
        new_password: 'new horse 2',
        verification_token: token,
        client_id: 'web',
      };
      expect((await post(t, '/v1/auth/reset', payload)).statusCode).toBe(200);
      expectError(await post(t, '/v1/auth/reset', payload), 400, 'invalid_verification_code', 4014);

      const signup = await requestCode(t, mail, 'fresh@example.com', 'REGISTER');
      const signupToken = await verificationToken(t, signup.verificationId, signup.code);
      const wrongUsage = await post(t, '/v1/auth/reset', {
        email: 'fresh@example.com',
        new_password: 'new horse 2',
        verification_token: signupToken,
        client_id: 'web',
      });
      expectError(wrongUsage, 400, 'invalid_verification_code', 4014);
    });

    it('answers user_not_exist when the account is gone', async () => {
      t = await app();
      const member = await makeUser(t);
      const { verificationId, code } = await requestCode(t, mail, member.email, 'PASSWORD_RESET');
      const token = await verificationToken(t, verificationId, code);
      await t.container.database.db.deleteFrom('users').where('id', '=', member.id).execute();
      const response = await post(
        t,
        '/v1/auth/reset',
        {
          email: member.email,
          new_password: 'new horse 2',
          verification_token: token,
          client_id: 'web',
        },
        { 'accept-language': 'ko' },
      );
      expectError(response, 404, 'user_not_exist', 4023, 'ko');
    });

    it('answers an expired token with expired_verification_code', async () => {
      const clock = testClock();
      t = await app({}, { now: clock.now });
      const member = await makeUser(t);
      const { verificationId, code } = await requestCode(t, mail, member.email, 'PASSWORD_RESET');
      const token = await verificationToken(t, verificationId, code);
      clock.advance(700_000);
      const response = await post(t, '/v1/auth/reset', {
        email: member.email,
        new_password: 'new horse 2',
        verification_token: token,
        client_id: 'web',
      });
      expectError(response, 400, 'expired_verification_code', 4024);
    });

    it('limits resets per client address, never per account', async () => {
      t = await app({ AUTH_RATE_MAX_PER_ACCOUNT: '1', AUTH_RATE_MAX_PER_ADDRESS: '1' });
      const payload = {
        email: 'r@example.com',
        new_password: 'new horse 2',
        verification_token: 'x'.repeat(43),
        client_id: 'web',
      };
      expectError(await post(t, '/v1/auth/reset', payload), 400, 'invalid_verification_code', 4014);
      expectError(await post(t, '/v1/auth/reset', payload), 429, 'too_many_requests', 8);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/reset',
        remoteAddress: '198.51.100.7',
        payload,
      });
      expectError(elsewhere, 400, 'invalid_verification_code', 4014);
    });
  });
});
