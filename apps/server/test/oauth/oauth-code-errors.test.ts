import { describe, expect, it } from 'vitest';
import { dialects, testClock } from '../helper';
import { post, type TokenBody } from '../identity';
import { desktopRedirect, pkce, useCodeApp } from './oauth-code-fixture';

describe.each(dialects)('authorization code with PKCE on %s', (dialect) => {
  const f = useCodeApp(dialect);
  const { app, shareApp, member, authorize, exchange, request, expectError } = f;

  describe('errors at the authorization endpoint', () => {
    shareApp();

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
      const signedIn = await member();
      const response = await authorize(request(overrides), {
        ...signedIn.bearer,
        'accept-language': locale,
      });
      const { localized } = expectError(response, status, reason, code);
      expect(localized).toMatchObject({ locale, message });
    });

    it('answers a repeated parameter in the browser form with invalid_argument, never a 500', async () => {
      const signedIn = await member();
      const response = await f.t.app.inject({
        method: 'GET',
        url: `/v1/user/authorize?client_id=desktop&client_id=web&response_type=code&redirect_uri=${encodeURIComponent(desktopRedirect)}`,
        headers: signedIn.bearer,
      });
      expectError(response, 400, 'invalid_argument', 3);
    });

    it('answers unauthenticated without credentials', async () => {
      expectError(await authorize(request(), {}), 401, 'unauthenticated', 16);
    });

    it.each([
      ['an oversized state', { state: 's'.repeat(5000) }],
      ['an oversized redirect URI', { redirect_uri: `http://127.0.0.1/${'a'.repeat(5000)}` }],
      ['a number for the client', { client_id: 42 }],
      ['an object for the scope', { scope: { $ne: 1 } }],
    ])('answers %s with invalid_argument, never a 500', async (_case, overrides) => {
      const signedIn = await member();
      expectError(await authorize(request(overrides), signedIn.bearer), 400, 'invalid_argument', 3);
    });
  });

  describe('errors at the token endpoint', () => {
    // The refused calls of the table at the end share one app; a test of codes builds its own.
    shareApp();

    async function codeFor(overrides: Record<string, unknown> = {}) {
      const signedIn = await member();
      const { verifier, challenge } = pkce();
      const answer = await authorize(request(overrides, challenge), signedIn.bearer);
      expect(answer.statusCode, answer.body).toBe(200);
      return { signedIn, verifier, code: answer.json<{ code: string }>().code };
    }

    it('refuses a wrong verifier, and the code is spent by the attempt', async () => {
      f.t = await app();
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
      f.t = await app();
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
      const me = await f.t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: { authorization: `Bearer ${token.access_token}` },
      });
      expect(me.statusCode).toBe(401);
      const refresh = await post(f.t, '/v1/auth/token', {
        grant_type: 'refresh_token',
        refresh_token: token.refresh_token,
        client_id: 'desktop',
      });
      expectError(refresh, 400, 'invalid_grant', 4126);
    });

    it('lets no one keep tokens when two exchanges of one code race', async () => {
      f.t = await app();
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
      const me = await f.t.app.inject({
        method: 'GET',
        url: '/v1/user/me',
        headers: { authorization: `Bearer ${winner.access_token}` },
      });
      expect(me.statusCode).toBe(401);
    });

    it('refuses a code after OAUTH_CODE_TTL_SECONDS', async () => {
      const clock = testClock();
      f.t = await app({}, { now: clock.now });
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
      f.t = await app({}, { now: clock.now });
      await codeFor();
      clock.advance(2 * 86_400_000);
      await codeFor();
      const rows = await f.t.container.database.db
        .selectFrom('oauth_codes')
        .select('code_hash')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a code presented by another client', async () => {
      f.t = await app();
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
      f.t = await app();
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
      f.t = await app();
      const { code, verifier, signedIn } = await codeFor();
      await f.t.container.database.db
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
      const response = await exchange(payload, { 'accept-language': 'es' });
      const { localized } = expectError(response, status, reason, code);
      expect(localized?.locale).toBe('es');
    });
  });
});
