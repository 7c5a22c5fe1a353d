import { createHash, randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { closedLoopbackPort } from '../support/fake-desktop-app';
import type { Member } from '../support/members';
import { memberPassword, newMember, sessionSub, signUpMember } from '../support/members';

/*
 * Login CSRF through the hand-off parameters: anyone can mint a code of client `web` for their
 * own account with a PKCE verifier of their own and put both in a link. The site exchanges a code
 * only for a flow the browser began, with the verifier it kept, so such a link signs nobody out
 * and nobody in.
 */

/** A hand-off link to `path` carrying a code of `attacker`'s account and its verifier. */
async function mintedHandoffLink(
  request: APIRequestContext,
  origin: string,
  attacker: Member,
  path: string,
): Promise<string> {
  const signIn = await request.post('/v1/auth/signin', {
    data: { client_id: 'desktop', username: attacker.email, password: memberPassword },
  });
  const { access_token: accessToken } = (await signIn.json()) as { access_token: string };
  const verifier = randomBytes(32).toString('base64url');
  const authorize = await request.post('/v1/user/authorize', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      client_id: 'web',
      response_type: 'code',
      redirect_uri: `${origin}/auth-success`,
      scope: 'user pan offline',
      state: 's',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    },
  });
  const { code } = (await authorize.json()) as { code: string };
  expect(code).toBeTruthy();
  const query = new URLSearchParams({ code, state: 's', code_verifier: verifier });
  return `${path}?${query.toString()}`;
}

/** Opens `link` and resolves once the page has judged its hand-off, with the session calls made. */
async function openHandoffLink(page: Page, link: string): Promise<string[]> {
  const sessionCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/v1/auth/token' || pathname === '/v1/auth/revoke') {
      sessionCalls.push(pathname);
    }
  });
  const judged = page.waitForEvent('console', (message) =>
    message.text().includes('invalid auth code!'),
  );
  await page.goto(link);
  await judged;
  await expect.poll(() => new URL(page.url()).search).toBe('');
  return sessionCalls;
}

test.describe('login CSRF through the hand-off parameters', () => {
  test('a minted hand-off link leaves a signed-in member signed in to their own account', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL ?? '';
    const attacker = await newMember(browser, origin);
    const member = await signUpMember(page);

    const link = await mintedHandoffLink(request, origin, attacker, '/s/abc123');
    expect(await openHandoffLink(page, link)).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/s/abc123');
    await expect(page.getByTestId('login-handoff')).toHaveCount(0);
    expect(await sessionSub(page)).toBe(member.sub);
    const credentials = await page.evaluate(() => localStorage.getItem('nimbus_credentials'));
    expect(credentials).toContain(member.sub);

    // The drive still opens as the member.
    await page.goto('/drive/all');
    await expect(page.getByTestId('account-button')).toBeVisible({ timeout: 15_000 });
    expect(await sessionSub(page)).toBe(member.sub);

    // A loopback hand-off to a desktop app that is not there signs nobody out either: the old
    // session ends only once a code of the flow is in hand.
    const port = await closedLoopbackPort();
    await openHandoffLink(page, `/?port=${port.toString(16)}&from_source=desktop&state=x`);
    await expect(page.getByTestId('login-handoff')).toHaveAttribute('data-status', 'failed');
    expect(await sessionSub(page)).toBe(member.sub);
    expect(await page.evaluate(() => localStorage.getItem('nimbus_credentials'))).toContain(
      member.sub,
    );
  });

  test('a minted hand-off link does not sign a signed-out browser in', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(60_000);
    const origin = baseURL ?? '';
    const attacker = await newMember(browser, origin);
    const link = await mintedHandoffLink(request, origin, attacker, '/');
    expect(await openHandoffLink(page, link)).toEqual([]);
    expect(await sessionSub(page)).toBeUndefined();
    expect(await page.evaluate(() => localStorage.getItem('nimbus_credentials'))).toBeNull();
  });
});
