import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, errorOf, localizedOf, type TestApp, type TestAppOptions } from '../helper';
import { post, requestCode, verificationToken } from '../identity';
import { startMailCatcher, type MailCatcher } from '../mail-catcher';

/** Expects an error answer with its status, reason, code and a message in the given language. */
export function expectError(
  response: Awaited<ReturnType<typeof post>>,
  status: number,
  reason: string,
  code: number,
  locale = 'en-US',
): void {
  expect(response.statusCode, response.body).toBe(status);
  const error = errorOf(response);
  expect(error).toMatchObject({ error: reason, error_code: code });
  const message = localizedOf(error);
  expect(message?.locale).toBe(locale);
  expect(message?.message).toBeTruthy();
  expect(message?.message).not.toBe(reason);
}

/** The apps an account test builds (mailing to a mail catcher of the file's own; closed after the test; `t` is the one it calls), and sign-up through the real flow. */
export function useAccountsApp(dialect: Dialect) {
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = await startMailCatcher();
  });
  afterAll(async () => {
    await mail.close();
  });

  let t: TestApp;
  const apps: TestApp[] = [];
  async function app(
    env: Record<string, string> = {},
    options: TestAppOptions = {},
  ): Promise<TestApp> {
    const built = await buildTestApp(dialect, { SMTP_URL: mail.url, ...env }, options);
    apps.push(built);
    return built;
  }
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((each) => each.close()));
  });

  /**
   * One app for the tests of the enclosing `describe` that are only refused (they change nothing
   * another test sees): built before them, the app `t` of each test unless it builds its own with
   * `app()`, and closed after them.
   */
  function shareApp(): void {
    let shared: TestApp | undefined;
    beforeAll(async () => {
      shared = await buildTestApp(dialect, { SMTP_URL: mail.url });
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

  async function signUp(email: string, password = 'correct horse 1', clientId = 'web') {
    const { verificationId, code } = await requestCode(t, mail, email, 'REGISTER');
    const token = await verificationToken(t, verificationId, code);
    return post(t, '/v1/auth/signup', {
      email,
      password,
      verification_token: token,
      client_id: clientId,
    });
  }
  return {
    apps,
    get mail() {
      return mail;
    },
    get t() {
      return t;
    },
    set t(value: typeof t) {
      t = value;
    },
    app,
    shareApp,
    signUp,
  };
}
