import { describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, makeUser, testClock } from '../helper';
import {
  post,
  requestCode,
  sessionCookieOf,
  signIn,
  verificationToken,
  type TokenBody,
} from '../identity';
import { expectError, useAccountsApp } from './accounts-fixture';

describe.each(dialects)('accounts on %s', (dialect) => {
  const f = useAccountsApp(dialect);
  const { app, apps, signUp } = f;

  describe('sign-up', () => {
    // The table of refused sign-ups shares one app; a test that changes state builds its own.
    f.shareApp();

    it('creates an active account and signs the web app in with an HttpOnly session cookie', async () => {
      f.t = await app();
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
      const me = await f.t.app.inject({
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
      await signIn(f.t, 'NEW.MEMBER@example.com', 'correct horse 1');
    });

    it('marks the cookie Secure when the site is served over https', async () => {
      f.t = await buildTestApp(dialect, {
        SMTP_URL: f.mail.url,
        PUBLIC_URL: 'https://nimbus.test',
      });
      apps.push(f.t);
      const response = await signUp('secure@example.com');
      expect(response.cookies.find((each) => each.name === 'nimbus_session')?.secure).toBe(true);
    });

    it('sets no cookie for other clients', async () => {
      f.t = await app();
      const response = await signUp('tv@example.com', 'correct horse 1', 'tv');
      expect(response.statusCode).toBe(200);
      expect(sessionCookieOf(response)).toBeUndefined();
    });

    it('uses the given name', async () => {
      f.t = await app();
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'named@example.com',
        'REGISTER',
      );
      const token = await verificationToken(f.t, verificationId, code);
      const response = await post(f.t, '/v1/auth/signup', {
        email: 'named@example.com',
        password: 'correct horse 1',
        verification_token: token,
        name: '  山田 太郎 ',
        client_id: 'tv',
      });
      const me = await f.t.app.inject({
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
      f.t = await app();
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'weak@example.com',
        'REGISTER',
      );
      const token = await verificationToken(f.t, verificationId, code);
      const response = await post(
        f.t,
        '/v1/auth/signup',
        { email: 'weak@example.com', password, verification_token: token, client_id: 'web' },
        { 'accept-language': 'ru' },
      );
      expectError(response, 400, 'invalid_password', 4010, 'ru');
      expect(errorOf(response).error_description).toMatch(/characters/);
    });

    it('refuses a replayed verification token', async () => {
      f.t = await app();
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'replay@example.com',
        'REGISTER',
      );
      const token = await verificationToken(f.t, verificationId, code);
      const payload = {
        email: 'replay@example.com',
        password: 'correct horse 1',
        verification_token: token,
        client_id: 'web',
      };
      expect((await post(f.t, '/v1/auth/signup', payload)).statusCode).toBe(200);
      expectError(
        await post(f.t, '/v1/auth/signup', payload),
        400,
        'invalid_verification_code',
        4014,
      );
    });

    it('refuses a token of another address, of a reset, or made up', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'mine@example.com',
        'REGISTER',
      );
      const token = await verificationToken(f.t, verificationId, code);
      const reset = await requestCode(f.t, f.mail, member.email, 'PASSWORD_RESET');
      const resetToken = await verificationToken(f.t, reset.verificationId, reset.code);
      for (const [email, verification] of [
        ['theirs@example.com', token],
        [member.email, resetToken],
        ['mine@example.com', 'x'.repeat(43)],
      ] as const) {
        const response = await post(f.t, '/v1/auth/signup', {
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
      f.t = await app({}, { now: clock.now });
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'slow@example.com',
        'REGISTER',
      );
      const token = await verificationToken(f.t, verificationId, code);
      clock.advance(601_000);
      const response = await post(f.t, '/v1/auth/signup', {
        email: 'slow@example.com',
        password: 'correct horse 1',
        verification_token: token,
        client_id: 'web',
      });
      expectError(response, 400, 'expired_verification_code', 4024);
    });

    it('refuses a web sign-up from a foreign page (login CSRF)', async () => {
      f.t = await app();
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'csrf@example.com',
        'REGISTER',
      );
      const token = await verificationToken(f.t, verificationId, code);
      const response = await post(
        f.t,
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
      const response = await post(f.t, '/v1/auth/signup', {
        email: 'x@example.com',
        password: 'correct horse 1',
        verification_token: 'x'.repeat(43),
        client_id: 'web',
        ...override,
      });
      expectError(response, 400, 'invalid_argument', 3);
    });
  });

  describe('password reset', () => {
    it('sets a new password from a mailed code and signs out every session', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const old = await signIn(f.t, member.email, member.password);
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        member.email,
        'PASSWORD_RESET',
        {
          locale: 'ko',
          target: 'USER',
        },
      );
      const received = f.mail.mails.filter((each) => each.to === member.email).at(-1);
      expect(received?.subject).toBe(`Nimbus 비밀번호 재설정 코드: ${code}`);
      const token = await verificationToken(f.t, verificationId, code);
      const response = await post(f.t, '/v1/auth/reset', {
        email: member.email.toUpperCase(),
        new_password: 'new horse 2',
        verification_token: token,
        client_id: 'web',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({});
      expectError(
        await post(f.t, '/v1/auth/signin', {
          client_id: 'tv',
          username: member.email,
          password: member.password,
        }),
        400,
        'invalid_account_or_password',
        4022,
      );
      await signIn(f.t, member.email, 'new horse 2');
      const me = await f.t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: { authorization: `Bearer ${old.access_token}` },
      });
      expect(me.statusCode).toBe(401);
      const refresh = await post(f.t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: old.refresh_token,
        client_id: 'tv',
      });
      expectError(refresh, 400, 'invalid_grant', 4126);
    });

    it('lifts a sign-in freeze', async () => {
      f.t = await app({ AUTH_FREEZE_AFTER_FAILURES: '1' });
      const member = await makeUser(f.t);
      await post(f.t, '/v1/auth/signin', {
        client_id: 'tv',
        username: member.email,
        password: 'wrong horse 1',
      });
      expect(
        errorOf(
          await post(f.t, '/v1/auth/signin', {
            client_id: 'tv',
            username: member.email,
            password: member.password,
          }),
        ).error,
      ).toBe('account_freeze');
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        member.email,
        'PASSWORD_RESET',
      );
      const token = await verificationToken(f.t, verificationId, code);
      await post(f.t, '/v1/auth/reset', {
        email: member.email,
        new_password: 'new horse 2',
        verification_token: token,
        client_id: 'web',
      });
      await signIn(f.t, member.email, 'new horse 2');
    });

    it('refuses a weak password, a replayed token and a sign-up token', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        member.email,
        'PASSWORD_RESET',
      );
      const token = await verificationToken(f.t, verificationId, code);
      const weak = await post(
        f.t,
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
      expect((await post(f.t, '/v1/auth/reset', payload)).statusCode).toBe(200);
      expectError(
        await post(f.t, '/v1/auth/reset', payload),
        400,
        'invalid_verification_code',
        4014,
      );

      const signup = await requestCode(f.t, f.mail, 'fresh@example.com', 'REGISTER');
      const signupToken = await verificationToken(f.t, signup.verificationId, signup.code);
      const wrongUsage = await post(f.t, '/v1/auth/reset', {
        email: 'fresh@example.com',
        new_password: 'new horse 2',
        verification_token: signupToken,
        client_id: 'web',
      });
      expectError(wrongUsage, 400, 'invalid_verification_code', 4014);
    });

    it('answers user_not_exist when the account is gone', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        member.email,
        'PASSWORD_RESET',
      );
      const token = await verificationToken(f.t, verificationId, code);
      await f.t.container.database.db.deleteFrom('users').where('id', '=', member.id).execute();
      const response = await post(
        f.t,
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
      f.t = await app({}, { now: clock.now });
      const member = await makeUser(f.t);
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        member.email,
        'PASSWORD_RESET',
      );
      const token = await verificationToken(f.t, verificationId, code);
      clock.advance(700_000);
      const response = await post(f.t, '/v1/auth/reset', {
        email: member.email,
        new_password: 'new horse 2',
        verification_token: token,
        client_id: 'web',
      });
      expectError(response, 400, 'expired_verification_code', 4024);
    });

    it('limits resets per client address, never per account', async () => {
      f.t = await app({ AUTH_RATE_MAX_PER_ACCOUNT: '1', AUTH_RATE_MAX_PER_ADDRESS: '1' });
      const payload = {
        email: 'r@example.com',
        new_password: 'new horse 2',
        verification_token: 'x'.repeat(43),
        client_id: 'web',
      };
      expectError(
        await post(f.t, '/v1/auth/reset', payload),
        400,
        'invalid_verification_code',
        4014,
      );
      expectError(await post(f.t, '/v1/auth/reset', payload), 429, 'too_many_requests', 8);
      const elsewhere = await f.t.app.inject({
        method: 'POST',
        url: '/v1/auth/reset',
        remoteAddress: '198.51.100.7',
        payload,
      });
      expectError(elsewhere, 400, 'invalid_verification_code', 4014);
    });
  });
});
