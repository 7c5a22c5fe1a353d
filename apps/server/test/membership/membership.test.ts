import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UsageError, runMembershipCommand } from '../../src/modules/membership/membership-cli';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  testClock,
  type TestApp,
} from '../helper';
import { post, sessionCookieOf, signIn } from '../identity';

const dayMs = 24 * 60 * 60 * 1000;

interface VipBody {
  result: 'ACCEPTED';
  data: {
    expire: string;
    status: 'ok' | 'invalid';
    type: string;
    user_id: string;
    vipItem: { type: string; expire: string; surplus_day: number }[];
  };
}

interface AboutBody {
  quota: { limit: string; usage: string };
  quotas: { cloud_download: { limit: string }; download_traffic: { limit: string } };
  over_storage_limit: boolean;
  expires_at: string;
}

describe.each(dialects)('memberships and activation codes on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock('2030-01-01T00:00:00.000Z');
    t = await buildTestApp(
      dialect,
      {
        PLAN_FREE_STORAGE_BYTES: '100000',
        PLAN_PREMIUM_STORAGE_BYTES: '1000000',
        PLAN_FREE_CLOUD_DOWNLOADS: '5',
        PLAN_PREMIUM_CLOUD_DOWNLOADS: '500',
        PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES: '1000',
        PLAN_PREMIUM_DOWNLOAD_TRAFFIC_BYTES: '9000',
        ACTIVATION_CODE_MAX_ATTEMPTS: '8',
      },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  async function headersOf(user: { email: string; password: string }, locale = 'en-US') {
    const token = await signIn(t, user.email, user.password);
    return { authorization: `Bearer ${token.access_token}`, 'accept-language': locale };
  }

  async function member(locale = 'en-US') {
    const user = await makeUser(t);
    return { user, headers: await headersOf(user, locale) };
  }

  /** Moves the clock, then signs in again (access tokens live 15 minutes). */
  async function later(
    milliseconds: number,
    user: { email: string; password: string },
    locale = 'en-US',
  ) {
    clock.advance(milliseconds);
    return headersOf(user, locale);
  }

  type Headers = Record<string, string>;

  function vip(headers: Headers): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'GET', url: '/drive/v1/privilege/vip', headers });
  }

  function activate(headers: Headers, payload: unknown): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: '/vip/v1/order/activation-code',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  }

  async function about(headers: Headers): Promise<AboutBody> {
    const response = await t.app.inject({ method: 'GET', url: '/drive/v1/about', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AboutBody>();
  }

  function mint(
    overrides: Partial<Parameters<TestApp['container']['memberships']['mint']>[0]> = {},
  ) {
    return t.container.memberships.mint({
      type: 'platinum',
      days: 30,
      uses: 1,
      count: 1,
      expiresAt: undefined,
      userId: undefined,
      note: 'test',
      ...overrides,
    });
  }

  function expectError(response: LightMyRequestResponse, status: number, reason: string) {
    expect(response.statusCode, response.body).toBe(status);
    const error = errorOf(response);
    expect(error.error).toBe(reason);
    return error;
  }

  it('answers a free member status invalid, type novip and no items', async () => {
    const { user, headers } = await member();
    const response = await vip(headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      result: 'ACCEPTED',
      data: { expire: '', status: 'invalid', type: 'novip', user_id: user.id, vipItem: [] },
    });
    const free = await about(headers);
    expect(free).toMatchObject({
      quota: { limit: '100000', usage: '0' },
      quotas: { cloud_download: { limit: '5' }, download_traffic: { limit: '1000' } },
      over_storage_limit: false,
      expires_at: '',
    });
  });

  it('grants premium for a right code typed in any case and spacing, and the plan follows', async () => {
    const { user, headers } = await member();
    const [code = ''] = await mint({ days: 30 });
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    const typed = ` ${code.toLowerCase().replaceAll('-', ' ')} `;
    const response = await activate(headers, { activation_code: typed, data: { from: 'web' } });
    expect(response.statusCode, response.body).toBe(200);
    const expire = '2030-01-31T00:00:00.000Z';
    expect(response.json()).toEqual({
      result: 'ACCEPTED',
      granted: {
        type: 'platinum',
        days: 30,
        starts_at: '2030-01-01T00:00:00.000Z',
        expires_at: expire,
      },
      data: {
        expire,
        status: 'ok',
        type: 'platinum',
        user_id: user.id,
        vipItem: [{ type: 'platinum', expire, surplus_day: 30 }],
      },
    });
    expect((await vip(headers)).json<VipBody>().data.status).toBe('ok');
    expect(await about(headers)).toMatchObject({
      quota: { limit: '1000000' },
      quotas: { cloud_download: { limit: '500' }, download_traffic: { limit: '9000' } },
      over_storage_limit: false,
      expires_at: expire,
    });
    // Half a day later the remaining days round up.
    const halfDayLater = await later(dayMs / 2, user);
    expect((await vip(halfDayLater)).json<VipBody>().data.vipItem[0]?.surplus_day).toBe(30);
  });

  it('queues a second code after the days already held', async () => {
    const { user, headers } = await member();
    const [first = '', second = ''] = await mint({ days: 30, count: 2 });
    expect((await activate(headers, { activation_code: first })).statusCode).toBe(200);
    const response = await activate(await later(10 * dayMs, user), { activation_code: second });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      granted: { starts_at: '2030-01-31T00:00:00.000Z', expires_at: '2030-03-02T00:00:00.000Z' },
      data: { expire: '2030-03-02T00:00:00.000Z', vipItem: [{ surplus_day: 50 }] },
    });
  });

  it('lets the membership lapse: status invalid, 0 days, free limits and over the storage limit', async () => {
    const { user, headers: first } = await member();
    let headers = first;
    const [code = ''] = await mint({ days: 3 });
    expect((await activate(headers, { activation_code: code })).statusCode).toBe(200);
    // While premium the member stores more than the free plan holds.
    const digest = await t.container.blobs.ingest(Readable.from([Buffer.alloc(150_000, 7)]));
    await t.container.files.createFile(user.id, { name: 'big.bin', parentId: '', blob: digest });
    expect(await about(headers)).toMatchObject({
      quota: { limit: '1000000', usage: '150000' },
      over_storage_limit: false,
    });
    headers = await later(3 * dayMs, user);
    const lapsed = (await vip(headers)).json<VipBody>();
    expect(lapsed.data).toEqual({
      expire: '2030-01-04T00:00:00.000Z',
      status: 'invalid',
      type: 'novip',
      user_id: user.id,
      vipItem: [{ type: 'platinum', expire: '2030-01-04T00:00:00.000Z', surplus_day: 0 }],
    });
    expect(await about(headers)).toMatchObject({
      quota: { limit: '100000', usage: '150000' },
      over_storage_limit: true,
      expires_at: '',
    });
    // A copy needs room on the plan the member has now.
    const files = await t.app.inject({ method: 'GET', url: '/drive/v1/files?parent_id=', headers });
    const id = files.json<{ files: { id: string }[] }>().files[0]?.id ?? '';
    const copy = await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:batchCopy',
      headers,
      payload: { ids: [id], to: { parent_id: '' } },
    });
    expectError(copy, 403, 'file_space_not_enough');
  });

  it('answers a wrong code activation_code_invalid with a localized message', async () => {
    const { headers } = await member('ja');
    await mint();
    const error = expectError(
      await activate(headers, { activation_code: 'ABCD-EFGH-JKMN-PQRS' }),
      400,
      'activation_code_invalid',
    );
    expect(error.error_code).toBe(3);
    expect(localizedOf(error)).toEqual({
      '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
      locale: 'ja',
      message: 'アクティベーションコードが正しくありません',
    });
    expect(error.details[0]).toMatchObject({ reason: 'activation_code_invalid', domain: 'vip' });
    expect((await vip(headers)).json<VipBody>().data.status).toBe('invalid');
  });

  it('answers a used code activation_code_used, for another member and for the same one', async () => {
    const first = await member();
    const second = await member('ko');
    const [single = ''] = await mint({ uses: 1 });
    expect((await activate(first.headers, { activation_code: single })).statusCode).toBe(200);
    const error = expectError(
      await activate(second.headers, { activation_code: single }),
      400,
      'activation_code_used',
    );
    expect(error.error_code).toBe(9);
    expect(localizedOf(error)?.message).toBe('이미 사용된 활성화 코드입니다');
    // A code for many members is still redeemed once per member.
    const [shared = ''] = await mint({ uses: 5 });
    expect((await activate(first.headers, { activation_code: shared })).statusCode).toBe(200);
    expectError(
      await activate(first.headers, { activation_code: shared }),
      400,
      'activation_code_used',
    );
    expect((await activate(second.headers, { activation_code: shared })).statusCode).toBe(200);
    const held = (await vip(first.headers)).json<VipBody>();
    expect(held.data.vipItem[0]?.surplus_day).toBe(60);
  });

  it('answers an expired code activation_code_expired', async () => {
    const { user } = await member('zh-CN');
    const [code = ''] = await mint({ expiresAt: new Date(clock.now().getTime() + dayMs) });
    const headers = await later(dayMs, user, 'zh-CN');
    const error = expectError(
      await activate(headers, { activation_code: code }),
      400,
      'activation_code_expired',
    );
    expect(localizedOf(error)?.message).toBe('该激活码已过期');
  });

  it("answers another member's code as if it did not exist", async () => {
    const owner = await member();
    const other = await member();
    const [code = ''] = await mint({ userId: owner.user.id });
    expectError(
      await activate(other.headers, { activation_code: code }),
      400,
      'activation_code_invalid',
    );
    expect((await activate(owner.headers, { activation_code: code })).statusCode).toBe(200);
  });

  it.each([
    ['a number', { activation_code: 12345678 }],
    ['nothing', {}],
    ['an empty code', { activation_code: '' }],
    ['an oversized code', { activation_code: 'A'.repeat(10_000) }],
    ['an unknown field', { activation_code: 'ABCD', user_id: 'someone' }],
    ['an array', { activation_code: ['ABCD'] }],
    ['oversized data', { activation_code: 'ABCD', data: 'x'.repeat(5000) }],
  ])('answers %s with invalid_argument', async (_case, payload) => {
    const { headers } = await member('uk');
    const error = expectError(await activate(headers, payload), 400, 'invalid_argument');
    expect(localizedOf(error)?.locale).toBe('uk');
  });

  it.each([
    ['SQL', "' OR 1=1 --"],
    ['markup', '<script>alert(1)</script>'],
    ['other scripts', 'КОД-激活-코드'],
    ['a long canonical code', 'A'.repeat(100)],
    ['control characters', 'ABCD\u0000EFGH'],
  ])('answers a code of %s with activation_code_invalid', async (_case, code) => {
    const { headers } = await member();
    expectError(await activate(headers, { activation_code: code }), 400, 'activation_code_invalid');
  });

  it('limits attempts per member, right or wrong, against guessing', async () => {
    const { user, headers } = await member();
    const [code = ''] = await mint();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      expectError(
        await activate(headers, { activation_code: `WRONG${attempt}` }),
        400,
        'activation_code_invalid',
      );
    }
    const limited = await activate(headers, { activation_code: code });
    expectError(limited, 429, 'too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (await activate(await later(15 * 60 * 1000, user), { activation_code: code })).statusCode,
    ).toBe(200);
  });

  it('describes both calls and the over-limit flag in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { content: Record<string, { schema: unknown }> }> }
        >
      >;
    }>();
    expect(document.paths['/drive/v1/privilege/vip']).toHaveProperty('get');
    expect(document.paths['/vip/v1/order/activation-code']).toHaveProperty('post');
    const about = JSON.stringify(document.paths['/drive/v1/about']?.get?.responses['200']);
    expect(about).toContain('over_storage_limit');
    expect(about).toContain('after a membership lapsed');
  });

  it('needs a signed-in member for both calls', async () => {
    expectError(
      await t.app.inject({ method: 'GET', url: '/drive/v1/privilege/vip' }),
      401,
      'unauthenticated',
    );
    expectError(await activate({}, { activation_code: 'ABCD' }), 401, 'unauthenticated');
    expectError(await vip({ authorization: 'Bearer not-a-token' }), 401, 'unauthenticated');
  });

  it('redeems with the web session cookie from the site, and refuses a foreign origin', async () => {
    const user = await makeUser(t);
    const answer = await post(t, '/v1/auth/signin', {
      client_id: 'web',
      username: user.email,
      password: user.password,
    });
    const cookie = `nimbus_session=${sessionCookieOf(answer) ?? ''}`;
    const [code = ''] = await mint();
    const foreign = await activate(
      { cookie, origin: 'https://evil.example' },
      { activation_code: code },
    );
    expectError(foreign, 403, 'origin_not_allowed');
    const site = await activate(
      { cookie, origin: 'http://nimbus.test' },
      { activation_code: code },
    );
    expect(site.statusCode, site.body).toBe(200);
    const state = await vip({ cookie });
    expect(state.json<VipBody>().data).toMatchObject({ status: 'ok', user_id: user.id });
  });

  it("mints codes and grants days with the operators' command", async () => {
    const { user, headers } = await member();
    const memberships = t.container.memberships;
    const codes = await runMembershipCommand(
      ['mint', '--days', '7', '--count', '2', '--valid-days', '30', '--note', 'launch'],
      memberships,
      clock.now,
    );
    expect(codes).toHaveLength(2);
    expect((await activate(headers, { activation_code: codes[0] })).statusCode).toBe(200);
    const granted = await runMembershipCommand(
      ['grant', '--email', user.email, '--days', '3'],
      memberships,
      clock.now,
    );
    expect(granted).toEqual([
      'platinum from 2030-01-08T00:00:00.000Z until 2030-01-11T00:00:00.000Z',
    ]);
    const [personal = ''] = await runMembershipCommand(
      ['mint', '--days', '1', '--for', user.email],
      memberships,
      clock.now,
    );
    expect((await activate(headers, { activation_code: personal })).statusCode).toBe(200);
    expect((await vip(headers)).json<VipBody>().data.expire).toBe('2030-01-12T00:00:00.000Z');
    for (const argv of [
      [],
      ['mint'],
      ['mint', '--days', '0'],
      ['mint', '--days', 'x'],
      ['mint', '--days', '1', '--type', 'gold'],
      ['mint', '--days', '1', '--for', 'nobody@example.com'],
      ['grant', '--days', '1'],
      ['grant', '--email', user.email, '--days', '1', '--source', 'activation_code'],
      ['refund'],
      ['mint', '--days', '1', '--bogus'],
    ]) {
      await expect(runMembershipCommand(argv, memberships, clock.now)).rejects.toBeInstanceOf(
        UsageError,
      );
    }
  });
});
