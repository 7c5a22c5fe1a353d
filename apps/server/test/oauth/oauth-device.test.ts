import type { LightMyRequestResponse } from 'fastify';
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
} from '../helper';
import { post, signIn, type TokenBody } from '../identity';

const deviceGrant = 'urn:ietf:params:oauth:grant-type:device_code';

interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

describe.each(dialects)('device authorization grant on %s', (dialect) => {
  let t: TestApp;
  const apps: TestApp[] = [];
  const clock = testClock();
  async function app(
    env: Record<string, string> = {},
    options: TestAppOptions = { now: clock.now },
  ): Promise<TestApp> {
    const built = await buildTestApp(dialect, env, options);
    apps.push(built);
    return built;
  }
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });

  async function start(
    payload: Record<string, unknown> = { client_id: 'tv', scope: 'user pan offline' },
  ): Promise<DeviceAuthorization> {
    const response = await post(t, '/v1/auth/device/code', payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DeviceAuthorization>();
  }

  function poll(deviceCode: string, clientId = 'tv', headers: Record<string, string> = {}) {
    return post(
      t,
      '/v1/auth/token',
      { grant_type: deviceGrant, device_code: deviceCode, client_id: clientId },
      headers,
    );
  }

  async function member(): Promise<Record<string, string>> {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password, 'android');
    return { authorization: `Bearer ${token.access_token}` };
  }

  function lookup(userCode: string, headers: Record<string, string>) {
    return t.app.inject({
      method: 'GET',
      url: '/v1/user/device',
      query: { user_code: userCode },
      headers,
    });
  }

  function decide(userCode: string, approve: boolean, headers: Record<string, string>) {
    return post(t, '/v1/user/device', { user_code: userCode, approve }, headers);
  }

  function expectError(
    response: LightMyRequestResponse,
    status: number,
    reason: string,
    code: number,
  ) {
    expect(response.statusCode, response.body).toBe(status);
    const error = errorOf(response);
    expect(error).toMatchObject({ error: reason, error_code: code });
    return { error, localized: localizedOf(error) };
  }

  it('starts an authorization with a readable user code and the activation page', async () => {
    t = await app();
    const device = await start();
    expect(device.user_code).toMatch(/^[BCDFGHJKMNPQRTVWXY]{4}-[BCDFGHJKMNPQRTVWXY]{4}$/);
    expect(device.device_code.length).toBeGreaterThanOrEqual(43);
    expect(device).toMatchObject({
      verification_uri: 'http://nimbus.test/tv/activate',
      verification_uri_complete: `http://nimbus.test/tv/activate?user_code=${device.user_code}`,
      expires_in: 600,
      interval: 5,
    });
    const stored = await t.container.database.db
      .selectFrom('device_grants')
      .selectAll()
      .executeTakeFirstOrThrow();
    // Only the hash of the device code is stored.
    expect(stored.device_code_hash).not.toBe(device.device_code);
    expect(stored).toMatchObject({
      status: 'pending',
      user_code: device.user_code.replace('-', ''),
      interval_seconds: 5,
    });
  });

  it('takes a form-encoded request, as OAuth client libraries send it', async () => {
    t = await app({ DEVICE_CODE_TTL_SECONDS: '300', DEVICE_CODE_INTERVAL_SECONDS: '2' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/device/code',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=tv&scope=user+pan',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ expires_in: 300, interval: 2 });
  });

  it('walks pending, slow_down, approval and tokens, then refuses the spent device code', async () => {
    t = await app();
    const headers = await member();
    const device = await start({ client_id: 'tv', scope: 'user pan' });

    const pending = expectError(
      await poll(device.device_code, 'tv', { 'accept-language': 'ko' }),
      400,
      'authorization_pending',
      4050,
    );
    expect(pending.localized).toMatchObject({
      locale: 'ko',
      message: '로그인 확인을 기다리고 있습니다',
    });

    clock.advance(2_000);
    const tooFast = expectError(
      await poll(device.device_code, 'tv', { 'accept-language': 'ja' }),
      400,
      'slow_down',
      4051,
    );
    expect(tooFast.localized).toMatchObject({
      locale: 'ja',
      message: '確認の頻度が高すぎます。しばらくお待ちください',
    });
    expect(tooFast.error.details[0]).toMatchObject({ metadata: { interval: '10' } });

    // The interval is now 10 s: 6 s later is still too fast, 10 s later is fine.
    clock.advance(6_000);
    expectError(await poll(device.device_code), 400, 'slow_down', 4051);
    clock.advance(15_000);
    expectError(await poll(device.device_code), 400, 'authorization_pending', 4050);

    const shown = await lookup(device.user_code.toLowerCase().replace('-', ' '), headers);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toMatchObject({
      user_code: device.user_code,
      client_id: 'tv',
      client_name: 'Nimbus for TV',
      scope: 'user pan',
      expires_in: 577,
    });
    const approved = await decide(device.user_code, true, headers);
    expect(approved.json()).toEqual({ user_code: device.user_code, status: 'approved' });

    clock.advance(15_000);
    const granted = await poll(device.device_code);
    expect(granted.statusCode, granted.body).toBe(200);
    const token = granted.json<TokenBody>();
    expect(token.scope).toBe('user pan');
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/user/me',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.statusCode).toBe(200);

    clock.advance(15_000);
    const replay = expectError(await poll(device.device_code), 400, 'invalid_grant', 4126);
    expect(replay.error.error_description).toBe('The device code was already used');
    const after = await t.app.inject({
      method: 'GET',
      url: '/v1/user/me',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(after.statusCode).toBe(401);
    // A decided code cannot be decided again.
    expectError(
      await decide(device.user_code, false, headers),
      400,
      'invalid_verification_code',
      4014,
    );
  });

  it('answers access_denied once the member refuses', async () => {
    t = await app();
    const headers = await member();
    const device = await start();
    const denied = await decide(device.user_code, false, headers);
    expect(denied.json()).toEqual({ user_code: device.user_code, status: 'denied' });
    const { localized } = expectError(
      await poll(device.device_code, 'tv', { 'accept-language': 'pt' }),
      400,
      'access_denied',
      4123,
    );
    expect(localized).toMatchObject({ locale: 'pt' });
    expect(localized?.message).not.toBe('Access was denied');
  });

  it('answers expired_token after DEVICE_CODE_TTL_SECONDS, and the page says the code expired', async () => {
    t = await app();
    const headers = await member();
    const device = await start();
    clock.advance(601_000);
    const { localized } = expectError(
      await poll(device.device_code, 'tv', { 'accept-language': 'uk' }),
      400,
      'expired_token',
      4052,
    );
    expect(localized).toMatchObject({ locale: 'uk' });
    expectError(await lookup(device.user_code, headers), 400, 'expired_verification_code', 4024);
    expectError(
      await decide(device.user_code, true, headers),
      400,
      'expired_verification_code',
      4024,
    );
  });

  it('gives no tokens for a member blocked after approving', async () => {
    t = await app();
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password, 'android');
    const device = await start();
    await decide(device.user_code, true, { authorization: `Bearer ${token.access_token}` });
    await t.container.database.db
      .updateTable('users')
      .set({ status: 'blocked' })
      .where('id', '=', user.id)
      .execute();
    expectError(await poll(device.device_code), 400, 'invalid_grant', 4126);
  });

  it('limits user-code attempts per member against guessing', async () => {
    t = await app({ DEVICE_USER_CODE_MAX_ATTEMPTS: '3' });
    const headers = await member();
    for (const guess of ['BBBB-BBBB', 'CCCC-CCCC', 'DDDD-DDDD']) {
      expectError(await lookup(guess, headers), 400, 'invalid_verification_code', 4014);
    }
    const device = await start();
    const limited = await lookup(device.user_code, { ...headers, 'accept-language': 'id' });
    const { localized } = expectError(limited, 429, 'too_many_requests', 8);
    expect(localized).toMatchObject({ locale: 'id' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits device authorizations per client address', async () => {
    t = await app({ AUTH_RATE_MAX_PER_ADDRESS: '2' });
    await start();
    await start();
    const third = await post(t, '/v1/auth/device/code', { client_id: 'tv' });
    expectError(third, 429, 'too_many_requests', 8);
  });

  it('refuses a device code presented by another client', async () => {
    t = await app({ OAUTH_CLIENTS: JSON.stringify({ desktop: { grant_types: [deviceGrant] } }) });
    const device = await start();
    expectError(await poll(device.device_code, 'desktop'), 400, 'invalid_grant', 4126);
    expectError(await poll(device.device_code, 'tv'), 400, 'authorization_pending', 4050);
  });

  describe('errors', () => {
    it.each([
      [
        'a client without the device grant',
        { client_id: 'web', scope: 'user' },
        401,
        'unauthorized_client',
        4122,
        'This app is not allowed to sign in this way',
      ],
      [
        'an unknown client',
        { client_id: 'toaster' },
        401,
        'unauthorized_client',
        4122,
        'This app is not allowed to sign in this way',
      ],
      [
        'a wrong scope',
        { client_id: 'tv', scope: 'user root' },
        400,
        'invalid_scope',
        4125,
        'The requested permissions are not valid',
      ],
      ['no client', { scope: 'user' }, 400, 'invalid_argument', 3, undefined],
      [
        'an oversized scope',
        { client_id: 'tv', scope: 'user '.repeat(200) },
        400,
        'invalid_argument',
        3,
        undefined,
      ],
    ])(
      'answers a device code request with %s',
      async (_case, payload, status, reason, code, message) => {
        t = await app();
        const { localized } = expectError(
          await post(t, '/v1/auth/device/code', payload),
          status,
          reason,
          code,
        );
        if (message !== undefined) {
          expect(localized).toMatchObject({ locale: 'en-US', message });
        }
      },
    );

    it.each([
      [
        'no device code',
        { grant_type: deviceGrant, client_id: 'tv' },
        400,
        'invalid_request',
        4121,
      ],
      [
        'a made-up device code',
        { grant_type: deviceGrant, client_id: 'tv', device_code: 'x'.repeat(43) },
        400,
        'invalid_grant',
        4126,
      ],
      [
        'an oversized device code',
        { grant_type: deviceGrant, client_id: 'tv', device_code: 'x'.repeat(5000) },
        400,
        'invalid_argument',
        3,
      ],
      [
        'a client without the device grant',
        { grant_type: deviceGrant, client_id: 'web', device_code: 'x' },
        401,
        'unauthorized_client',
        4122,
      ],
    ])('answers a poll with %s', async (_case, payload, status, reason, code) => {
      t = await app();
      expectError(await post(t, '/v1/auth/token', payload), status, reason, code);
    });

    it.each([
      ['a code of the wrong length', 'BCDF-GHJ'],
      ['letters outside the alphabet', 'AAAA-EEEE'],
      ['a code no TV shows', 'BCDF-GHJK'],
      ['hostile text', "' or 1=1 --"],
    ])('answers a member typing %s with invalid_verification_code', async (_case, userCode) => {
      t = await app();
      const headers = await member();
      const { localized } = expectError(
        await lookup(userCode, { ...headers, 'accept-language': 'zh-CN' }),
        400,
        'invalid_verification_code',
        4014,
      );
      expect(localized).toMatchObject({ locale: 'zh-CN' });
      expectError(await decide(userCode, true, headers), 400, 'invalid_verification_code', 4014);
    });

    it('needs a signed-in member to look up or decide, and valid input', async () => {
      t = await app();
      const device = await start();
      expectError(await lookup(device.user_code, {}), 401, 'unauthenticated', 16);
      expectError(await decide(device.user_code, true, {}), 401, 'unauthenticated', 16);
      const headers = await member();
      expectError(
        await post(t, '/v1/user/device', { user_code: device.user_code, approve: 'yes' }, headers),
        400,
        'invalid_argument',
        3,
      );
      expectError(await lookup('x'.repeat(100), headers), 400, 'invalid_argument', 3);
    });
  });
});
