import * as client from 'openid-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, makeUser, type TestApp } from '../helper';
import { post, sessionCookieOf } from '../identity';
import { freePort } from '../support/processes';

/** A free loopback port: the issuer (PUBLIC_URL) must name the port before the app is built. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error('timed out');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(dialects)('openid-client against the running server on %s', (dialect) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });

  /** The real server on a loopback port, found by openid-client through discovery. */
  async function running(): Promise<{ t: TestApp; issuer: URL }> {
    const port = await freePort();
    const issuer = new URL(`http://127.0.0.1:${port}`);
    const t = await buildTestApp(dialect, {
      PUBLIC_URL: issuer.origin,
      DEVICE_CODE_INTERVAL_SECONDS: '1',
    });
    apps.push(t);
    await t.app.listen({ port, host: '127.0.0.1' });
    return { t, issuer };
  }

  function discover(issuer: URL, clientId: string): Promise<client.Configuration> {
    return client.discovery(issuer, clientId, undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
  }

  /** A member signed in to the site in a browser: their session cookie. */
  async function browserSession(t: TestApp): Promise<{ memberId: string; cookie: string }> {
    const member = await makeUser(t);
    const answer = await post(t, '/v1/auth/signin', {
      client_id: 'web',
      username: member.email,
      password: member.password,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return { memberId: member.id, cookie: `nimbus_session=${sessionCookieOf(answer)}` };
  }

  it('signs the desktop app in with the authorization code and PKCE S256 on a loopback redirect', async () => {
    const { t, issuer } = await running();
    const { memberId, cookie } = await browserSession(t);
    const config = await discover(issuer, 'desktop');
    expect(config.serverMetadata()).toMatchObject({
      issuer: issuer.origin,
      code_challenge_methods_supported: ['S256'],
      device_authorization_endpoint: `${issuer.origin}/v1/auth/device/code`,
    });

    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      // The desktop app listens on whatever port it got: RFC 8252 §7.3.
      redirect_uri: 'http://127.0.0.1:53682/oauth/callback',
      scope: 'user pan offline',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    // The member's browser follows the authorization URL while signed in to the site.
    const browser = await fetch(authorizationUrl, { redirect: 'manual', headers: { cookie } });
    expect(browser.status).toBe(302);
    const callback = new URL(browser.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe('http://127.0.0.1:53682/oauth/callback');
    expect(callback.searchParams.get('state')).toBe(state);

    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.scope).toBe('user pan offline');
    expect(tokens.refresh_token).toBeTruthy();
    const profile = await client.fetchUserInfo(config, tokens.access_token, memberId);
    expect(profile.sub).toBe(memberId);

    // The refresh token rotates through the same library, and revocation ends the session.
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token ?? '');
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await client.tokenRevocation(config, refreshed.refresh_token ?? '');
    await expect(
      client.refreshTokenGrant(config, refreshed.refresh_token ?? ''),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a replayed code through the library and revokes what the code gave', async () => {
    const { t, issuer } = await running();
    const { cookie } = await browserSession(t);
    const config = await discover(issuer, 'desktop');
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: 'http://127.0.0.1:40001/oauth/callback',
      scope: 'user pan',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const browser = await fetch(authorizationUrl, { redirect: 'manual', headers: { cookie } });
    const callback = new URL(browser.headers.get('location') ?? '');
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.scope).toBe('user pan');
    await expect(
      client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    const me = await fetch(`${issuer.origin}/v1/user/me`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.status).toBe(401);
  });

  it('signs a TV in with the device authorization grant once the member approves', async () => {
    const { t, issuer } = await running();
    const member = await makeUser(t);
    const memberToken = (
      await post(t, '/v1/auth/signin', {
        client_id: 'android',
        username: member.email,
        password: member.password,
      })
    ).json<{ access_token: string }>().access_token;
    const config = await discover(issuer, 'tv');

    const device = await client.initiateDeviceAuthorization(config, { scope: 'user pan offline' });
    expect(device.user_code).toMatch(/^[BCDFGHJKMNPQRTVWXY]{4}-[BCDFGHJKMNPQRTVWXY]{4}$/);
    expect(device.verification_uri).toBe(`${issuer.origin}/tv/activate`);
    expect(device.verification_uri_complete).toBe(
      `${issuer.origin}/tv/activate?user_code=${device.user_code}`,
    );
    expect(device.interval).toBe(1);

    const polling = client.pollDeviceAuthorizationGrant(config, device);
    // Let the TV poll and hear authorization_pending at least once before the member decides.
    await eventually(async () => {
      const row = await t.container.database.db
        .selectFrom('device_grants')
        .select('last_polled_at')
        .executeTakeFirstOrThrow();
      return row.last_polled_at !== null;
    });
    const headers = { authorization: `Bearer ${memberToken}` };
    const lookup = await t.app.inject({
      method: 'GET',
      url: '/v1/user/device',
      query: { user_code: device.user_code },
      headers,
    });
    expect(lookup.json()).toMatchObject({
      client_id: 'tv',
      client_name: 'Nimbus for TV',
      scope: 'user pan offline',
    });
    const decision = await post(
      t,
      '/v1/user/device',
      { user_code: device.user_code, approve: true },
      headers,
    );
    expect(decision.json()).toEqual({ user_code: device.user_code, status: 'approved' });

    const tokens = await polling;
    expect(tokens.scope).toBe('user pan offline');
    const profile = await client.fetchUserInfo(config, tokens.access_token, member.id);
    expect(profile.sub).toBe(member.id);
  });

  it('tells the polling TV access_denied when the member refuses', async () => {
    const { t, issuer } = await running();
    const member = await makeUser(t);
    const memberToken = (
      await post(t, '/v1/auth/signin', {
        client_id: 'android',
        username: member.email,
        password: member.password,
      })
    ).json<{ access_token: string }>().access_token;
    const config = await discover(issuer, 'tv');
    const device = await client.initiateDeviceAuthorization(config, { scope: 'user' });
    const polling = client.pollDeviceAuthorizationGrant(config, device);
    const refused = expect(polling).rejects.toMatchObject({ error: 'access_denied' });
    await post(
      t,
      '/v1/user/device',
      { user_code: device.user_code.toLowerCase(), approve: false },
      { authorization: `Bearer ${memberToken}` },
    );
    await refused;
  });
});
