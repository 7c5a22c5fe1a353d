import { describe, expect, it } from 'vitest';
import { dialects, errorOf, makeUser } from '../helper';
import { post, sessionCookieOf, signIn, type TokenBody } from '../identity';
import { desktopRedirect, pkce, useCodeApp } from './oauth-code-fixture';

describe.each(dialects)('authorization code with PKCE on %s', (dialect) => {
  const f = useCodeApp(dialect);
  const { app, member, authorize, exchange, request, expectError } = f;

  it('describes the flows in /.well-known/openid-configuration', async () => {
    f.t = await app();
    const response = await f.t.app.inject({
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
    f.t = await app();
    const openid = await f.t.app.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
    });
    const oauth = await f.t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server',
    });
    expect(oauth.statusCode).toBe(200);
    expect(oauth.json()).toEqual(openid.json());
  });

  it('lists client_secret_post once a confidential client is registered', async () => {
    f.t = await app({
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
    const response = await f.t.app.inject({
      method: 'GET',
      url: '/.well-known/openid-configuration',
    });
    expect(response.json()).toMatchObject({
      token_endpoint_auth_methods_supported: ['none', 'client_secret_post'],
    });
  });

  it('issues a code to a signed-in member and trades it once for tokens of the granted scope', async () => {
    f.t = await app();
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
    const me = await f.t.app.inject({
      method: 'GET',
      url: '/v1/user/me',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.json()).toMatchObject({ sub: signedIn.id });
    // The refresh token rotates like any other and keeps the narrowed scope.
    const refreshed = await post(f.t, '/v1/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: token.refresh_token,
      client_id: 'desktop',
    });
    expect(refreshed.json<TokenBody>().scope).toBe('user pan');
  });

  it('grants every scope of the client when none is asked for', async () => {
    f.t = await app();
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
    f.t = await app();
    const signedIn = await member();
    const { verifier, challenge } = pkce();
    const { code } = (await authorize(request({}, challenge), signedIn.bearer)).json<{
      code: string;
    }>();
    const response = await f.t.app.inject({
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
    f.t = await app();
    const user = await makeUser(f.t);
    const signin = await post(f.t, '/v1/auth/signin', {
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
      f.t = await app();
      const signedIn = await member();
      const { verifier, challenge } = pkce();
      const response = await f.t.app.inject({
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
      f.t = await app();
      const query = request();
      const response = await f.t.app.inject({ method: 'GET', url: '/v1/user/authorize', query });
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
      f.t = await app();
      const signedIn = await member();
      const response = await f.t.app.inject({
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
        f.t = await app();
        const signedIn = await member();
        const response = await f.t.app.inject({
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
      f.t = await app();
      const signedIn = await member();
      const response = await authorize(request({ redirect_uri: redirectUri }), signedIn.bearer);
      expect(response.statusCode, response.body).toBe(status);
      if (status === 400) {
        expect(errorOf(response)).toMatchObject({ error: 'invalid_request', error_code: 4121 });
      }
    });

    it('follows OAUTH_CLIENTS when it replaces the registered URIs', async () => {
      f.t = await app({
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
      f.t = await app(partner);
      const user = await makeUser(f.t);
      const token = await signIn(f.t, user.email, user.password, 'web');
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
      const bare = await post(f.t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'partner',
      });
      expectError(bare, 401, 'unauthorized_client', 4122);
      const refreshed = await post(f.t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'partner',
        client_secret: 'p'.repeat(40),
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
    });
  });
});
