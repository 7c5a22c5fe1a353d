import { describe, expect, it } from 'vitest';
import { dialects, errorOf, localizedOf, makeUser, testClock } from '../helper';
import { post, requestCode, verificationToken } from '../identity';
import { codeIn } from '../mail-catcher';
import { expectError, useAccountsApp } from './accounts-fixture';

describe.each(dialects)('accounts on %s', (dialect) => {
  const f = useAccountsApp(dialect);
  const { app } = f;

  describe('verification codes', () => {
    // The table of refused requests shares one app; a test that changes state builds its own.
    f.shareApp();

    it('mails a 6-digit code in the language asked for and answers its id and lifetime', async () => {
      f.t = await app();
      const before = f.mail.mails.length;
      const response = await post(f.t, '/v1/auth/verification', {
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
      const received = await f.mail.waitFor('kenji@example.com', before);
      expect(received.subject).toMatch(/^Nimbus の確認コード：\d{6}$/);
      expect(received.text).toContain('10 分');
      expect(received.from).toContain('no-reply@nimbus.test');
    });

    it('answers an unknown client with unauthorized_client', async () => {
      f.t = await app();
      const response = await post(
        f.t,
        '/v1/auth/verification',
        { email: 'a@example.com', usage: 'REGISTER', client_id: 'toaster' },
        { 'accept-language': 'ko' },
      );
      expectError(response, 401, 'unauthorized_client', 4122, 'ko');
    });

    it('refuses a sign-up code for an existing-account target', async () => {
      f.t = await app();
      const response = await post(f.t, '/v1/auth/verification', {
        email: 'a@example.com',
        target: 'USER',
        usage: 'REGISTER',
        client_id: 'web',
      });
      expectError(response, 400, 'invalid_argument', 3);
    });

    it('answers a reset aimed at an address without an account like one for a member, and mails it nothing', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const before = f.mail.mails.length;
      const answers = [];
      for (const email of ['nobody@example.com', member.email]) {
        const response = await post(
          f.t,
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
      const received = await f.mail.waitFor(member.email, before);
      expect(codeIn(received)).toMatch(/^\d{6}$/);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(f.mail.mails.slice(before).filter((each) => each.to === 'nobody@example.com')).toEqual(
        [],
      );
    });

    it('answers alike whether or not an address has an account', async () => {
      f.t = await app();
      const member = await makeUser(f.t);
      const before = f.mail.mails.length;
      const shapes = [];
      for (const email of [member.email, 'stranger@example.com']) {
        for (const usage of ['REGISTER', 'PASSWORD_RESET']) {
          const response = await post(f.t, '/v1/auth/verification', {
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
      const notice = await f.mail.waitFor(member.email, before);
      expect(notice.subject).toBe('Someone tried to sign up to Nimbus with your address');
      expect(notice.text).not.toMatch(/\b\d{6}\b/);
      expect(notice.text).toContain('http://nimbus.test');
      await f.mail.waitFor('stranger@example.com', before);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const received = f.mail.mails.slice(before);
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
      expectError(await post(f.t, '/v1/auth/verification', payload), 400, 'invalid_argument', 3);
    });

    it('limits mails per address with too_many_requests and Retry-After', async () => {
      f.t = await app({ VERIFICATION_MAX_PER_EMAIL: '2' });
      const payload = { email: 'busy@example.com', usage: 'REGISTER', client_id: 'web' };
      expect((await post(f.t, '/v1/auth/verification', payload)).statusCode).toBe(200);
      expect((await post(f.t, '/v1/auth/verification', payload)).statusCode).toBe(200);
      const limited = await post(f.t, '/v1/auth/verification', {
        ...payload,
        email: 'BUSY@example.com',
      });
      expectError(limited, 429, 'too_many_requests', 8);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        (await post(f.t, '/v1/auth/verification', { ...payload, email: 'calm@example.com' }))
          .statusCode,
      ).toBe(200);
    });

    it('limits verification calls per client address', async () => {
      f.t = await app({ AUTH_RATE_MAX_PER_ADDRESS: '2' });
      for (const email of ['a@example.com', 'b@example.com']) {
        expect(
          (await post(f.t, '/v1/auth/verification', { email, usage: 'REGISTER', client_id: 'web' }))
            .statusCode,
        ).toBe(200);
      }
      const limited = await post(f.t, '/v1/auth/verification', {
        email: 'c@example.com',
        usage: 'REGISTER',
        client_id: 'web',
      });
      expectError(limited, 429, 'too_many_requests', 8);
    });
  });

  describe('verify', () => {
    it('turns the right code into a verification token once; a replay is refused', async () => {
      f.t = await app();
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'once@example.com',
        'REGISTER',
      );
      const token = await verificationToken(f.t, verificationId, code);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const replay = await post(f.t, '/v1/auth/verification/verify', {
        verification_id: verificationId,
        verification_code: code,
        client_id: 'web',
      });
      expectError(replay, 400, 'invalid_verification_code', 4014);
    });

    it('answers a wrong code with invalid_verification_code in the caller language', async () => {
      f.t = await app();
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'wrong@example.com',
        'REGISTER',
      );
      const wrong = code === '000000' ? '000001' : '000000';
      const response = await post(
        f.t,
        '/v1/auth/verification/verify',
        { verification_id: verificationId, verification_code: wrong, client_id: 'web' },
        { 'accept-language': 'ja' },
      );
      expectError(response, 400, 'invalid_verification_code', 4014, 'ja');
      expect(localizedOf(errorOf(response))?.message).toBe('確認コードが正しくありません');
      // A wrong guess does not spend the code.
      await verificationToken(f.t, verificationId, code);
    });

    it('invalidates the code after too many wrong attempts', async () => {
      f.t = await app({ VERIFICATION_MAX_ATTEMPTS: '3' });
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'guess@example.com',
        'REGISTER',
      );
      const wrong = code === '111111' ? '222222' : '111111';
      for (let i = 0; i < 3; i += 1) {
        const response = await post(f.t, '/v1/auth/verification/verify', {
          verification_id: verificationId,
          verification_code: wrong,
          client_id: 'web',
        });
        expectError(response, 400, 'invalid_verification_code', 4014);
      }
      const late = await post(f.t, '/v1/auth/verification/verify', {
        verification_id: verificationId,
        verification_code: code,
        client_id: 'web',
      });
      expectError(late, 400, 'invalid_verification_code', 4014);
    });

    it('answers an expired code with expired_verification_code', async () => {
      const clock = testClock();
      f.t = await app({}, { now: clock.now });
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'late@example.com',
        'REGISTER',
      );
      clock.advance(601_000);
      const response = await post(
        f.t,
        '/v1/auth/verification/verify',
        { verification_id: verificationId, verification_code: code, client_id: 'web' },
        { 'accept-language': 'ko' },
      );
      expectError(response, 400, 'expired_verification_code', 4024, 'ko');
      expect(localizedOf(errorOf(response))?.message).toBe('인증 코드가 만료되었습니다');
    });

    it('drops codes a day after they expired', async () => {
      const clock = testClock();
      f.t = await app({}, { now: clock.now });
      const old = await requestCode(f.t, f.mail, 'old@example.com', 'REGISTER');
      clock.advance(600_000 + 86_400_000 + 1000);
      await requestCode(f.t, f.mail, 'new@example.com', 'REGISTER');
      const response = await post(f.t, '/v1/auth/verification/verify', {
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
      f.t = await app();
      const { verificationId, code } = await requestCode(
        f.t,
        f.mail,
        'other@example.com',
        'REGISTER',
      );
      expectError(
        await post(f.t, '/v1/auth/verification/verify', payload(verificationId, code)),
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
      f.t = await app();
      expectError(
        await post(f.t, '/v1/auth/verification/verify', payload),
        400,
        'invalid_argument',
        3,
      );
    });
  });
});
