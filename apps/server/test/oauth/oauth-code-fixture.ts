import { createHash, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import {
  buildTestApp,
  errorOf,
  localizedOf,
  makeUser,
  type TestApp,
  type TestAppOptions,
} from '../helper';
import { post, signIn } from '../identity';

export const desktopRedirect = 'http://127.0.0.1:51000/oauth/callback';

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The apps a test builds (closed after it; `t` is the one it calls), and the calls the authorization code tests make. */
export function useCodeApp(dialect: Dialect) {
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

  /**
   * One app for the tests of the enclosing `describe` that only check answers to refused calls
   * (each still with a member of its own): built before them, the app `t` of each test unless it
   * builds its own with `app()`, and closed after them.
   */
  function shareApp(): void {
    let shared: TestApp | undefined;
    beforeAll(async () => {
      shared = await buildTestApp(dialect);
    });
    beforeEach(() => {
      if (shared) {
        t = shared;
      }
    });
    afterAll(async () => {
      await shared?.close();
    });
  }

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
  return {
    get t() {
      return t;
    },
    set t(value: typeof t) {
      t = value;
    },
    app,
    shareApp,
    member,
    authorize,
    exchange,
    request,
    expectError,
  };
}
