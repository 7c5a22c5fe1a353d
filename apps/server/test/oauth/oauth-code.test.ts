import { createHash, randomBytes } from 'node:crypto';
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
import { post, sessionCookieOf, signIn, type TokenBody } from '../identity';

const desktopRedirect = 'http://127.0.0.1:51000/oauth/callback';

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

describe.each(dialects)('authorization code with PKCE on %s', (dialect) => {
  let t: TestApp;
  const apps: TestApp[] = [];
  async function app(
    env: Record<string, string> = {},
    options: TestAppOptions = {},
  ): Promise<TestApp> {
    const built = await buildTestApp(dialect, env, options);
    apps.push(built);
    return built;
  }
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });

  /** A signed-in member (on the Android app) whose bearer token authorizes codes. */
  async function member(): Promise<{ id: string; bearer: Record<string, string> }> {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password, 'android');
    return { id: user.id, bearer: { authorization: `Bearer ${token.access_token}` } };
  }

  function authorize(payload: Record<string, unknown>, headers: Record<string, string>) {
    return post(t, '/v1/user/authorize', payload, headers);
  }

  function exchange(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
    return post(t, '/v1/auth/token', { grant_type: 'authorization_code', ...payload }, headers);
  }

  function request(overrides: Record<string, unknown> = {}, challenge = pkce().challenge) {
    return {
      client_id: 'desktop',
      response_type: 'code',
      redirect_uri: desktopRedirect,
      scope: 'user pan offline',
      state: 'opaque-state-1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
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

  it('describes the flows in /.well-known/openid-configuration', async () => {
    t = await app();
    const response = await t.app.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: 'http://nimbus.test',
      authorization_endpoint: 'http://nimbus.test/v1/user/authorize',
      token_endpoint: 'http://nimbus.test/v1/auth/token',
      device_authorization_endpoint: 'http://nimbus.test/v1/auth/device/code',
      revocation_endpoint: 'http://nimbus.test/v1/auth/revoke',
      userinfo_endpoint: 'http://nimbus.test/v1/user/me',
      grant_types_supported: [
        'authorization_code',
        'refresh_token',
        'urn:ietf:params:oauth:grant-type:device_code',
      ],
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['user', 'pan', 'offline'],
      token_endpoint_auth_methods_supported: ['none'],
    });
    expect(response.json<{ ui_locales_supported: string[] }>().ui_locales_supported).toHaveLength(
      11,
    );
  });

  it('serves the same document at the RFC 8414 address', async () => {
    t = await app();
    const openid = await t.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    const oauth = await t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server',
    });
    expect(oauth.statusCode).toBe(200);
    expect(oauth.json()).toEqual(openid.json());
  });

  it('lists client_secret_post once a confidential client is registered', async () => {
    t = await app({
      AUTH_CLIENTS: 'web,partner',
      OAUTH_CLIENTS: JSON.stringify({
        partner: {
          type: 'confidential',
          secret: 's'.repeat(40),
          redirect_uris: ['https://partner.example/cb'],
          grant_types: ['authorization_code'],
        },
      }),
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
    });
    expect(response.json()).toMatchObject({
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    });
  });

  it('issues a code to a signed-in member and trades it once for tokens of the granted scope', async () => {
    t = await app();
    const signedIn = await member();
    const { verifier, challenge } = pkce();
    const answer = await authorize(request({ scope: 'pan user' }, challenge), signedIn.bearer);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const { code, state } = answer.json<{ code: string; state: string }>();
    expect(state).toBe('opaque-state-1');

    const tokens = await exchange({
      client_id: 'desktop',
      code,
      redirect_uri: desktopRedirect,
      code_verifier: verifier,
    });
    expect(tokens.statusCode, tokens.body).toBe(200);
    const token = tokens.json<TokenBody>();
    expect(token).toMatchObject({ token_type: 'Bearer', sub: signedIn.id, scope: 'user pan' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/v1/user/me',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.json()).toMatchObject({ sub: signedIn.id });
    // The refresh token rotates like any other and keeps the narrowed scope.
    const refreshed = await post(t, '/v1/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: token.refresh_token,
      client_id: 'desktop',
    });
    expect(refreshed.json<TokenBody>().scope).toBe('user pan');
  });

  it('grants every scope of the client when none is asked for', async () => {
    t = await app();
    const signedIn = await member();
    const { verifier, challenge } = pkce();
    const answer = await authorize(request({ scope: undefined }, challenge), signedIn.bearer);
    const tokens = await exchange({
      client_id: 'desktop',
      code: answer.json<{ code: string }>().code,
      redirect_uri: desktopRedirect,
      code_verifier: verifier,
    });
    expect(tokens.json<TokenBody>().scope).toBe('user pan offline');
  });

  it('accepts a form-encoded token request', async () => {
    t = await app();
    const signedIn = await member();
    const { verifier, challenge } = pkce();
    const { code } = (await authorize(request({}, challenge), signedIn.bearer)).json<{
      code: string;
    }>();
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'desktop',
        code,
        redirect_uri: desktopRedirect,
        code_verifier: verifier,
      }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('lets the web session authorize from an allowed origin, and gives the site its session cookie on exchange', async () => {
    t = await app();
    const user = await makeUser(t);
    const signin = await post(t, '/v1/auth/signin', {
      client_id: 'web',
      username: user.email,
      password: user.password,
    });
    const cookie = `nimbus_session=${sessionCookieOf(signin)}`;
    const { verifier, challenge } = pkce();
    const payload = request(
      { client_id: 'web', redirect_uri: 'http://nimbus.test/auth-success' },
      challenge,
    );
    const foreign = await authorize(payload, { cookie, origin: 'https://evil.example' });
    expectError(foreign, 403, 'origin_not_allowed', 7);
    const answer = await authorize(payload, { cookie, origin: 'http://nimbus.test' });
    expect(answer.statusCode, answer.body).toBe(200);
    const tokens = await exchange(
      {
        client_id: 'web',
        code: answer.json<{ code: string }>().code,
        redirect_uri: 'http://nimbus.test/auth-success',
        code_verifier: verifier,
      },
      { origin: 'http://nimbus.test' },
    );
    expect(tokens.statusCode, tokens.body).toBe(200);
    expect(sessionCookieOf(tokens)).toBeTruthy();
  });

  describe('the browser form (GET)', () => {
    it('redirects a signed-in member to redirect_uri with code and state', async () => {
      t = await app();
      const signedIn = await member();
      const { verifier, challenge } = pkce();
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/user/authorize',
        query: request({}, challenge),
        headers: signedIn.bearer,
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers['cache-control']).toBe('no-store');
      const location = new URL(String(response.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(desktopRedirect);
      expect(location.searchParams.get('state')).toBe('opaque-state-1');
      const tokens = await exchange({
        client_id: 'desktop',
        code: location.searchParams.get('code'),
        redirect_uri: desktopRedirect,
        code_verifier: verifier,
      });
      expect(tokens.statusCode).toBe(200);
    });

    it('sends a member who is not signed in to the sign-in page, which returns to the request', async () => {
      t = await app();
      const query = request();
      const response = await t.app.inject({ method: 'GET', url: '/v1/user/authorize', query });
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe('http://nimbus.test/auth');
      const returnTo = location.searchParams.get('return_to') ?? '';
      expect(returnTo.startsWith('/v1/user/authorize?')).toBe(true);
      expect(Object.fromEntries(new URL(returnTo, 'http://nimbus.test').searchParams)).toEqual(
        query,
      );
    });

    it.each([
      ['a scope the client may not have', { scope: 'user admin' }, 'invalid_scope'],
      ['another response type', { response_type: 'token' }, 'unsupported_response_type'],
      [
        'no PKCE challenge',
        { code_challenge: undefined, code_challenge_method: undefined },
        'invalid_request',
      ],
    ])('sends %s back to the client as error and state', async (_case, overrides, reason) => {
      t = await app();
      const signedIn = await member();
      const response = await t.app.inject({
        method: 'GET',
        url: '/v1/user/authorize',
        query: request(overrides),
        headers: signedIn.bearer,
      });
      expect(response.statusCode).toBe(302);
      const location = new URL(String(response.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(desktopRedirect);
      expect(location.searchParams.get('error')).toBe(reason);
      expect(location.searchParams.get('error_description')).toBeTruthy();
      expect(location.searchParams.get('state')).toBe('opaque-state-1');
      expect(location.searchParams.has('code')).toBe(false);
    });

    it.each([
      [
        "another client's redirect URI",
        { redirect_uri: 'http://nimbus.test/auth-success' },
        400,
        'invalid_request',
        4121,
      ],
      ['an unknown client', { client_id: 'toaster' }, 401, 'unauthorized_client', 4122],
    ])(
      'never redirects for %s: it answers the error object',
      async (_case, overrides, status, reason, code) => {
        t = await app();
        const signedIn = await member();
        const response = await t.app.inject({
          method: 'GET',
          url: '/v1/user/authorize',
          query: request(overrides),
          headers: { ...signedIn.bearer, 'accept-language': 'zh-TW' },
        });
        expect(response.headers.location).toBeUndefined();
        const { localized } = expectError(response, status, reason, code);
        expect(localized?.locale).toBe('zh-TW');
      },
    );
  });

  describe('redirect URIs', () => {
    it.each([
      ['the loopback address on any port', 'http://127.0.0.1:65000/oauth/callback', 200],
      ['the IPv6 loopback on any port', 'http://[::1]:8080/oauth/callback', 200],
      ['the loopback address on another path', 'http://127.0.0.1:65000/oauth/callback/x', 400],
      ['localhost instead of the address', 'http://localhost:65000/oauth/callback', 400],
      ['a query that was not registered', 'http://127.0.0.1:65000/oauth/callback?next=x', 400],
      ['user info before the host', 'http://127.0.0.1:80@evil.example/oauth/callback', 400],
      ['a fragment', 'http://127.0.0.1:65000/oauth/callback#x', 400],
      ['https on the loopback address', 'https://127.0.0.1:65000/oauth/callback', 400],
      ["the site's page (another client's)", 'http://nimbus.test/auth-success', 400],
    ])('for the desktop app: %s', async (_case, redirectUri, status) => {
      t = await app();
      const signedIn = await member();
      const response = await authorize(request({ redirect_uri: redirectUri }), signedIn.bearer);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 400) {
        expect(errorOf(response)).toMatchObject({ error: 'invalid_request', error_code: 4121 });
      }
    });

    it('follows OAUTH_CLIENTS when it replaces the registered URIs', async () => {
      t = await app({
        OAUTH_CLIENTS: JSON.stringify({ desktop: { redirect_uris: ['https://desk.example/cb'] } }),
      });
      const signedIn = await member();
      expect(
        (await authorize(request({ redirect_uri: 'https://desk.example/cb' }), signedIn.bearer))
          .statusCode,
      ).toBe(200);
      expect((await authorize(request(), signedIn.bearer)).statusCode).toBe(400);
    });
  });

  describe('errors at the authorization endpoint', () => {
    it.each([
      [
        "another client's redirect URI",
        { redirect_uri: 'http://nimbus.test/auth-success' },
        400,
        'invalid_request',
        4121,
        'ja',
        'ログインリクエストが無効です',
      ],
      [
        'no redirect URI',
        { redirect_uri: undefined },
        400,
        'invalid_request',
        4121,
        'en-US',
        'The sign-in request is not valid',
      ],
      [
        'no client',
        { client_id: undefined },
        400,
        'invalid_request',
        4121,
        'en-US',
        'The sign-in request is not valid',
      ],
      [
        'an unknown client',
        { client_id: 'toaster' },
        401,
        'unauthorized_client',
        4122,
        'en-US',
        'This app is not allowed to sign in this way',
      ],
      [
        'a client without the code grant (tv)',
        { client_id: 'tv' },
        401,
        'unauthorized_client',
        4122,
        'ko',
        '이 앱은 이 방식으로 로그인할 수 없습니다',
      ],
      [
        'a wrong scope',
        { scope: 'user everything' },
        400,
        'invalid_scope',
        4125,
        'en-US',
        'The requested permissions are not valid',
      ],
      [
        'an implicit grant request',
        { response_type: 'token' },
        400,
        'unsupported_response_type',
        4124,
        'en-US',
        'This sign-in method is not supported',
      ],
      [
        'no code challenge',
        { code_challenge: undefined },
        400,
        'invalid_request',
        4121,
        'en-US',
        'The sign-in request is not valid',
      ],
      [
        'the plain challenge method',
        { code_challenge_method: 'plain' },
        400,
        'invalid_request',
        4121,
        'en-US',
        'The sign-in request is not valid',
      ],
      [
        'a malformed challenge',
        { code_challenge: 'short' },
        400,
        'invalid_request',
        4121,
        'en-US',
        'The sign-in request is not valid',
      ],
    ])('answers %s with %s', async (_case, overrides, status, reason, code, locale, message) => {
      t = await app();
      const signedIn = await member();
      const response = await authorize(request(overrides), {
        ...signedIn.bearer,
        'accept-language': locale,
      });
      const { localized } = expectError(response, status, reason, code);
      expect(localized).toMatchObject({ locale, message });
    });

    it('answers a repeated parameter in the browser form with invalid_argument, never a 500', async () => {
      t = await app();
      const signedIn = await member();
      const response = await t.app.inject({
        method: 'GET',
        url: `/v1/user/authorize?client_id=desktop&client_id=web&response_type=code&redirect_uri=${encodeURIComponent(desktopRedirect)}`,
        headers: signedIn.bearer,
      });
      expectError(response, 400, 'invalid_argument', 3);
    });

    it('answers unauthenticated without credentials', async () => {
      t = await app();
      expectError(await authorize(request(), {}), 401, 'unauthenticated', 16);
    });

    it.each([
      ['an oversized state', { state: 's'.repeat(5000) }],
      ['an oversized redirect URI', { redirect_uri: `http://127.0.0.1/${'a'.repeat(5000)}` }],
      ['a number for the client', { client_id: 42 }],
      ['an object for the scope', { scope: { $ne: 1 } }],
    ])('answers %s with invalid_argument, never a 500', async (_case, overrides) => {
      t = await app();
      const signedIn = await member();
      expectError(await authorize(request(overrides), signedIn.bearer), 400, 'invalid_argument', 3);
    });
  });

  describe('errors at the token endpoint', () => {
    async function codeFor(overrides: Record<string, unknown> = {}) {
      const signedIn = await member();
      const { verifier, challenge } = pkce();
      const answer = await authorize(request(overrides, challenge), signedIn.bearer);
      expect(answer.statusCode, answer.body).toBe(200);
      return { signedIn, verifier, code: answer.json<{ code: string }>().code };
    }

    it('refuses a wrong verifier, and the code is spent by the attempt', async () => {
      t = await app();
      const { code, verifier } = await codeFor();
      const wrong = await exchange(
        {
          client_id: 'desktop',
          code,
          redirect_uri: desktopRedirect,
          code_verifier: pkce().verifier,
        },
        { 'accept-language': 'ru' },
      );
      const { error, localized } = expectError(wrong, 400, 'invalid_grant', 4126);
      expect(error.error_description).toBe('code_verifier does not match the code_challenge');
      expect(localized).toMatchObject({ locale: 'ru' });
      expect(localized?.message).not.toBe('The sign-in has expired, please sign in again');
      const right = await exchange({
        client_id: 'desktop',
        code,
        redirect_uri: desktopRedirect,
        code_verifier: verifier,
      });
      expectError(right, 400, 'invalid_grant', 4126);
    });

    it('refuses a replayed code and revokes the tokens it gave', async () => {
      t = await app();
      const { code, verifier } = await codeFor();
      const first = await exchange({
        client_id: 'desktop',
        code,
        redirect_uri: desktopRedirect,
        code_verifier: verifier,
      });
      const token = first.json<TokenBody>();
      const replay = await exchange(
        { client_id: 'desktop', code, redirect_uri: desktopRedirect, code_verifier: verifier },
        { 'accept-language': 'ja' },
      );
      const { error, localized } = expectError(replay, 400, 'invalid_grant', 4126);
      expect(error.error_description).toBe('The authorization code was already used');
      expect(localized).toEqual({
        '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
        locale: 'ja',
        message: 'ログインの有効期限が切れました。もう一度ログインしてください',
      });
      const me = await t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(me.statusCode).toBe(401);
      const refresh = await post(t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: token.refresh_token,
        client_id: 'desktop',
      });
      expectError(refresh, 400, 'invalid_grant', 4126);
    });

    it('lets no one keep tokens when two exchanges of one code race', async () => {
      t = await app();
      const { code, verifier } = await codeFor();
      const payload = {
        client_id: 'desktop',
        code,
        redirect_uri: desktopRedirect,
        code_verifier: verifier,
      };
      const answers = await Promise.all([exchange(payload), exchange(payload)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<TokenBody>();
      const me = await t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: { authorization: `Bearer ${winner.access_token}` },
      });
      expect(me.statusCode).toBe(401);
    });

    it('refuses a code after OAUTH_CODE_TTL_SECONDS', async () => {
      const clock = testClock();
      t = await app({}, { now: clock.now });
      const { code, verifier } = await codeFor();
      clock.advance(61_000);
      const late = await exchange({
        client_id: 'desktop',
        code,
        redirect_uri: desktopRedirect,
        code_verifier: verifier,
      });
      expect(expectError(late, 400, 'invalid_grant', 4126).error.error_description).toBe(
        'The authorization code has expired',
      );
    });

    it('drops codes a day after they expired', async () => {
      const clock = testClock();
      t = await app({}, { now: clock.now });
      await codeFor();
      clock.advance(2 * 86_400_000);
      await codeFor();
      const rows = await t.container.database.db
        .selectFrom('oauth_codes')
        .select('code_hash')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a code presented by another client', async () => {
      t = await app();
      const { code, verifier } = await codeFor();
      const stolen = await exchange({
        client_id: 'android',
        code,
        redirect_uri: desktopRedirect,
        code_verifier: verifier,
      });
      expect(expectError(stolen, 400, 'invalid_grant', 4126).error.error_description).toBe(
        'The authorization code belongs to another client',
      );
    });

    it('refuses a redirect URI other than the one of the request', async () => {
      t = await app();
      const { code, verifier } = await codeFor();
      const other = await exchange({
        client_id: 'desktop',
        code,
        redirect_uri: 'http://127.0.0.1:51001/oauth/callback',
        code_verifier: verifier,
      });
      expectError(other, 400, 'invalid_grant', 4126);
    });

    it('refuses a code of a member blocked since', async () => {
      t = await app();
      const { code, verifier, signedIn } = await codeFor();
      await t.container.database.db
        .updateTable('users')
        .set({ status: 'blocked' })
        .where('id', '=', signedIn.id)
        .execute();
      const blocked = await exchange({
        client_id: 'desktop',
        code,
        redirect_uri: desktopRedirect,
        code_verifier: verifier,
      });
      expectError(blocked, 400, 'invalid_grant', 4126);
    });

    it.each([
      [
        'no code',
        { client_id: 'desktop', redirect_uri: desktopRedirect, code_verifier: 'v'.repeat(43) },
        400,
        'invalid_request',
        4121,
      ],
      [
        'no redirect URI',
        { client_id: 'desktop', code: 'x', code_verifier: 'v'.repeat(43) },
        400,
        'invalid_request',
        4121,
      ],
      [
        'no verifier',
        { client_id: 'desktop', code: 'x', redirect_uri: desktopRedirect },
        400,
        'invalid_request',
        4121,
      ],
      [
        'a made-up code',
        {
          client_id: 'desktop',
          code: 'x'.repeat(43),
          redirect_uri: desktopRedirect,
          code_verifier: 'v'.repeat(43),
        },
        400,
        'invalid_grant',
        4126,
      ],
      [
        'an oversized code',
        {
          client_id: 'desktop',
          code: 'x'.repeat(5000),
          redirect_uri: desktopRedirect,
          code_verifier: 'v'.repeat(43),
        },
        400,
        'invalid_argument',
        3,
      ],
      [
        'a client without the code grant',
        {
          client_id: 'tv',
          code: 'x',
          redirect_uri: desktopRedirect,
          code_verifier: 'v'.repeat(43),
        },
        401,
        'unauthorized_client',
        4122,
      ],
      [
        'an unknown client',
        {
          client_id: 'toaster',
          code: 'x',
          redirect_uri: desktopRedirect,
          code_verifier: 'v'.repeat(43),
        },
        401,
        'unauthorized_client',
        4122,
      ],
      [
        'an array for the code',
        { client_id: 'desktop', code: ['x'], redirect_uri: desktopRedirect },
        400,
        'invalid_argument',
        3,
      ],
    ])('answers %s with %s', async (_case, payload, status, reason, code) => {
      t = await app();
      const response = await exchange(payload, { 'accept-language': 'es' });
      const { localized } = expectError(response, status, reason, code);
      expect(localized?.locale).toBe('es');
    });
  });

  describe('confidential clients', () => {
    const partner = {
      AUTH_CLIENTS: 'web,partner',
      OAUTH_CLIENTS: JSON.stringify({
        partner: {
          name: 'Partner',
          type: 'confidential',
          secret: 'p'.repeat(40),
          redirect_uris: ['https://partner.example/cb'],
          grant_types: ['authorization_code', 'refresh_token'],
        },
      }),
    };

    it('may skip PKCE but must present their secret', async () => {
      t = await app(partner);
      const user = await makeUser(t);
      const token = await signIn(t, user.email, user.password, 'web');
      const bearer = { authorization: `Bearer ${token.access_token}` };
      const answer = await authorize(
        {
          client_id: 'partner',
          response_type: 'code',
          redirect_uri: 'https://partner.example/cb',
          scope: 'user',
          state: 's',
        },
        bearer,
      );
      expect(answer.statusCode, answer.body).toBe(200);
      const { code } = answer.json<{ code: string }>();
      const wrongSecret = await exchange({
        client_id: 'partner',
        client_secret: 'q'.repeat(40),
        code,
        redirect_uri: 'https://partner.example/cb',
      });
      expectError(wrongSecret, 401, 'unauthorized_client', 4122);
      const tokens = await exchange({
        client_id: 'partner',
        client_secret: 'p'.repeat(40),
        code,
        redirect_uri: 'https://partner.example/cb',
      });
      expect(tokens.statusCode, tokens.body).toBe(200);
      expect(tokens.json<TokenBody>().scope).toBe('user');
      // Refreshing needs the secret too.
      const refreshToken = tokens.json<TokenBody>().refresh_token;
      const bare = await post(t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'partner',
      });
      expectError(bare, 401, 'unauthorized_client', 4122);
      const refreshed = await post(t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'partner',
        client_secret: 'p'.repeat(40),
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    });
  });
});
