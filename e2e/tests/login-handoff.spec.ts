import { expect, test } from '@playwright/test';
import { closedLoopbackPort, startFakeDesktopApp } from '../support/fake-desktop-app';
import { memberPassword, newMember, sessionSub, signUpMember } from '../support/members';

/*
 * The site's login hand-off (docs/product.md #screens-and-routes, #states and #calls): the desktop app opens the site with
 * `?port=<hex>&from_source=desktop&state=...`; the site makes a PKCE pair, asks the app on its
 * loopback port for a code (answered in `X-Auth-Code`, or later in the site's query), and
 * exchanges it for a session. Links that answer no flow of the browser: login-csrf.spec.ts.
 */

const password = memberPassword;

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
    const port = await closedLoopbackPort();

    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    await page.goto(`/ko?port=${port.toString(16)}&from_source=desktop&state=desk-3`);
    const notice = page.getByTestId('login-handoff');
    await expect(notice).toHaveAttribute('data-status', 'failed');
    await expect(notice).toContainText('다시 로그인해 주세요');
    expect(logged.some((text) => text.includes('invalid auth code!'))).toBe(true);
    expect(await sessionSub(page)).toBeUndefined();
  });

  test('a code the app supplies later in the query answers the flow this browser began', async ({
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
      deferCode: true,
    });
    try {
      await page.goto(`/?port=${app.hexPort}&from_source=desktop&state=app-2`);
      await expect.poll(() => app.requests.length, { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('nimbus_handoff_flows')))
        .toContain('app-2');
      await expect(page.getByTestId('login-handoff')).toHaveCount(0);
      expect(await sessionSub(page)).toBeUndefined();

      // The app supplies the code for the challenge it was sent; a verifier in the query (the
      // old protocol) is ignored: the site exchanges with the verifier it kept.
      const query = new URLSearchParams({
        code: await app.mintCode(),
        state: 'app-2',
        code_verifier: 'not-the-verifier',
        from_source: 'desktop',
      });
      // The exchange is held back so the drive's sign-in gate always runs while it is in
      // flight: the gate must wait for the hand-off instead of sending the visitor to sign in.
      await page.route('**/v1/auth/token', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto(`/drive/all?${query.toString()}`);
      await expect.poll(() => sessionSub(page), { timeout: 15_000 }).toBe(member.sub);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/drive/all');
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(await page.evaluate(() => localStorage.getItem('nimbus_handoff_flows'))).toBeNull();
    } finally {
      await app.close();
    }
  });

  test('a wrong code for a flow this browser began is refused with a notice', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const origin = baseURL ?? '';
    const member = await newMember(browser, origin);
    const app = await startFakeDesktopApp({
      apiOrigin: origin,
      siteOrigin: origin,
      email: member.email,
      password,
      deferCode: true,
    });
    try {
      const logged: string[] = [];
      page.on('console', (message) => logged.push(message.text()));
      await page.goto(`/?port=${app.hexPort}&from_source=extension&bridge_auth=1&state=app-1`);
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('nimbus_handoff_flows')))
        .toContain('app-1');
      await page.goto('/?code=not-a-real-code&state=app-1&from_source=extension');
      await expect(page.getByTestId('login-handoff')).toHaveAttribute('data-status', 'failed');
      await expect(page.getByTestId('login-handoff')).toContainText('Please sign in again');
      expect(logged.some((text) => text.includes('invalid auth code!'))).toBe(true);
      await expect.poll(() => new URL(page.url()).search).toBe('');
    } finally {
      await app.close();
    }
  });
});
