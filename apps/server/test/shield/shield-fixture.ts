import { randomBytes } from 'node:crypto';
import { errorMessage, isErrorReason, type Locale } from '@nimbus/contracts';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import {
  buildTestApp,
  errorOf,
  localizedOf,
  type TestApp,
  type TestAppOptions,
  type TestUser,
} from '../helper';
import { post } from '../identity';

export type Answer = Awaited<ReturnType<typeof post>>;

export const deviceA = 'a'.repeat(32);
export const deviceB = 'b'.repeat(32);
export const signInAction = 'POST:/v1/auth/signin';
export const salts = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'n8', 'n9'];

/** Expects an error answer with its status, reason, code and the catalogue's message in the caller's language. */
export function expectError(
  response: Answer,
  status: number,
  reason: string,
  code: number,
  locale: Locale = 'en-US',
): void {
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error).toMatchObject({ error: reason, error_code: code });
  const localized = localizedOf(error);
  expect(localized?.locale).toBe(locale);
  expect(isErrorReason(reason)).toBe(true);
  expect(localized?.message).toBe(isErrorReason(reason) ? errorMessage(reason, locale) : '');
}

/** The apps a shield test builds (a proof of work of at most 2,000 steps; closed after the test), and the calls the tests make through them. */
export function useShieldApps(dialect: Dialect) {
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });
  async function app(
    env: Record<string, string> = {},
    options: TestAppOptions = {},
  ): Promise<TestApp> {
    const built = await buildTestApp(dialect, { SHIELD_POW_MAX_COUNTER: '2000', ...env }, options);
    apps.push(built);
    return built;
  }

  /**
   * One app with the settings of `app()` for the tests of the enclosing `describe` that only
   * read or are refused (they change nothing another test sees): built before them, closed after.
   */
  function sharedApp(): () => TestApp {
    let shared: TestApp | undefined;
    beforeAll(async () => {
      shared = await buildTestApp(dialect, { SHIELD_POW_MAX_COUNTER: '2000' });
    });
    afterAll(async () => {
      await shared?.close();
    });
    return () => {
      if (!shared) {
        throw new Error('The shared app was not built');
      }
      return shared;
    };
  }

  function init(
    t: TestApp,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return post(
      t,
      '/v1/shield/captcha/init',
      { client_id: 'web', action: signInAction, device_id: deviceA, ...body },
      headers,
    );
  }

  function signIn(
    t: TestApp,
    member: TestUser,
    extra: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    return post(
      t,
      '/v1/auth/signin',
      { client_id: 'web', username: member.email, password: member.password, ...extra },
      { 'x-device-id': deviceA, ...headers },
    );
  }

  /** Wrong passwords for a member, each from a device of its own unless `headers` name one. */
  async function failSignIns(
    t: TestApp,
    member: TestUser,
    count: number,
    headers: Record<string, string> = {},
  ): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const device = { 'x-device-id': randomBytes(16).toString('hex') };
      expectError(
        await signIn(t, { ...member, password: 'wrong horse 1' }, {}, { ...device, ...headers }),
        400,
        'invalid_account_or_password',
        4022,
      );
    }
  }
  return {
    app,
    sharedApp,
    init,
    signIn,
    failSignIns,
  };
}
