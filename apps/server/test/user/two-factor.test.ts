import { errorMessage, isErrorReason, type Locale } from '@nimbus/contracts';
import { Secret, TOTP } from 'otpauth';
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
import { post, type TokenBody } from '../identity';

type Answer = Awaited<ReturnType<typeof post>>;

/**
 * Expects an error answer with its status, reason and code, and the catalogue's message of the
 * reason in the caller's language (and, when given, this exact text).
 */
function expectError(
  response: Answer,
  status: number,
  reason: string,
  code: number,
  locale: Locale = 'en-US',
  message?: string,
): void {
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error).toMatchObject({ error: reason, error_code: code });
  const localized = localizedOf(error);
  expect(localized?.locale).toBe(locale);
  expect(isErrorReason(reason)).toBe(true);
  expect(localized?.message).toBe(isErrorReason(reason) ? errorMessage(reason, locale) : '');
  if (locale !== 'en-US' && isErrorReason(reason)) {
    expect(localized?.message).not.toBe(errorMessage(reason, 'en-US'));
  }
  if (message !== undefined) {
    expect(localized?.message).toBe(message);
  }
}

describe.each(dialects)('two-factor sign-in on %s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });
  async function app(
    env: Record<string, string> = {},
    options: TestAppOptions = {},
  ): Promise<TestApp> {
    const built = await buildTestApp(dialect, env, options);
    apps.push(built);
    return built;
  }

  async function signIn(
    t: TestApp,
    member: TestUser,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return post(
      t,
      '/v1/auth/signin',
      { client_id: 'tv', username: member.email, password: member.password, ...extra },
      headers,
    );
  }

  async function bearer(t: TestApp, member: TestUser): Promise<Record<string, string>> {
    const response = await signIn(t, member);
    expect(response.statusCode, response.body).toBe(200);
    return { authorization: `Bearer ${response.json<TokenBody>().access_token}` };
  }

  function call(
    t: TestApp,
    method: 'GET' | 'POST',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ): Promise<Answer> {
    return t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  }

  /** Turns two-factor on for a member; answers the TOTP to make codes with and the recovery codes. */
  async function enable(t: TestApp, member: TestUser, now: () => Date) {
    const auth = await bearer(t, member);
    const setup = await call(t, 'POST', '/v1/user/two-factor/setup', auth);
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string; otpauth_uri: string }>();
    const totp = new TOTP({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    });
    const confirm = await call(t, 'POST', '/v1/user/two-factor/confirm', auth, {
      code: totp.generate({ timestamp: now().getTime() }),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    return {
      auth,
      totp,
      secret,
      recoveryCodes: confirm.json<{ recovery_codes: string[] }>().recovery_codes,
    };
  }

  it('sets up with a secret and an otpauth URI, confirms with a first code and answers ten recovery codes', async () => {
    const clock = testClock();
    const t = await app({}, { now: clock.now });
    const member = await makeUser(t);
    const auth = await bearer(t, member);
    const off = await call(t, 'GET', '/v1/user/two-factor', auth);
    expect(off.json()).toEqual({
      enabled: false,
      pending: false,
      enabled_at: null,
      recovery_codes_left: '0',
    });

    const setup = await call(t, 'POST', '/v1/user/two-factor/setup', auth);
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_uri: uri } = setup.json<{ secret: string; otpauth_uri: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('Nimbus');
    expect(decodeURIComponent(parsed.pathname)).toContain(member.email);
    expect((await call(t, 'GET', '/v1/user/two-factor', auth)).json()).toMatchObject({
      enabled: false,
      pending: true,
    });

    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const code = totp.generate({ timestamp: clock.now().getTime() });
    const wrong = code === '000000' ? '000001' : '000000';
    const refused = await call(
      t,
      'POST',
      '/v1/user/two-factor/confirm',
      { ...auth, 'accept-language': 'ja' },
      { code: wrong },
    );
    expectError(
      refused,
      400,
      'invalid_two_factor',
      4016,
      'ja',
      '2段階認証のコードが正しくありません',
    );

    const confirmed = await call(t, 'POST', '/v1/user/two-factor/confirm', auth, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const each of codes) {
      expect(each).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    }
    const on = (await call(t, 'GET', '/v1/user/two-factor', auth)).json<Record<string, unknown>>();
    expect(on).toMatchObject({
      enabled: true,
      pending: false,
      recovery_codes_left: '10',
      enabled_at: '2030-01-01T00:00:00.000Z',
    });

    // At rest the secret is sealed and the recovery codes are only hashes.
    const row = await t.container.database.db
      .selectFrom('two_factors')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.secret_box).not.toContain(secret);
    expect(row.secret_box).toMatch(/^v1\./);
    const hashes = await t.container.database.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash: hash } of hashes) {
      expect(codes.some((each) => hash.includes(each.replace('-', '')))).toBe(false);
    }

    const again = await call(t, 'POST', '/v1/user/two-factor/setup', auth);
    expectError(again, 400, 'failed_precondition', 9);
  });

  it('answers two_factor_required after a right password, then lets a right code in once', async () => {
    const clock = testClock();
    const t = await app({}, { now: clock.now });
    const member = await makeUser(t);
    const { totp } = await enable(t, member, clock.now);
    clock.advance(30_000);

    const asked = await signIn(t, member, {}, { 'accept-language': 'ko' });
    expectError(
      asked,
      401,
      'two_factor_required',
      4015,
      'ko',
      '인증 앱에 표시된 코드를 입력하세요',
    );
    expect(asked.cookies).toHaveLength(0);
    // A wrong password is still just a wrong password: the second step is not revealed.
    expectError(
      await signIn(t, { ...member, password: 'wrong horse 1' }),
      400,
      'invalid_account_or_password',
      4022,
    );

    const code = totp.generate({ timestamp: clock.now().getTime() });
    const passed = await signIn(t, member, { two_factor_code: code });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json<TokenBody>().sub).toBe(member.id);

    const replay = await signIn(
      t,
      member,
      { two_factor_code: code },
      { 'accept-language': 'zh-CN' },
    );
    expectError(replay, 400, 'invalid_two_factor', 4016, 'zh-CN');

    // The code of the previous step is refused too once a later one was used.
    const previous = totp.generate({ timestamp: clock.now().getTime() - 30_000 });
    expectError(
      await signIn(t, member, { two_factor_code: previous }),
      400,
      'invalid_two_factor',
      4016,
    );

    clock.advance(30_000);
    const next = await signIn(t, member, {
      two_factor_code: ` ${totp.generate({ timestamp: clock.now().getTime() }).replace(/(\d{3})/, '$1 ')}`,
    });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('counts wrong codes as failed sign-ins, up to the freeze', async () => {
    const clock = testClock();
    const t = await app({ AUTH_FREEZE_AFTER_FAILURES: '3' }, { now: clock.now });
    const member = await makeUser(t);
    const { totp } = await enable(t, member, clock.now);
    const device = 'c'.repeat(32);
    for (const wrong of ['12345', 'abcdef', '000000']) {
      expectError(
        await signIn(t, member, { two_factor_code: wrong }, { 'x-device-id': device }),
        400,
        'invalid_two_factor',
        4016,
      );
    }
    expect((await t.container.failures.find('device', device))?.failures).toBe(3);
    expect((await t.container.failures.find('address', '127.0.0.1'))?.failures).toBe(3);
    clock.advance(30_000);
    const frozen = await signIn(
      t,
      member,
      { two_factor_code: totp.generate({ timestamp: clock.now().getTime() }) },
      { 'accept-language': 'uk' },
    );
    expectError(frozen, 403, 'account_freeze', 50, 'uk');
  });

  it('lets a recovery code in once; a spent or wrong one answers invalid_two_factor_recovery', async () => {
    const clock = testClock();
    const t = await app({}, { now: clock.now });
    const member = await makeUser(t);
    const { auth, recoveryCodes } = await enable(t, member, clock.now);
    const [first = '', second = ''] = recoveryCodes;

    const passed = await signIn(t, member, { recovery_code: first.toUpperCase() });
    expect(passed.statusCode, passed.body).toBe(200);
    const spent = await signIn(t, member, { recovery_code: first }, { 'accept-language': 'zh-TW' });
    expectError(spent, 400, 'invalid_two_factor_recovery', 4017, 'zh-TW', '復原碼錯誤');
    expectError(
      await signIn(t, member, { recovery_code: 'aaaaa-aaaaa' }),
      400,
      'invalid_two_factor_recovery',
      4017,
    );
    expect((await call(t, 'GET', '/v1/user/two-factor', auth)).json()).toMatchObject({
      recovery_codes_left: '9',
    });

    // Another member's code is no code of this one.
    const other = await makeUser(t);
    await enable(t, other, clock.now);
    expectError(
      await signIn(t, other, { recovery_code: second }),
      400,
      'invalid_two_factor_recovery',
      4017,
    );
  });

  it('replaces the recovery codes with the password or a code; the old ones stop working', async () => {
    const clock = testClock();
    const t = await app({}, { now: clock.now });
    const member = await makeUser(t);
    const { auth, totp, recoveryCodes } = await enable(t, member, clock.now);

    const badPassword = await call(
      t,
      'POST',
      '/v1/user/two-factor/recovery-codes',
      { ...auth, 'accept-language': 'es' },
      { password: 'wrong horse 1' },
    );
    expectError(badPassword, 400, 'invalid_password', 4010, 'es');
    const badCode = await call(t, 'POST', '/v1/user/two-factor/recovery-codes', auth, {
      code: '00000a',
    });
    expectError(badCode, 400, 'invalid_two_factor', 4016);

    const renewed = await call(t, 'POST', '/v1/user/two-factor/recovery-codes', auth, {
      password: member.password,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = renewed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expectError(
      await signIn(t, member, { recovery_code: recoveryCodes[0] }),
      400,
      'invalid_two_factor_recovery',
      4017,
    );
    expect((await signIn(t, member, { recovery_code: fresh[0] })).statusCode).toBe(200);

    clock.advance(30_000);
    const withCode = await call(t, 'POST', '/v1/user/two-factor/recovery-codes', auth, {
      code: totp.generate({ timestamp: clock.now().getTime() }),
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
  });

  it('turns off with the password, a code or a recovery code; then a password alone signs in', async () => {
    const clock = testClock();
    const t = await app({}, { now: clock.now });
    const member = await makeUser(t);
    const { auth, totp, recoveryCodes } = await enable(t, member, clock.now);

    const wrong = await call(
      t,
      'POST',
      '/v1/user/two-factor/disable',
      { ...auth, 'accept-language': 'pt' },
      { password: 'wrong horse 1' },
    );
    expectError(wrong, 400, 'invalid_password', 4010, 'pt');
    expectError(
      await call(t, 'POST', '/v1/user/two-factor/disable', auth, { recovery_code: 'zzzzz-zzzzz' }),
      400,
      'invalid_two_factor_recovery',
      4017,
    );
    const stale = totp.generate({ timestamp: clock.now().getTime() });
    expectError(
      await call(t, 'POST', '/v1/user/two-factor/disable', auth, { code: stale }),
      400,
      'invalid_two_factor',
      4016,
    );

    clock.advance(30_000);
    const off = await call(t, 'POST', '/v1/user/two-factor/disable', auth, {
      code: totp.generate({ timestamp: clock.now().getTime() }),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await signIn(t, member)).statusCode).toBe(200);
    expect(
      await t.container.database.db.selectFrom('two_factor_recovery_codes').selectAll().execute(),
    ).toHaveLength(0);
    expectError(
      await call(t, 'POST', '/v1/user/two-factor/disable', auth, { password: member.password }),
      400,
      'failed_precondition',
      9,
    );

    const again = await enable(t, member, clock.now);
    const byRecovery = await call(t, 'POST', '/v1/user/two-factor/disable', again.auth, {
      recovery_code: again.recoveryCodes[3],
    });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect(recoveryCodes).not.toContain(again.recoveryCodes[3]);

    await enable(t, member, clock.now);
    const byPassword = await call(t, 'POST', '/v1/user/two-factor/disable', auth, {
      password: member.password,
    });
    expect(byPassword.statusCode, byPassword.body).toBe(200);
  });

  it('confirms only a pending set-up, and only for a signed-in member', async () => {
    const t = await app();
    const member = await makeUser(t);
    const auth = await bearer(t, member);
    expectError(
      await call(t, 'POST', '/v1/user/two-factor/confirm', auth, { code: '123456' }),
      400,
      'failed_precondition',
      9,
    );
    for (const [method, url] of [
      ['GET', '/v1/user/two-factor'],
      ['POST', '/v1/user/two-factor/setup'],
      ['POST', '/v1/user/two-factor/confirm'],
      ['POST', '/v1/user/two-factor/disable'],
      ['POST', '/v1/user/two-factor/recovery-codes'],
    ] as const) {
      const response = await call(
        t,
        method,
        url,
        { 'accept-language': 'ru' },
        method === 'POST' ? { code: '123456' } : undefined,
      );
      expectError(response, 401, 'unauthenticated', 16, 'ru');
    }
  });

  it('limits two-factor calls per member', async () => {
    const t = await app({ AUTH_RATE_MAX_PER_ACCOUNT: '3' });
    const member = await makeUser(t);
    const auth = await bearer(t, member);
    for (let i = 0; i < 3; i += 1) {
      expect((await call(t, 'POST', '/v1/user/two-factor/setup', auth)).statusCode).toBe(200);
    }
    const limited = await call(t, 'POST', '/v1/user/two-factor/setup', auth);
    expectError(limited, 429, 'too_many_requests', 8);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    ['confirm', 'an oversized code', { code: '1'.repeat(100) }],
    ['confirm', 'a number for the code', { code: 123456 }],
    ['confirm', 'an unknown field', { code: '123456', admin: true }],
    ['disable', 'no proof at all', {}],
    ['disable', 'an oversized recovery code', { recovery_code: 'r'.repeat(100) }],
    ['disable', 'an array for the password', { password: ['a'] }],
    ['recovery-codes', 'a recovery code as proof', { recovery_code: 'abcde-fghjk' }],
    ['recovery-codes', 'no proof at all', {}],
  ])('answers %s with %s as invalid_argument', async (path, _case, payload) => {
    const t = await app();
    const member = await makeUser(t);
    const auth = await bearer(t, member);
    expectError(
      await call(t, 'POST', `/v1/user/two-factor/${path}`, auth, payload),
      400,
      'invalid_argument',
      3,
    );
  });

  it.each([
    ['an oversized two_factor_code', { two_factor_code: '1'.repeat(17) }],
    ['a number for the two_factor_code', { two_factor_code: 123456 }],
    ['an oversized recovery_code', { recovery_code: 'r'.repeat(65) }],
  ])('answers a sign-in with %s as invalid_argument', async (_case, extra) => {
    const t = await app();
    const member = await makeUser(t);
    expectError(await signIn(t, member, extra), 400, 'invalid_argument', 3);
  });
});
