import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';

const maxPerAccount = 3;

/**
 * Calls that prove the member's password with a signed-in session (deletion, password change)
 * are limited per member like the two-step and e-mail change calls: a borrowed session guesses
 * no faster than sign-in lets anyone.
 */
describe.each(dialects)('password-proving calls of a signed-in member on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { AUTH_RATE_MAX_PER_ACCOUNT: String(maxPerAccount) });
  });
  afterAll(async () => {
    await t.close();
  });

  const newPassword = { new_password: 'Another-long-pass-42' };
  for (const [name, url, field, rest] of [
    ['account deletion', '/v1/user/deletion', 'password', {}],
    ['password change', '/v1/user/password', 'old_password', newPassword],
  ] as const) {
    it(`answers too_many_requests to a session guessing the password by ${name}`, async () => {
      const member = await signedInMember(t);
      const send = (password: string) =>
        t.app.inject({
          method: 'POST',
          url,
          headers: member.headers,
          payload: { [field]: password, ...rest },
        });
      for (let guess = 0; guess < maxPerAccount; guess += 1) {
        expect(errorOf(await send(`guess-${guess}`)).error).toBe('invalid_password');
      }
      const held = await send(member.user.password);
      expect(held.statusCode).toBe(429);
      expect(errorOf(held).error).toBe('too_many_requests');
      expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
      // The session still works, and the account is neither deleted nor changed.
      ok(await t.app.inject({ method: 'GET', url: '/drive/v1/about', headers: member.headers }));
      // Another member is not held.
      const other = await signedInMember(t);
      const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: other.headers,
        payload: { [field]: 'wrong', ...rest },
      });
      expect(errorOf(answer).error).toBe('invalid_password');
    });
  }
});
