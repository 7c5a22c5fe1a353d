import { SignJWT } from 'jose';
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

describe.each(dialects)('sessions and tokens on %s', (dialect) => {
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

  function me(headers: Record<string, string>) {
    return t.app.inject({ method: 'GET', url: '/v1/user/me', headers });
  }
  function refresh(refreshToken: string, clientId = 'tv') {
    return post(t, '/v1/auth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
    });
  }

  describe('refresh', () => {
    it('rotates the refresh token on every use and keeps the session', async () => {
      t = await app();
      const member = await makeUser(t);
      const first = await signIn(t, member.email, member.password);
      const response = await refresh(first.refresh_token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const second = response.json<TokenBody>();
      expect(second).toMatchObject({
        token_type: 'Bearer',
        sub: member.id,
        expires_in: 900,
        scope: 'user pan offline',
      });
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect((await me({ authorization: `Bearer ${second.access_token}` })).statusCode).toBe(200);
      // The first access token belongs to the same session and keeps working until it expires.
      expect((await me({ authorization: `Bearer ${first.access_token}` })).statusCode).toBe(200);
      const third = await refresh(second.refresh_token);
      expect(third.statusCode).toBe(200);
    });

    it('accepts a form-encoded body, as OAuth clients send it', async () => {
      t = await app();
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password);
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: token.refresh_token,
          client_id: 'tv',
        }).toString(),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<TokenBody>().sub).toBe(member.id);
    });

    it('revokes the whole family when a rotated token is used again', async () => {
      t = await app();
      const member = await makeUser(t);
      const first = await signIn(t, member.email, member.password);
      const second = (await refresh(first.refresh_token)).json<TokenBody>();
      const reuse = await refresh(first.refresh_token);
      expect(reuse.statusCode).toBe(400);
      expect(errorOf(reuse)).toMatchObject({ error: 'invalid_grant', error_code: 4126 });
      // The thief's copy and the member's current tokens are all dead now.
      expect(errorOf(await refresh(second.refresh_token)).error).toBe('invalid_grant');
      expect((await me({ authorization: `Bearer ${second.access_token}` })).statusCode).toBe(401);
      // Another session of the same member is untouched.
      const other = await signIn(t, member.email, member.password);
      expect((await refresh(other.refresh_token)).statusCode).toBe(200);
    });

    it('revokes the family when two refreshes race with one token', async () => {
      t = await app();
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password);
      const answers = await Promise.all([
        refresh(token.refresh_token),
        refresh(token.refresh_token),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 400]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<TokenBody>();
      expect(errorOf(await refresh(winner.refresh_token)).error).toBe('invalid_grant');
    });

    it.each([
      ['a made-up token', 'x'.repeat(43), 'tv'],
      ['an oversized token', 'x'.repeat(5000), 'tv'],
    ])('answers %s with invalid_grant', async (_case, refreshToken, clientId) => {
      t = await app();
      const response = await post(
        t,
        '/v1/auth/token',
        { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId },
        { 'accept-language': 'ja' },
      );
      expect(response.statusCode).toBe(400);
      const error = errorOf(response);
      expect(error).toMatchObject({ error: 'invalid_grant', error_code: 4126 });
      expect(localizedOf(error)).toMatchObject({
        locale: 'ja',
        message: 'ログインの有効期限が切れました。もう一度ログインしてください',
      });
    });

    it('answers a token presented by another client with invalid_grant', async () => {
      t = await app();
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password, 'tv');
      expect(errorOf(await refresh(token.refresh_token, 'desktop')).error).toBe('invalid_grant');
      // The rightful client can still use it.
      expect((await refresh(token.refresh_token, 'tv')).statusCode).toBe(200);
    });

    it('answers an expired refresh token with invalid_grant', async () => {
      const clock = testClock();
      t = await app({ REFRESH_TOKEN_TTL_SECONDS: '3600' }, { now: clock.now });
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password);
      clock.advance(3601_000);
      expect(errorOf(await refresh(token.refresh_token)).error).toBe('invalid_grant');
    });

    it('gives no new tokens to a member blocked since signing in', async () => {
      t = await app();
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password);
      await t.container.database.db
        .updateTable('users')
        .set({ status: 'blocked' })
        .where('id', '=', member.id)
        .execute();
      expect(errorOf(await refresh(token.refresh_token)).error).toBe('invalid_grant');
      expect((await me({ authorization: `Bearer ${token.access_token}` })).statusCode).toBe(401);
    });

    it.each([
      [
        'an unsupported grant type',
        { grant_type: 'password', client_id: 'tv' },
        400,
        'invalid_request',
        4121,
      ],
      [
        'a missing refresh token',
        { grant_type: 'refresh_token', client_id: 'tv' },
        400,
        'invalid_request',
        4121,
      ],
      [
        'an unknown client',
        { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'toaster' },
        401,
        'unauthorized_client',
        4122,
      ],
      [
        'a number for the grant type',
        { grant_type: 7, client_id: 'tv' },
        400,
        'invalid_argument',
        3,
      ],
      [
        'no client',
        { grant_type: 'refresh_token', refresh_token: 'x' },
        400,
        'invalid_argument',
        3,
      ],
    ])('answers %s with %s', async (_case, payload, status, reason, code) => {
      t = await app();
      const response = await post(t, '/v1/auth/token', payload, { 'accept-language': 'ko' });
      expect(response.statusCode).toBe(status);
      const error = errorOf(response);
      expect(error).toMatchObject({ error: reason, error_code: code });
      expect(localizedOf(error)?.locale).toBe('ko');
    });
  });

  describe('access tokens', () => {
    it('let a member call the drive: /drive/v1/about answers their quota', async () => {
      t = await app();
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password);
      const about = await t.app.inject({
        method: 'GET',
        url: '/drive/v1/about',
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(about.statusCode).toBe(200);
      expect(about.json()).toMatchObject({ kind: 'drive#about', quota: { usage: '0' } });
    });

    it('expire after ACCESS_TOKEN_TTL_SECONDS', async () => {
      const clock = testClock();
      t = await app({}, { now: clock.now });
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password);
      clock.advance(899_000);
      expect((await me({ authorization: `Bearer ${token.access_token}` })).statusCode).toBe(200);
      clock.advance(2_000);
      const expired = await me({
        authorization: `Bearer ${token.access_token}`,
        'accept-language': 'es',
      });
      expect(expired.statusCode).toBe(401);
      expect(localizedOf(errorOf(expired))).toMatchObject({ locale: 'es' });
      // The refresh token still gets a new one.
      expect((await refresh(token.refresh_token)).statusCode).toBe(200);
    });

    it.each([
      [
        'a token signed with another key',
        async () =>
          new SignJWT({ sid: 'x', client_id: 'tv', scope: 'user' })
            .setProtectedHeader({ alg: 'HS256' })
            .setSubject('someone')
            .setIssuer('http://nimbus.test')
            .setAudience('nimbus-api')
            .setIssuedAt()
            .setExpirationTime('1h')
            .sign(new Uint8Array(32)),
      ],
      ['an unsigned token', async () => 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.'],
      ['garbage', async () => 'not-a-token'],
    ])('refuse %s', async (_case, make) => {
      t = await app();
      const response = await me({ authorization: `Bearer ${await make()}` });
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({ error: 'unauthenticated', error_code: 16 });
    });

    it('refuse a malformed Authorization header even with a valid cookie', async () => {
      t = await app();
      const member = await makeUser(t);
      const response = await post(t, '/v1/auth/signin', {
        client_id: 'web',
        username: member.email,
        password: member.password,
      });
      const cookie = sessionCookieOf(response)!;
      const basic = await me({ authorization: 'Basic dTpw', cookie: `nimbus_session=${cookie}` });
      expect(basic.statusCode).toBe(401);
    });

    it("show each member only their own profile; one member's sign-out leaves the other signed in", async () => {
      t = await app();
      const alice = await makeUser(t, { name: 'Alice' });
      const bob = await makeUser(t, { name: 'Bob' });
      const aliceToken = await signIn(t, alice.email, alice.password);
      const bobToken = await signIn(t, bob.email, bob.password);
      expect(
        (await me({ authorization: `Bearer ${aliceToken.access_token}` })).json(),
      ).toMatchObject({ sub: alice.id, name: 'Alice' });
      expect((await me({ authorization: `Bearer ${bobToken.access_token}` })).json()).toMatchObject(
        { sub: bob.id, name: 'Bob' },
      );
      expect(
        (await post(t, '/v1/auth/revoke', { token: aliceToken.refresh_token })).statusCode,
      ).toBe(200);
      expect((await me({ authorization: `Bearer ${aliceToken.access_token}` })).statusCode).toBe(
        401,
      );
      expect((await me({ authorization: `Bearer ${bobToken.access_token}` })).statusCode).toBe(200);
    });
  });

  describe('the web session cookie', () => {
    async function webSignIn(member: { email: string; password: string }): Promise<string> {
      const response = await post(
        t,
        '/v1/auth/signin',
        { client_id: 'web', username: member.email, password: member.password },
        { origin: 'http://nimbus.test' },
      );
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((each) => each.name === 'nimbus_session');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      return cookie!.value;
    }

    it('authenticates GET calls and own-origin writes, and is refused from a foreign origin', async () => {
      t = await app();
      const member = await makeUser(t);
      const cookie = await webSignIn(member);
      const profile = await me({ cookie: `nimbus_session=${cookie}` });
      expect(profile.json()).toMatchObject({ sub: member.id });
      const about = await t.app.inject({
        method: 'GET',
        url: '/drive/v1/about',
        headers: { cookie: `nimbus_session=${cookie}` },
      });
      expect(about.statusCode).toBe(200);
      const own = await t.app.inject({
        method: 'PATCH',
        url: '/v1/user/me',
        headers: { cookie: `nimbus_session=${cookie}`, origin: 'http://nimbus.test' },
        payload: { name: 'Renamed' },
      });
      expect(own.json()).toMatchObject({ name: 'Renamed' });
      const foreign = await t.app.inject({
        method: 'PATCH',
        url: '/v1/user/me',
        headers: { cookie: `nimbus_session=${cookie}`, origin: 'https://evil.example' },
        payload: { name: 'Pwned' },
      });
      expect(foreign.statusCode).toBe(403);
      expect(errorOf(foreign).error).toBe('origin_not_allowed');
      expect((await me({ cookie: `nimbus_session=${cookie}` })).json()).toMatchObject({
        name: 'Renamed',
      });
    });

    it('is not set by a web sign-in from a foreign page', async () => {
      t = await app();
      const member = await makeUser(t);
      const response = await post(
        t,
        '/v1/auth/signin',
        { client_id: 'web', username: member.email, password: member.password },
        { origin: 'https://evil.example' },
      );
      expect(errorOf(response)).toMatchObject({ error: 'origin_not_allowed', error_code: 7 });
      expect(sessionCookieOf(response)).toBeUndefined();
    });

    it('is cleared by sign-out, which ends the session and its tokens', async () => {
      t = await app();
      const member = await makeUser(t);
      const signInResponse = await post(
        t,
        '/v1/auth/signin',
        { client_id: 'web', username: member.email, password: member.password },
        { origin: 'http://nimbus.test' },
      );
      const cookie = sessionCookieOf(signInResponse)!;
      const token = signInResponse.json<TokenBody>();
      const signOut = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/revoke',
        headers: { cookie: `nimbus_session=${cookie}`, origin: 'http://nimbus.test' },
        payload: {},
      });
      expect(signOut.statusCode).toBe(200);
      expect(signOut.json()).toEqual({});
      const cleared = signOut.cookies.find((each) => each.name === 'nimbus_session');
      expect(cleared?.value).toBe('');
      expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
      expect((await me({ cookie: `nimbus_session=${cookie}` })).statusCode).toBe(401);
      expect((await me({ authorization: `Bearer ${token.access_token}` })).statusCode).toBe(401);
      expect(errorOf(await refresh(token.refresh_token, 'web')).error).toBe('invalid_grant');
    });

    it('refuses a made-up or oversized cookie', async () => {
      t = await app();
      expect((await me({ cookie: `nimbus_session=${'x'.repeat(43)}` })).statusCode).toBe(401);
      expect((await me({ cookie: `nimbus_session=${'x'.repeat(5000)}` })).statusCode).toBe(401);
    });
  });

  describe('revoke', () => {
    it('ends a session by its access token', async () => {
      t = await app();
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password);
      expect((await post(t, '/v1/auth/revoke', { token: token.access_token })).statusCode).toBe(
        200,
      );
      expect((await me({ authorization: `Bearer ${token.access_token}` })).statusCode).toBe(401);
      expect(errorOf(await refresh(token.refresh_token)).error).toBe('invalid_grant');
    });

    it('accepts a form-encoded body and answers {} for unknown or repeated tokens', async () => {
      t = await app();
      const member = await makeUser(t);
      const token = await signIn(t, member.email, member.password);
      for (let i = 0; i < 2; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/v1/auth/revoke',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `token=${encodeURIComponent(token.refresh_token)}&token_type_hint=refresh_token`,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({});
      }
      expect((await post(t, '/v1/auth/revoke', { token: 'never-issued' })).json()).toEqual({});
      expect((await post(t, '/v1/auth/revoke', { token: 'a.b.c' })).json()).toEqual({});
    });

    it.each([
      ['a number for the token', { token: 5 }],
      ['an oversized token', { token: 'x'.repeat(9000) }],
    ])('answers %s with invalid_argument', async (_case, payload) => {
      t = await app();
      const response = await post(t, '/v1/auth/revoke', payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    });
  });
});
