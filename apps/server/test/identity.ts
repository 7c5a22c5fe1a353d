import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { makeUser, type TestApp, type TestUser } from './helper';
import { codeIn, type MailCatcher } from './mail-catcher';

/** The Token of docs/api.md#user-service. */
export interface TokenBody {
  token_type: 'Bearer';
  access_token: string;
  refresh_token: string;
  expires_in: number;
  sub: string;
  scope: string;
}

/** A JSON POST through the real app. */
export function post(
  t: TestApp,
  url: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url, payload, headers });
}

/** Asks for a verification code and reads it from the captured mail. */
export async function requestCode(
  t: TestApp,
  mail: MailCatcher,
  email: string,
  usage: 'REGISTER' | 'PASSWORD_RESET',
  extra: Record<string, unknown> = {},
): Promise<{ verificationId: string; code: string }> {
  const before = mail.mails.length;
  const response = await post(t, '/v1/auth/verification', {
    email,
    target: 'ANY',
    usage,
    client_id: 'web',
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  const { verification_id: verificationId } = response.json<{ verification_id: string }>();
  return { verificationId, code: codeIn(await mail.waitFor(email.toLowerCase(), before)) };
}

/** Trades a code for a verification token. */
export async function verificationToken(
  t: TestApp,
  verificationId: string,
  code: string,
  clientId = 'web',
): Promise<string> {
  const response = await post(t, '/v1/auth/verification/verify', {
    verification_id: verificationId,
    verification_code: code,
    client_id: clientId,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ verification_token: string }>().verification_token;
}

/** Signs in and returns the Token. */
export async function signIn(
  t: TestApp,
  email: string,
  password: string,
  clientId = 'tv',
): Promise<TokenBody> {
  const response = await post(t, '/v1/auth/signin', {
    client_id: clientId,
    username: email,
    password,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TokenBody>();
}

/** The value of the session cookie an answer sets, if any. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === 'nimbus_session')?.value;
}

/** A member made by `makeUser` and signed in: the account and the bearer header. */
export async function signedInMember(
  t: TestApp,
  overrides: Parameters<typeof makeUser>[1] = {},
): Promise<{ user: TestUser; headers: Record<string, string> }> {
  const user = await makeUser(t, overrides);
  const token = await signIn(t, user.email, user.password);
  return { user, headers: { authorization: `Bearer ${token.access_token}` } };
}
