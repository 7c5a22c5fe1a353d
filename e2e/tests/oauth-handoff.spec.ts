import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The browser extension's sign-in: the authorization endpoint sends a visitor to /auth, the
 * site comes back to the endpoint after signing in, and the code lands on /auth-success, where
 * the extension exchanges it with its PKCE verifier.
 */

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

test('the extension signs in through /auth and lands on /auth-success with a code', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const verifier = base64url(randomBytes(32));
  const challenge = base64url(createHash('sha256').update(verifier).digest());
  const redirectUri = `${baseURL}/auth-success`;
  const authorize = new URLSearchParams({
    client_id: 'extension',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'user pan offline',
    state: 'e2e-state',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });

  // Signed out: the endpoint sends the visitor to the sign-in page with the way back.
  await page.goto(`/v1/user/authorize?${authorize.toString()}`);
  await expect(page).toHaveURL(/\/auth\?return_to=/);

  // Sign up there (the panel keeps return_to), and come back through the endpoint.
  const email = newEmail();
  const back = page.waitForURL(/\/auth-success\?/);
  await signUpInEnglish(page, email, 'correct horse 42', { expectDrive: false });
  await back;
  await expect(page.getByTestId('auth-success')).toContainText('You are signed in');
  const landed = new URL(page.url());
  expect(landed.searchParams.get('state')).toBe('e2e-state');
  const code = landed.searchParams.get('code') ?? '';
  expect(code).not.toBe('');

  const exchanged = await request.post('/v1/auth/token', {
    form: {
      grant_type: 'authorization_code',
      client_id: 'extension',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    },
  });
  const token = (await exchanged.json()) as { access_token?: string; scope?: string };
  expect(token.access_token).toBeTruthy();
  expect(token.scope).toBe('user pan offline');
});
