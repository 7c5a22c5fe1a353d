import { AppError } from '../../src/http/app-error';
import { describe, expect, it } from 'vitest';
import { dialects, errorOf, makeUser, testClock } from '../helper';
import { post, sessionCookieOf, signIn } from '../identity';
import { expectError, useAccountsApp } from './accounts-fixture';

describe.each(dialects)('accounts on %s', (dialect) => {
  const f = useAccountsApp(dialect);
  const { app } = f;

  describe('sign-in', () => {
    it('signs in with e-mail and password, for any registered client', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const token = await signIn(f.t, member.email, member.password, 'android');
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
      f.t = await app(
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
      const member = await makeUser(f.t);
      const refused = await post(
        f.t,
        '/v1/auth/signin',
        { client_id: 'web', username: member.email, password: member.password },
        { 'accept-language': 'id' },
      );
      expectError(refused, 400, 'captcha_required', 4001, 'id');
      const passed = await post(f.t, '/v1/auth/signin', {
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
      f.t = await app();
      const member = await makeUser(f.t);
      const wrong = await post(
        f.t,
        '/v1/auth/signin',
        { client_id: 'tv', username: member.email, password: 'wrong horse 1' },
        { 'accept-language': 'zh-CN' },
      );
      const unknown = await post(
        f.t,
        '/v1/auth/signin',
        { client_id: 'tv', username: 'ghost@example.com', password: 'wrong horse 1' },
        { 'accept-language': 'zh-CN' },
      );
      expectError(wrong, 400, 'invalid_account_or_password', 4022, 'zh-CN');
      expect(unknown.statusCode).toBe(wrong.statusCode);
      expect(errorOf(unknown)).toEqual(errorOf(wrong));
    });

    it('answers an account without a password like a wrong password', async () => {
      f.t = await app();
      const member = await makeUser(f.t, { password_hash: null });
      const response = await post(f.t, '/v1/auth/signin', {
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
        f.t = await app();
        const member = await makeUser(f.t, { status });
        const response = await post(
          f.t,
          '/v1/auth/signin',
          { client_id: 'web', username: member.email, password: member.password },
          { 'accept-language': locale },
        );
        expectError(response, httpStatus, reason, code, locale);
        expect(sessionCookieOf(response)).toBeUndefined();
        // Without the password the state stays hidden.
        const guess = await post(f.t, '/v1/auth/signin', {
          client_id: 'web',
          username: member.email,
          password: 'wrong horse 1',
        });
        expectError(guess, 400, 'invalid_account_or_password', 4022);
      },
    );

    it('lets a member in once an operator freeze has ended', async () => {
      f.t = await app();
      const past = await makeUser(f.t, {
        status: 'frozen',
        frozen_until: '2000-01-01T00:00:00.000Z',
      });
      await signIn(f.t, past.email, past.password);
      const future = await makeUser(f.t, {
        status: 'frozen',
        frozen_until: '2999-01-01T00:00:00.000Z',
      });
      const response = await post(f.t, '/v1/auth/signin', {
        client_id: 'tv',
        username: future.email,
        password: future.password,
      });
      expectError(response, 403, 'account_freeze', 50);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('freezes sign-in after repeated failures, for accounts and unknown addresses alike, then thaws', async () => {
      const clock = testClock();
      f.t = await app(
        { AUTH_FREEZE_AFTER_FAILURES: '3', AUTH_FREEZE_SECONDS: '300' },
        { now: clock.now },
      );
      const member = await makeUser(f.t);
      for (const username of [member.email, 'ghost@example.com']) {
        for (let i = 0; i < 3; i += 1) {
          const response = await post(f.t, '/v1/auth/signin', {
            client_id: 'tv',
            username,
            password: 'wrong horse 1',
          });
          expectError(response, 400, 'invalid_account_or_password', 4022);
        }
      }
      const frozen = await post(
        f.t,
        '/v1/auth/signin',
        { client_id: 'tv', username: member.email, password: member.password },
        { 'accept-language': 'ja' },
      );
      expectError(frozen, 403, 'account_freeze', 50, 'ja');
      expect(frozen.headers['retry-after']).toBe('300');
      const ghost = await post(f.t, '/v1/auth/signin', {
        client_id: 'tv',
        username: 'ghost@example.com',
        password: 'anything 1',
      });
      expect(errorOf(ghost).error).toBe('account_freeze');
      clock.advance(301_000);
      await signIn(f.t, member.email, member.password);
    });

    it('counts failures per account, address and device for the captcha shield', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const device = 'a'.repeat(32);
      for (let i = 0; i < 2; i += 1) {
        await post(
          f.t,
          '/v1/auth/signin',
          { client_id: 'tv', username: member.email, password: 'wrong horse 1' },
          { 'x-device-id': device },
        );
      }
      expect((await f.t.container.failures.find('account', member.email))?.failures).toBe(2);
      expect((await f.t.container.failures.find('address', '127.0.0.1'))?.failures).toBe(2);
      expect((await f.t.container.failures.find('device', device))?.failures).toBe(2);
      await signIn(f.t, member.email, member.password);
      // Success clears the account's count; the address and device counts remain for the shield.
      expect(await f.t.container.failures.find('account', member.email)).toBeUndefined();
      expect((await f.t.container.failures.find('address', '127.0.0.1'))?.failures).toBe(2);
    });

    it('limits sign-in attempts per client address, never per account', async () => {
      f.t = await app({ AUTH_RATE_MAX_PER_ACCOUNT: '2', AUTH_RATE_MAX_PER_ADDRESS: '3' });
      const member = await makeUser(f.t);
      for (let i = 0; i < 3; i += 1) {
        await signIn(f.t, member.email, member.password);
      }
      const perAddress = await post(f.t, '/v1/auth/signin', {
        client_id: 'tv',
        username: 'other@example.com',
        password: 'x',
      });
      expectError(perAddress, 429, 'too_many_requests', 8);
      expect(Number(perAddress.headers['retry-after'])).toBeGreaterThan(0);
      // Anyone can spend a per-account limit: the account still signs in from another address.
      const elsewhere = await f.t.app.inject({
        method: 'POST',
        url: '/v1/auth/signin',
        remoteAddress: '198.51.100.7',
        payload: { client_id: 'tv', username: member.email, password: member.password },
      });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    });

    it('answers an unknown client with unauthorized_client', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const response = await post(f.t, '/v1/auth/signin', {
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
      f.t = await app();
      const response = await post(f.t, '/v1/auth/signin', {
        client_id: 'tv',
        username: 'a@example.com',
        password: 'x',
        ...override,
      });
      expectError(response, 400, 'invalid_argument', 3);
    });
  });
});
