import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { startFakeDesktopApp } from '../support/fake-desktop-app';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The site's login hand-off (spec sections 2, 4 and 7): the desktop app opens the site with
 * `?port=<hex>&from_source=desktop&state=...`; the site makes a PKCE pair, asks the app on its
 * loopback port for a code (answered in `X-Auth-Code`), and exchanges it for a session.
 */

const password = 'correct horse 42';

/** A member: the e-mail address to sign in with and the user id. */
interface Member {
  email: string;
  sub: string;
}

/** The user id the page's session belongs to, or undefined when signed out. */
async function sessionSub(page: Page): Promise<string | undefined> {
  const me = await page.request.get('/v1/user/me');
  return me.ok() ? ((await me.json()) as { sub: string }).sub : undefined;
}

/** Signs a new member up on `page`; resolves the member. */
async function signUpMember(page: Page): Promise<Member> {
  const email = newEmail();
  await signUpInEnglish(page, email, password);
  const sub = await sessionSub(page);
  expect(sub).toBeTruthy();
  return { email, sub: sub ?? '' };
}

/** Signs a new member up in a browser context of its own. */
async function newMember(browser: Browser, baseURL: string): Promise<Member> {
  const context = await browser.newContext({ baseURL });
  const member = await signUpMember(await context.newPage());
  await context.close();
  return member;
}

test.describe('login hand-off', () => {
  test('the desktop loopback flow signs the visitor in as the app member', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL ?? '';
    const member = await newMember(browser, origin);
    const app = await startFakeDesktopApp({
      apiOrigin: origin,
      siteOrigin: origin,
      email: member.email,
      password,
    });
    try {
      await page.goto(`/?port=${app.hexPort}&from_source=desktop&state=desk-1`);
      await expect(page.getByTestId('account-button')).toBeVisible({ timeout: 15_000 });
      expect(await sessionSub(page)).toBe(member.sub);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(app.requests).toEqual([
        expect.objectContaining({
          code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          code_challenge_method: 'S256',
          state: 'desk-1',
          client_id: 'web',
          redirect_uri: `${origin}/auth-success`,
        }),
      ]);
      expect(app.credentialHeaders).toEqual([]);
      const cookies = await page.context().cookies();
      expect(cookies.map((cookie) => cookie.name)).not.toContain('oauth_info');
    } finally {
      await app.close();
    }
  });

  test('a stale signed-in session is replaced by the handed-off member', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const origin = baseURL ?? '';
    const handedOff = await newMember(browser, origin);
    const stale = await signUpMember(page);
    const staleCookie = (await page.context().cookies()).find(
      (cookie) => cookie.name === 'nimbus_session',
    );
    expect(staleCookie).toBeDefined();

    const app = await startFakeDesktopApp({
      apiOrigin: origin,
      siteOrigin: origin,
      email: handedOff.email,
      password,
    });
    try {
      await page.goto(`/s/abc123?port=${app.hexPort}&bridge_auth=1&state=desk-2`);
      await expect.poll(() => sessionSub(page), { timeout: 15_000 }).toBe(handedOff.sub);
      expect(handedOff.sub).not.toBe(stale.sub);
      const credentials = await page.evaluate(() => localStorage.getItem('nimbus_credentials'));
      expect(credentials).toContain(handedOff.sub);
      // The old session was signed out on the server, not only forgotten here.
      const old = await request.get('/v1/user/me', {
        headers: { cookie: `nimbus_session=${staleCookie?.value ?? ''}` },
      });
      expect(old.status()).toBe(401);
      const scene = await page.evaluate(() => localStorage.getItem('nimbus_login_scene'));
      expect(scene).toBe('share_page');
    } finally {
      await app.close();
    }
  });

  test('a failed hand-off logs invalid auth code! and leaves the visitor signed out', async ({
    page,
  }) => {
    // A loopback port where nothing listens any more.
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`/ko?port=${port.toString(16)}&from_source=desktop&state=desk-3`);
    const notice = page.getByTestId('login-handoff');
    await expect(notice).toHaveAttribute('data-status', 'failed');
    await expect(notice).toContainText('다시 로그인해 주세요');
    expect(logged.some((text) => text.includes('invalid auth code!'))).toBe(true);
    expect(await sessionSub(page)).toBeUndefined();
  });

  test('a code supplied by the app is exchanged with the verifier the app passed', async ({
    page,
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(60_000);
    const origin = baseURL ?? '';
    const member = await newMember(browser, origin);
    const signIn = await request.post('/v1/auth/signin', {
      data: { client_id: 'desktop', username: member.email, password },
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
        state: 'app-2',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      },
    });
    const { code } = (await authorize.json()) as { code: string };
    const query = new URLSearchParams({
      code,
      state: 'app-2',
      code_verifier: verifier,
      from_source: 'desktop',
    });
    // The exchange is held back so the drive's sign-in gate always runs while it is in flight:
    // the gate must wait for the hand-off instead of sending the visitor to sign in.
    await page.route('**/v1/auth/token', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto(`/drive/all?${query.toString()}`);
    await expect.poll(() => sessionSub(page), { timeout: 15_000 }).toBe(member.sub);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/drive/all');
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  test('a wrong code supplied by the app is refused with a notice', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto('/?code=not-a-real-code&state=app-1&from_source=extension');
    await expect(page.getByTestId('login-handoff')).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('login-handoff')).toContainText('Please sign in again');
    expect(logged.some((text) => text.includes('invalid auth code!'))).toBe(true);
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });
});
