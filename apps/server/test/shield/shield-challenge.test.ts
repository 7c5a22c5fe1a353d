import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { dialects, makeUser, testClock, type TestApp } from '../helper';
import { post } from '../identity';
import { challengePageDataOf } from '../support/captcha';
import { deviceA, deviceB, expectError, useShieldApps } from './shield-fixture';

describe.each(dialects)('captcha shield on %s', (dialect) => {
  const f = useShieldApps(dialect);
  const { app, init, signIn, failSignIns } = f;
  // Tests that only read or are refused share one app; a test that changes state builds its own.
  const shared = f.sharedApp();

  describe('the challenge page', () => {
    async function challengeUrl(t: TestApp): Promise<string> {
      const member = await makeUser(t);
      await failSignIns(t, member, 10);
      const started = await init(t, { meta: { email: member.email } });
      return started.json<{ url: string }>().url;
    }

    it('is a small self-contained page, framable by our own site only, in the caller language', async () => {
      const t = await app({ ALLOWED_ORIGINS: 'https://app.nimbus.test' });
      const url = new URL(await challengeUrl(t));
      const response = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}&redirect_uri=${encodeURIComponent('https://app.nimbus.test/loading')}&state=s`,
        headers: { 'accept-language': 'ko' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'self' http://nimbus.test https://app.nimbus.test");
      expect(response.headers['x-frame-options']).toBeUndefined();
      expect(response.body).toContain('<html lang="ko">');
      expect(response.body).toContain('보안 확인');
      expect(response.body).not.toMatch(
        /<script(?![^>]*type="application\/json")(?![^>]*src="\/v1\/shield\/challenge\/assets\/page\.js")/,
      );
      expect(response.body).not.toMatch(/https?:\/\/(?!nimbus\.test|app\.nimbus\.test)/);
      expect(response.body.length).toBeLessThan(8192);
      expect(challengePageDataOf(response.body).redirect_uri).toBe(
        'https://app.nimbus.test/loading',
      );
    });

    it('serves its script and the solver modules from our origin', async () => {
      const t = shared();
      const page = await t.app.inject({
        method: 'GET',
        url: '/v1/shield/challenge/assets/page.js',
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(page.body).toContain("from './pow.js'");
      for (const file of ['pow.js', 'helpers.js', 'types.js', 'algorithms/web/sha.js']) {
        const module = await t.app.inject({
          method: 'GET',
          url: `/v1/shield/challenge/assets/${file}`,
        });
        expect(module.statusCode, file).toBe(200);
        expect(module.body).not.toContain('node:');
      }
      for (const file of ['../../../package.json', 'index.js', '%2e%2e/helpers.js']) {
        expectError(
          await t.app.inject({ method: 'GET', url: `/v1/shield/challenge/assets/${file}` }),
          404,
          'not_found',
          5,
        );
      }
    });

    it("returns only to an allowed origin's /loading page", async () => {
      const t = await app();
      const url = new URL(await challengeUrl(t));
      for (const redirect of [
        'https://evil.test/loading',
        'http://nimbus.test/drive/all',
        'http://user:pw@nimbus.test/loading',
        'javascript:alert(1)',
        'loading',
      ]) {
        const response = await t.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}&redirect_uri=${encodeURIComponent(redirect)}&state=s`,
        });
        expectError(response, 400, 'invalid_argument', 3);
      }
    });

    it('earns one token per challenge; a wrong, replayed or unknown solution is captcha_invalid', async () => {
      const clock = testClock();
      const t = await app({}, { now: clock.now });
      const url = new URL(await challengeUrl(t));
      const page = await t.app.inject({
        method: 'GET',
        url: `${url.pathname}${url.search}&redirect_uri=http%3A%2F%2Fnimbus.test%2Floading&state=s`,
      });
      const data = challengePageDataOf(page.body);
      const solution = await solveChallenge({ challenge: data.challenge, deriveKey });
      const payload = {
        challenge_id: data.id,
        counter: solution?.counter,
        derived_key: solution?.derivedKey,
      };
      const wrong = {
        ...payload,
        counter: (solution?.counter ?? 0) + 1,
        derived_key: '00'.repeat(32),
      };
      expectError(
        await post(t, '/v1/shield/challenge/solve', wrong, { 'accept-language': 'ru' }),
        400,
        'captcha_invalid',
        4002,
        'ru',
      );
      expect((await post(t, '/v1/shield/challenge/solve', payload)).statusCode).toBe(200);
      expectError(
        await post(t, '/v1/shield/challenge/solve', payload),
        400,
        'captcha_invalid',
        4002,
      );
      expectError(
        await t.app.inject({
          method: 'GET',
          url: `${url.pathname}${url.search}&redirect_uri=http%3A%2F%2Fnimbus.test%2Floading&state=s`,
        }),
        400,
        'captcha_invalid',
        4002,
      );
      expectError(
        await post(t, '/v1/shield/challenge/solve', { ...payload, challenge_id: 'nope' }),
        400,
        'captcha_invalid',
        4002,
      );

      const late = new URL(await challengeUrl(t));
      clock.advance(601_000);
      expectError(
        await t.app.inject({
          method: 'GET',
          url: `${late.pathname}${late.search}&redirect_uri=http%3A%2F%2Fnimbus.test%2Floading&state=s`,
        }),
        400,
        'captcha_invalid',
        4002,
      );
    });
  });

  it('limits captcha init per device and per address', async () => {
    const t = await app({ SHIELD_INIT_MAX_PER_DEVICE: '2', SHIELD_INIT_MAX_PER_ADDRESS: '3' });
    expect((await init(t, {})).statusCode).toBe(200);
    expect((await init(t, {})).statusCode).toBe(200);
    const perDevice = await init(t, {});
    expectError(perDevice, 429, 'too_many_requests', 8);
    expect(Number(perDevice.headers['retry-after'])).toBeGreaterThan(0);
    // The third call counted for the address although the device limit refused it.
    expectError(await init(t, { device_id: deviceB }), 429, 'too_many_requests', 8);
  });

  it('limits sign-in, verification and reset per device', async () => {
    const t = await app({ AUTH_RATE_MAX_PER_DEVICE: '2' });
    const member = await makeUser(t);
    const headers = { 'x-device-id': deviceB };
    for (let i = 0; i < 2; i += 1) {
      expect((await signIn(t, member, {}, headers)).statusCode).toBe(200);
    }
    expectError(await signIn(t, member, {}, headers), 429, 'too_many_requests', 8);
    expect((await signIn(t, member)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) {
      expect(
        (
          await post(
            t,
            '/v1/auth/verification',
            { email: `v${i}@example.com`, usage: 'REGISTER', client_id: 'web' },
            headers,
          )
        ).statusCode,
      ).toBe(200);
    }
    expectError(
      await post(
        t,
        '/v1/auth/verification',
        { email: 'v3@example.com', usage: 'REGISTER', client_id: 'web' },
        headers,
      ),
      429,
      'too_many_requests',
      8,
    );
    const reset = {
      email: member.email,
      new_password: 'new horse 2',
      verification_token: 'x'.repeat(43),
      client_id: 'web',
    };
    for (let i = 0; i < 2; i += 1) {
      expectError(
        await post(t, '/v1/auth/reset', reset, headers),
        400,
        'invalid_verification_code',
        4014,
      );
    }
    expectError(await post(t, '/v1/auth/reset', reset, headers), 429, 'too_many_requests', 8);
    const verify = { verification_id: 'nope', verification_code: '123456', client_id: 'web' };
    for (let i = 0; i < 2; i += 1) {
      expectError(
        await post(t, '/v1/auth/verification/verify', verify, headers),
        400,
        'invalid_verification_code',
        4014,
      );
    }
    expectError(
      await post(t, '/v1/auth/verification/verify', verify, headers),
      429,
      'too_many_requests',
      8,
    );
    // Each call is counted apart, and other devices are not held back.
    expectError(
      await post(t, '/v1/auth/verification/verify', verify, { 'x-device-id': deviceA }),
      400,
      'invalid_verification_code',
      4014,
    );
  });

  it('limits reset, verify and challenge solutions per client address', async () => {
    const t = await app({ AUTH_RATE_MAX_PER_ADDRESS: '2', SHIELD_INIT_MAX_PER_ADDRESS: '2' });
    const reset = {
      email: 'r@example.com',
      new_password: 'new horse 2',
      verification_token: 'x'.repeat(43),
      client_id: 'web',
    };
    const verify = { verification_id: 'nope', verification_code: '123456', client_id: 'web' };
    const solution = { challenge_id: 'nope', counter: 1, derived_key: '00' };
    for (const [url, payload, reason, code] of [
      ['/v1/auth/reset', reset, 'invalid_verification_code', 4014],
      ['/v1/auth/verification/verify', verify, 'invalid_verification_code', 4014],
      ['/v1/shield/challenge/solve', solution, 'captcha_invalid', 4002],
    ] as const) {
      for (let i = 0; i < 2; i += 1) {
        // A device of its own each time: only the address limit can refuse.
        expectError(
          await post(t, url, { ...payload }, { 'x-device-id': randomBytes(16).toString('hex') }),
          400,
          reason,
          code,
        );
      }
      const limited = await post(
        t,
        url,
        { ...payload },
        { 'x-device-id': randomBytes(16).toString('hex') },
      );
      expectError(limited, 429, 'too_many_requests', 8);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('describes the shield, two-step verification and the two-factor sign-in in the OpenAPI document', async () => {
    const t = shared();
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, unknown>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>();
    for (const path of [
      '/v1/shield/captcha/init',
      '/v1/shield/challenge',
      '/v1/shield/challenge/solve',
      '/v1/user/two-factor',
      '/v1/user/two-factor/setup',
      '/v1/user/two-factor/confirm',
      '/v1/user/two-factor/disable',
      '/v1/user/two-factor/recovery-codes',
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect(Object.keys(document.components.schemas.SignInRequest?.properties ?? {})).toEqual(
      expect.arrayContaining(['two_factor_code', 'recovery_code', 'captcha_token']),
    );
    expect(JSON.stringify(document.components.schemas.CaptchaMeta)).toContain(
      'md5hex(value + salt)',
    );
  });

  it('answers an unknown client with unauthorized_client', async () => {
    const t = shared();
    expectError(
      await init(t, { client_id: 'toaster' }, { 'accept-language': 'uk' }),
      401,
      'unauthorized_client',
      4122,
      'uk',
    );
  });

  it.each([
    ['an action without a method', { action: '/v1/auth/signin' }],
    ['an action with spaces', { action: 'POST:/v1/auth/sign in' }],
    ['an oversized action', { action: `POST:/${'a'.repeat(400)}` }],
    ['a short device id', { device_id: 'abc' }],
    ['an upper-case device id', { device_id: 'A'.repeat(32) }],
    ['a string for meta', { meta: 'email' }],
    ['an oversized e-mail in meta', { meta: { email: `${'e'.repeat(300)}@example.com` } }],
    ['a malformed captcha_sign', { meta: { captcha_sign: '2.abc' } }],
    ['a boolean timestamp', { meta: { timestamp: true } }],
    ['an oversized previous token', { captcha_token: 't'.repeat(5000) }],
    ['a number for the client', { client_id: 7 }],
  ])('answers init with %s as invalid_argument', async (_case, override) => {
    const t = shared();
    expectError(await init(t, override), 400, 'invalid_argument', 3);
  });

  it.each([
    ['a negative counter', { challenge_id: 'x', counter: -1, derived_key: '00' }],
    ['a string counter', { challenge_id: 'x', counter: '1', derived_key: '00' }],
    ['an oversized key', { challenge_id: 'x', counter: 1, derived_key: '0'.repeat(300) }],
    ['no challenge id', { counter: 1, derived_key: '00' }],
  ])('answers a solution with %s as invalid_argument', async (_case, payload) => {
    const t = shared();
    expectError(await post(t, '/v1/shield/challenge/solve', payload), 400, 'invalid_argument', 3);
  });

  it.each([
    ['no id', '?redirect_uri=http%3A%2F%2Fnimbus.test%2Floading&state=s'],
    ['no state', '?id=x&redirect_uri=http%3A%2F%2Fnimbus.test%2Floading'],
    [
      'an oversized state',
      `?id=x&redirect_uri=http%3A%2F%2Fnimbus.test%2Floading&state=${'s'.repeat(300)}`,
    ],
  ])('answers the page with %s as invalid_argument', async (_case, query) => {
    const t = shared();
    expectError(
      await t.app.inject({ method: 'GET', url: `/v1/shield/challenge${query}` }),
      400,
      'invalid_argument',
      3,
    );
  });
});
