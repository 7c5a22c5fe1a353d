import { describe, expect, it } from 'vitest';
import { dialects, makeUser, testClock } from '../helper';
import { computeCaptchaSign } from '../../src/modules/shield/captcha-sign';
import { post } from '../identity';
import { solveChallengeUrl } from '../support/captcha';
import { deviceA, deviceB, expectError, salts, useShieldApps } from './shield-fixture';

describe.each(dialects)('captcha shield on %s', (dialect) => {
  const f = useShieldApps(dialect);
  const { app, init, signIn, failSignIns } = f;

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
});
