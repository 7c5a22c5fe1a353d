import { afterEach, describe, expect, it } from 'vitest';
import { configWarnings } from '../../src/config';
import { computeCaptchaSign } from '../../src/modules/shield/captcha-sign';
import { buildTestApp, dialects, errorOf, makeUser, ok, testClock, type TestApp } from '../helper';
import { post, signIn, signedInMember } from '../identity';
import { solvedCaptchaToken } from '../support/captcha';

/*
 * Sign-in, the captcha shield and the membership calls as clients of the original service use
 * them (docs/api.md#user-service and #account-and-membership).
 */
describe.each(dialects)('accounts for clients of the original service, on %s', (dialect) => {
  const apps: TestApp[] = [];
  async function app(env: Record<string, string> = {}, now?: () => Date): Promise<TestApp> {
    const built = await buildTestApp(dialect, env, now ? { now } : {});
    apps.push(built);
    return built;
  }
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });

  const deviceId = 'd'.repeat(32);

  it('takes a captcha action with the origin in it (POST:https://host/path) by its method and path', async () => {
    const t = await app({ SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES: '1' });
    const member = await makeUser(t);
    const client = { deviceId, address: '198.51.100.7' };
    function signInWith(captchaToken?: string) {
      return t.app.inject({
        method: 'POST',
        url: '/v1/auth/signin',
        remoteAddress: client.address,
        headers: { 'x-device-id': deviceId },
        payload: {
          client_id: 'web',
          username: member.email,
          password: member.password,
          ...(captchaToken === undefined ? {} : { captcha_token: captchaToken }),
        },
      });
    }
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/signin',
      remoteAddress: client.address,
      headers: { 'x-device-id': deviceId },
      payload: { client_id: 'web', username: member.email, password: 'wrong horse 1' },
    });
    expect(errorOf(wrong).error).toBe('invalid_account_or_password');
    expect(errorOf(await signInWith()).error).toBe('captcha_required');

    const token = await solvedCaptchaToken(t, client, 'POST:https://nimbus.test/v1/auth/signin', {
      email: member.email,
    });
    // A token asked for another path is still not one for sign-in.
    const other = await solvedCaptchaToken(t, client, 'POST:https://nimbus.test/v1/auth/signup', {
      email: member.email,
    });
    expect(errorOf(await signInWith(other)).error).toBe('captcha_invalid');

    const signedIn = ok<{ sub: string }>(await signInWith(token));
    expect(signedIn.sub).toBe(member.id);
  });

  it("signs captcha meta with a client's own salt list, whatever its length", async () => {
    const clock = testClock();
    const salts = ['first', 'second', 'third'];
    const t = await app({ SHIELD_CLIENT_SALTS: JSON.stringify({ android: salts }) }, clock.now);
    const timestamp = String(clock.now().getTime());
    const meta = {
      client_version: '1.42.6',
      package_name: 'com.example.drive',
      user_id: 'someone',
      timestamp,
    };
    const sign = (list: string[]) =>
      computeCaptchaSign(
        {
          clientId: 'android',
          clientVersion: meta.client_version,
          packageName: meta.package_name,
          deviceId,
          timestamp,
        },
        list,
      );
    const init = (captchaSign: string) =>
      post(t, '/v1/shield/captcha/init', {
        client_id: 'android',
        action: 'GET:/drive/v1/files',
        device_id: deviceId,
        meta: { ...meta, captcha_sign: captchaSign },
      });
    const good = await init(sign(salts));
    expect(good.statusCode, good.body).toBe(200);
    expect(errorOf(await init(sign([...salts, 'fourth']))).error).toBe('captcha_invalid');
  });

  it("takes an operator's OAuth client secret shorter than 32 characters, with a warning", async () => {
    const env = {
      AUTH_CLIENTS: 'web,android,legacy',
      OAUTH_CLIENTS: JSON.stringify({
        legacy: {
          type: 'confidential',
          secret: 'shortsecret1',
          redirect_uris: ['https://legacy.example/cb'],
          grant_types: ['authorization_code'],
        },
      }),
    };
    const t = await app(env);
    expect(configWarnings(t.config)).toEqual([
      'OAUTH_CLIENTS: the secret of legacy has 12 characters; 32 or more are advised',
    ]);
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password, 'android');
    const authorized = await post(
      t,
      '/v1/user/authorize',
      {
        client_id: 'legacy',
        response_type: 'code',
        redirect_uri: 'https://legacy.example/cb',
        scope: 'user',
        state: 's',
      },
      { authorization: `Bearer ${token.access_token}` },
    );
    const { code } = ok<{ code: string }>(authorized);
    const exchanged = await post(t, '/v1/auth/token', {
      grant_type: 'authorization_code',
      client_id: 'legacy',
      client_secret: 'shortsecret1',
      code,
      redirect_uri: 'https://legacy.example/cb',
    });
    expect(ok<{ sub: string }>(exchanged).sub).toBe(user.id);
  });

  it("answers GET /vip/v1/activity/inviteCode with the member's invite code", async () => {
    const t = await app();
    const { headers } = await signedInMember(t);
    const first = ok<{ code: string }>(
      await t.app.inject({ method: 'GET', url: '/vip/v1/activity/inviteCode', headers }),
    );
    expect(first.code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const page = ok<{ data: { invite_code: string } }>(
      await t.app.inject({
        method: 'GET',
        url: '/vip/v1/activity/inviteExtActivityPage',
        headers,
      }),
    );
    expect(page.data.invite_code).toBe(first.code);
    const other = await signedInMember(t);
    const theirs = ok<{ code: string }>(
      await t.app.inject({
        method: 'GET',
        url: '/vip/v1/activity/inviteCode',
        headers: other.headers,
      }),
    );
    expect(theirs.code).not.toBe(first.code);
  });

  it("answers GET /vip/v1/quantity/list?type=transfer with the plan's transfer allowances", async () => {
    const t = await app({
      PLAN_FREE_OFFLINE_TRAFFIC_BYTES: '5000000',
      PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES: '7000000',
    });
    const { headers } = await signedInMember(t);
    const quota = ok<Record<string, unknown>>(
      await t.app.inject({ method: 'GET', url: '/vip/v1/quantity/list?type=transfer', headers }),
    );
    expect(quota).toMatchObject({
      transfer: { offline: { total_assets: 5_000_000, assets: 0 } },
      data: null,
      has_more: false,
      base: {
        vip_status: 'invalid',
        expire_time: '',
        offline: { total_assets: 5_000_000, assets: 0, size: 0 },
        download: { total_assets: 7_000_000, assets: 0, size: 0 },
        upload: { total_assets: 0, assets: 0, size: 0 },
      },
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/vip/v1/quantity/list?type=storage',
      headers,
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).error_description).toContain('querystring.type:');
  });
});
