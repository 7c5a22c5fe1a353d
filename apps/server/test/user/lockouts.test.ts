import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { solvedCaptchaToken, withChallenge, type CaptchaClient } from '../support/captcha';
import { storeFile } from '../support/stored-file';

/*
 * Guessing limits slow the guesser and lock nobody else out: wrong pass codes or passwords from
 * one client never keep a visitor who knows the code, or the member who knows the password, out
 * when they come from elsewhere (a solved challenge at most), and the guesser stays refused.
 */

const shareAction = 'GET:/drive/v1/share';
const signInAction = 'POST:/v1/auth/signin';
const attacker: CaptchaClient = { deviceId: 'a'.repeat(32), address: '203.0.113.7' };
const visitor: CaptchaClient = { deviceId: 'b'.repeat(32), address: '198.51.100.20' };

/** The answer of an attempt: the share status or password outcome, or the error reason. */
function outcomeOf(response: LightMyRequestResponse): string {
  if (response.statusCode === 200) {
    const body = response.json<{ share_status?: string }>();
    return body.share_status ?? 'signed_in';
  }
  return errorOf(response).error;
}

describe.each(dialects)('lockouts on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  async function app(): Promise<TestApp> {
    // The defaults of every guessing limit; captcha init is allowed often enough for the guesser
    // below, and the proof of work is made small so the test solves it quickly.
    const clock = testClock();
    t = await buildTestApp(
      dialect,
      {
        SHIELD_POW_MAX_COUNTER: '2000',
        SHIELD_INIT_MAX_PER_DEVICE: '200',
        SHIELD_INIT_MAX_PER_ADDRESS: '200',
      },
      { now: clock.now },
    );
    return t;
  }

  describe('pass codes', () => {
    async function sharedWithPassCode(): Promise<string> {
      const owner = await signedInMember(t);
      const file = await storeFile(t, owner.user.id, 'plans.txt', 'the plans');
      const made = ok<{ share_id: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/drive/v1/share',
          headers: owner.headers,
          payload: { file_ids: [file.id], custom_pass_code: 'Right123' },
        }),
      );
      return made.share_id;
    }

    function open(shareId: string, client: CaptchaClient, passCode: string, captchaToken?: string) {
      return t.app.inject({
        method: 'GET',
        url: `/drive/v1/share?${new URLSearchParams({ share_id: shareId, pass_code: passCode }).toString()}`,
        remoteAddress: client.address,
        headers: {
          'x-device-id': client.deviceId,
          'x-client-id': 'web',
          ...(captchaToken ? { 'x-captcha-token': captchaToken } : {}),
        },
      });
    }

    /** An attempt as a determined client makes it: with a solved challenge whenever one is asked. */
    async function attempt(
      shareId: string,
      client: CaptchaClient,
      passCode: string,
    ): Promise<string> {
      const captcha = { action: shareAction, meta: { username: `share:${shareId}` } };
      return outcomeOf(
        await withChallenge(t, client, captcha, (token) => open(shareId, client, passCode, token)),
      );
    }

    it('lets another visitor in with the right code after 30 wrong ones, and the guesser with a challenge only', async () => {
      await app();
      const shareId = await sharedWithPassCode();
      const answers: string[] = [];
      for (let i = 0; i < 22; i += 1) {
        answers.push(await attempt(shareId, attacker, `Wrong${i}x`));
      }
      expect(answers.slice(0, 20).every((answer) => answer === 'PASS_CODE_ERROR')).toBe(true);
      // Past its limit the guesser is held: each wrong code, even with a solved challenge, is refused.
      expect(answers.slice(20)).toEqual(['too_many_requests', 'too_many_requests']);
      // Ten more from ten other clients: the share has had more than 30 wrong codes.
      for (let i = 0; i < 10; i += 1) {
        const other = { deviceId: i.toString(16).padStart(32, 'e'), address: `192.0.2.${i + 1}` };
        expect(await attempt(shareId, other, `Spread${i}x`)).toBe('PASS_CODE_ERROR');
      }

      // Another visitor solves one challenge (the share has many wrong codes) and opens it.
      expect(outcomeOf(await open(shareId, visitor, 'Right123'))).toBe('captcha_required');
      expect(await attempt(shareId, visitor, 'Right123')).toBe('OK');

      // The guesser itself: nothing without a challenge; with one, the right code still opens.
      expect(outcomeOf(await open(shareId, attacker, 'Right123'))).toBe('captcha_required');
      const limited = await open(
        shareId,
        attacker,
        'Wrong99x',
        await solvedCaptchaToken(t, attacker, shareAction, { username: `share:${shareId}` }),
      );
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(await attempt(shareId, attacker, 'Right123')).toBe('OK');
    });
  });

  describe('sign-in', () => {
    function signIn(email: string, password: string, client: CaptchaClient, captchaToken?: string) {
      return t.app.inject({
        method: 'POST',
        url: '/v1/auth/signin',
        remoteAddress: client.address,
        headers: { 'x-device-id': client.deviceId },
        payload: {
          client_id: 'web',
          username: email,
          password,
          ...(captchaToken ? { captcha_token: captchaToken } : {}),
        },
      });
    }

    /** A sign-in as a determined client makes it: with a solved challenge whenever one is asked. */
    async function attempt(
      email: string,
      password: string,
      client: CaptchaClient,
    ): Promise<string> {
      const captcha = { action: signInAction, meta: { email } };
      return outcomeOf(
        await withChallenge(t, client, captcha, (token) => signIn(email, password, client, token)),
      );
    }

    it('lets the member in from a fresh device and address after 16 wrong passwords from one client, which stays frozen', async () => {
      await app();
      const { user } = await signedInMember(t);
      const answers: string[] = [];
      for (let i = 0; i < 18; i += 1) {
        answers.push(await attempt(user.email, `wrong horse ${i}`, attacker));
      }
      expect(answers.slice(0, 15).every((answer) => answer === 'invalid_account_or_password')).toBe(
        true,
      );
      expect(answers.slice(15).every((answer) => answer === 'account_freeze')).toBe(true);

      // The member, from elsewhere: one challenge (the account has many failures), then in.
      expect(outcomeOf(await signIn(user.email, user.password, visitor))).toBe('captcha_required');
      expect(await attempt(user.email, user.password, visitor)).toBe('signed_in');

      // The guesser's side stays frozen, with the right password too: its address with any
      // device, and its device from any address.
      const frozen = await signIn(user.email, user.password, attacker);
      expect(frozen.statusCode).toBe(403);
      expect(errorOf(frozen).error).toBe('account_freeze');
      expect(Number(frozen.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        await attempt(user.email, user.password, { ...attacker, deviceId: 'c'.repeat(32) }),
      ).toBe('account_freeze');
      expect(await attempt(user.email, user.password, { ...attacker, address: '192.0.2.99' })).toBe(
        'account_freeze',
      );
    });
  });
});
