import { randomBytes } from 'node:crypto';
import { errorMessage, isErrorReason, type Locale } from '@nimbus/contracts';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  testClock,
  type TestApp,
  type TestAppOptions,
  type TestUser,
} from '../helper';
import { computeCaptchaSign } from '../../src/modules/shield/captcha-sign';
import { post } from '../identity';
import { challengePageDataOf, solveChallengeUrl } from '../support/captcha';

type Answer = Awaited<ReturnType<typeof post>>;

const deviceA = 'a'.repeat(32);
const deviceB = 'b'.repeat(32);
const signInAction = 'POST:/v1/auth/signin';
const salts = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9'];

/** Expects an error answer with its status, reason, code and the catalogue's message in the caller's language. */
function expectError(
  response: Answer,
  status: number,
  reason: string,
  code: number,
  locale: Locale = 'en-US',
): void {
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error).toMatchObject({ error: reason, error_code: code });
  const localized = localizedOf(error);
  expect(localized?.locale).toBe(locale);
  expect(isErrorReason(reason)).toBe(true);
  expect(localized?.message).toBe(isErrorReason(reason) ? errorMessage(reason, locale) : '');
}

describe.each(dialects)('captcha shield on %s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });
  async function app(
    env: Record<string, string> = {},
    options: TestAppOptions = {},
  ): Promise<TestApp> {
    const built = await buildTestApp(dialect, { SHIELD_POW_MAX_COUNTER: '2000', ...env }, options);
    apps.push(built);
    return built;
  }

  function init(
    t: TestApp,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return post(
      t,
      '/v1/shield/captcha/init',
      { client_id: 'web', action: signInAction, device_id: deviceA, ...body },
      headers,
    );
  }

  function signIn(
    t: TestApp,
    member: TestUser,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return post(
      t,
      '/v1/auth/signin',
      { client_id: 'web', username: member.email, password: member.password, ...extra },
      { 'x-device-id': deviceA, ...headers },
    );
  }

  /** Wrong passwords for a member, each from a device of its own unless `headers` name one. */
  async function failSignIns(
    t: TestApp,
    member: TestUser,
    count: number,
    headers: Record<string, string> = {},
  ): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const device = { 'x-device-id': randomBytes(16).toString('hex') };
      expectError(
        await signIn(t, { ...member, password: 'wrong horse 1' }, {}, { ...device, ...headers }),
        400,
        'invalid_account_or_password',
        4022,
      );
    }
  }

  it('gives a token directly at low risk, and lets a first sign-in through without one', async () => {
    const t = await app();
    const member = await makeUser(t);
    const response = await init(t, { meta: { email: member.email }, captcha_token: '' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ captcha_token: string; expires_in: number; url?: string }>();
    expect(body.captcha_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.expires_in).toBe(300);
    expect(body.url).toBeUndefined();
    expect((await signIn(t, member)).statusCode).toBe(200);
    expect((await signIn(t, member, { captcha_token: body.captcha_token })).statusCode).toBe(200);
  });

  it('asks for a challenge after ten wrong passwords; a solved challenge lets the right password through once', async () => {
    const t = await app();
    const member = await makeUser(t);
    await failSignIns(t, member, 10);

    const refused = await signIn(t, member, {}, { 'accept-language': 'id' });
    expectError(refused, 400, 'captcha_required', 4001, 'id');

    const started = await init(t, { meta: { email: member.email.toUpperCase() } });
    expect(started.statusCode, started.body).toBe(200);
    const {
      url,
      expires_in: challengeTtl,
      captcha_token: direct,
    } = started.json<{ url: string; expires_in: number; captcha_token?: string }>();
    expect(direct).toBeUndefined();
    expect(challengeTtl).toBe(600);
    expect(url).toMatch(/^http:\/\/nimbus\.test\/v1\/shield\/challenge\?id=[A-Za-z0-9_-]+$/);

    const first = await solveChallengeUrl(t, url);
    expect(first.expires_in).toBe(300);
    // A wrong password spends the token: it is single-use.
    expectError(
      await signIn(
        t,
        { ...member, password: 'wrong horse 1' },
        { captcha_token: first.captcha_token },
      ),
      400,
      'invalid_account_or_password',
      4022,
    );
    expectError(
      await signIn(t, member, { captcha_token: first.captcha_token }, { 'accept-language': 'ms' }),
      400,
      'captcha_invalid',
      4002,
      'ms',
    );

    const again = await init(t, { meta: { email: member.email } });
    const second = await solveChallengeUrl(t, again.json<{ url: string }>().url);
    const passed = await signIn(t, member, {}, { 'x-captcha-token': second.captcha_token });
    expect(passed.statusCode, passed.body).toBe(200);
    // Success clears the account's count: the next sign-in needs no challenge.
    expect((await signIn(t, member)).statusCode).toBe(200);
  });

  it('binds a token to its action, client, device and account, and to its lifetime', async () => {
    const clock = testClock();
    const t = await app({}, { now: clock.now });
    const member = await makeUser(t);
    const other = await makeUser(t);
    await failSignIns(t, member, 10);
    await failSignIns(t, other, 10);
    const tokenFor = async (body: Record<string, unknown>) => {
      const started = await init(t, { meta: { email: member.email }, ...body });
      return (await solveChallengeUrl(t, started.json<{ url: string }>().url)).captcha_token;
    };

    const otherAction = await tokenFor({ action: 'POST:/v1/auth/signup' });
    expectError(
      await signIn(t, member, { captcha_token: otherAction }, { 'accept-language': 'ja' }),
      400,
      'captcha_invalid',
      4002,
      'ja',
    );
    const otherDevice = await tokenFor({ device_id: deviceB });
    expectError(
      await signIn(t, member, { captcha_token: otherDevice }),
      400,
      'captcha_invalid',
      4002,
    );
    expectError(
      await signIn(t, member, { captcha_token: otherDevice }, { 'x-device-id': 'not-a-device' }),
      400,
      'captcha_invalid',
      4002,
    );
    const otherClient = await tokenFor({ client_id: 'tv' });
    expectError(
      await signIn(t, member, { captcha_token: otherClient }),
      400,
      'captcha_invalid',
      4002,
    );
    const otherAccount = await tokenFor({});
    expectError(
      await signIn(t, other, { captcha_token: otherAccount }),
      400,
      'captcha_invalid',
      4002,
    );
    expectError(
      await signIn(t, member, { captcha_token: 'made-up' }),
      400,
      'captcha_invalid',
      4002,
    );

    const expiring = await tokenFor({});
    clock.advance(301_000);
    expectError(await signIn(t, member, { captcha_token: expiring }), 400, 'captcha_invalid', 4002);
    const fresh = await tokenFor({});
    expect((await signIn(t, member, { captcha_token: fresh })).statusCode).toBe(200);
  });

  it("spends the previous token an init replaces, if it is the same client's on the same device", async () => {
    const t = await app();
    const member = await makeUser(t);
    await failSignIns(t, member, 10);
    const started = await init(t, { meta: { email: member.email } });
    const token = (await solveChallengeUrl(t, started.json<{ url: string }>().url)).captcha_token;
    // Another client or device cannot spend it.
    expect(
      (await init(t, { client_id: 'tv', meta: { email: member.email }, captcha_token: token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await init(t, { device_id: deviceB, meta: { email: member.email }, captcha_token: token }))
        .statusCode,
    ).toBe(200);
    const kept = await solveChallengeUrl(
      t,
      (await init(t, { meta: { email: member.email } })).json<{ url: string }>().url,
    );
    expect((await signIn(t, member, { captcha_token: kept.captcha_token })).statusCode).toBe(200);

    const next = await makeUser(t);
    await failSignIns(t, next, 10);
    const replaced = await solveChallengeUrl(
      t,
      (await init(t, { meta: { email: next.email } })).json<{ url: string }>().url,
    );
    expect(
      (await init(t, { meta: { email: next.email }, captcha_token: replaced.captcha_token }))
        .statusCode,
    ).toBe(200);
    expectError(
      await signIn(t, next, { captcha_token: replaced.captcha_token }),
      400,
      'captcha_invalid',
      4002,
    );
  });

  it('does not take a token given at low risk once a challenge is needed', async () => {
    const t = await app();
    const member = await makeUser(t);
    const direct = (await init(t, { meta: { email: member.email } })).json<{
      captcha_token: string;
    }>().captcha_token;
    await failSignIns(t, member, 10);
    expectError(await signIn(t, member, { captcha_token: direct }), 400, 'captcha_required', 4001);
  });

  it('judges risk by device and by address too, for every protected action', async () => {
    const t = await app({
      SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES: '12',
      SHIELD_CHALLENGE_AFTER_DEVICE_FAILURES: '5',
    });
    const [first, second, third] = await Promise.all([makeUser(t), makeUser(t), makeUser(t)]);
    await failSignIns(t, first, 5, { 'x-device-id': deviceB });
    // Device B is risky for any account; device A is not (yet).
    expectError(
      await signIn(t, second, {}, { 'x-device-id': deviceB }),
      400,
      'captcha_required',
      4001,
    );
    expect((await signIn(t, second)).statusCode).toBe(200);
    const verification = await post(
      t,
      '/v1/auth/verification',
      { email: 'new@example.com', usage: 'REGISTER', client_id: 'web' },
      { 'x-device-id': deviceB },
    );
    expectError(verification, 400, 'captcha_required', 4001);
    const reset = await post(
      t,
      '/v1/auth/reset',
      {
        email: third.email,
        new_password: 'new horse 2',
        verification_token: 'x'.repeat(43),
        client_id: 'web',
      },
      { 'x-device-id': deviceB },
    );
    expectError(reset, 400, 'captcha_required', 4001);
    const signup = await post(
      t,
      '/v1/auth/signup',
      {
        email: 'new@example.com',
        password: 'new horse 2',
        verification_token: 'x'.repeat(43),
        client_id: 'web',
      },
      { 'x-device-id': deviceB },
    );
    expectError(signup, 400, 'captcha_required', 4001);

    // Seven more failures from this address, on device A: twelve in all make the address risky.
    await failSignIns(t, third, 7);
    expectError(
      await signIn(t, second, {}, { 'x-device-id': 'c'.repeat(32) }),
      400,
      'captcha_required',
      4001,
    );
    const started = await init(t, { meta: { email: second.email }, device_id: 'c'.repeat(32) });
    expect(started.json<{ url?: string }>().url).toBeDefined();
  });

  describe('signed meta', () => {
    const env = { SHIELD_CLIENT_SALTS: JSON.stringify({ android: salts }) };
    function signedMeta(now: number, list = salts, overrides: Record<string, string> = {}) {
      const timestamp = overrides.timestamp ?? String(now);
      return {
        captcha_sign: computeCaptchaSign(
          {
            clientId: 'android',
            clientVersion: '3.1.0',
            packageName: 'app.nimbus.android',
            deviceId: deviceA,
            timestamp,
          },
          list,
        ),
        client_version: '3.1.0',
        package_name: 'app.nimbus.android',
        user_id: 'member-1',
        timestamp,
        ...overrides,
      };
    }

    it('accepts a good captcha_sign from the client signer', async () => {
      const clock = testClock();
      const t = await app(env, { now: clock.now });
      const response = await init(t, {
        client_id: 'android',
        action: 'POST:/drive/v1/files',
        meta: signedMeta(clock.now().getTime()),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ captcha_token: string }>().captcha_token).toMatch(
        /^[A-Za-z0-9_-]{43}$/,
      );
      // The timestamp may also come as a number.
      const numeric = await init(t, {
        client_id: 'android',
        meta: { ...signedMeta(clock.now().getTime()), timestamp: clock.now().getTime() },
      });
      expect(numeric.statusCode, numeric.body).toBe(200);
    });

    it('refuses a wrong salt, a changed field, a stale timestamp and a client without salts with captcha_invalid', async () => {
      const clock = testClock();
      const t = await app(env, { now: clock.now });
      const now = clock.now().getTime();
      const wrongSalt = await init(
        t,
        { client_id: 'android', meta: signedMeta(now, [...salts.slice(0, 9), 'x']) },
        { 'accept-language': 'ko' },
      );
      expectError(wrongSalt, 400, 'captcha_invalid', 4002, 'ko');
      expectError(
        await init(t, {
          client_id: 'android',
          meta: signedMeta(now, salts, { client_version: '3.1.1' }),
        }),
        400,
        'captcha_invalid',
        4002,
      );
      expectError(
        await init(t, { client_id: 'android', device_id: deviceB, meta: signedMeta(now) }),
        400,
        'captcha_invalid',
        4002,
      );
      const stale = await init(t, {
        client_id: 'android',
        meta: signedMeta(now, salts, { timestamp: String(now - 301_000) }),
      });
      expectError(stale, 400, 'captcha_invalid', 4002);
      const future = await init(t, {
        client_id: 'android',
        meta: signedMeta(now, salts, { timestamp: String(now + 301_000) }),
      });
      expectError(future, 400, 'captcha_invalid', 4002);
      expectError(
        await init(t, { client_id: 'tv', meta: signedMeta(now) }),
        400,
        'captcha_invalid',
        4002,
      );
    });
  });

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
      const t = await app();
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
    const t = await app();
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
    const t = await app();
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
    const t = await app();
    expectError(await init(t, override), 400, 'invalid_argument', 3);
  });

  it.each([
    ['a negative counter', { challenge_id: 'x', counter: -1, derived_key: '00' }],
    ['a string counter', { challenge_id: 'x', counter: '1', derived_key: '00' }],
    ['an oversized key', { challenge_id: 'x', counter: 1, derived_key: '0'.repeat(300) }],
    ['no challenge id', { counter: 1, derived_key: '00' }],
  ])('answers a solution with %s as invalid_argument', async (_case, payload) => {
    const t = await app();
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
    const t = await app();
    expectError(
      await t.app.inject({ method: 'GET', url: `/v1/shield/challenge${query}` }),
      400,
      'invalid_argument',
      3,
    );
  });
});
