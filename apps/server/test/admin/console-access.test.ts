import {
  apiCatalogue,
  catalogueEntries,
  consoleRoles,
  type ConsoleRole,
  type Endpoint,
} from '@nimbus/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { post, sessionCookieOf, type TokenBody } from '../identity';
import { consoleMember } from '../support/console';

const hour = 3_600_000;
const reportPath = apiCatalogue.share.report.path;

/** Every console call of the catalogue: each `/audit.admin/v1` entry but the public report. */
const consoleCalls = catalogueEntries().filter(
  ({ endpoint }) => endpoint.group === 'audit' && endpoint.path !== reportPath,
);

/** A request path for a catalogue path, with every parameter filled. */
function requestPath(endpoint: Endpoint): string {
  return endpoint.path
    .split('::')
    .map((part) => part.replace(/:[a-z_]+/g, 'x'))
    .join(':');
}

describe.each(dialects)('the console guard on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  it('guards every console route: the catalogue names its roles and the app registers it', () => {
    expect(consoleCalls.length).toBeGreaterThan(5);
    for (const { area, name, endpoint } of consoleCalls) {
      expect(endpoint.roles, `${area}.${name}`).toBeDefined();
      expect(endpoint.auth, `${area}.${name}`).toBe('member');
    }
    // Nothing under the console's prefix is registered outside the catalogue.
    const registered = t.routes
      .filter((route) => route.url.startsWith('/audit.admin/v1'))
      .flatMap((route) => route.methods.map((method) => `${method} ${route.url}`))
      .filter((key) => !key.startsWith('HEAD '));
    const catalogued = new Set(
      [...consoleCalls.map(({ endpoint }) => endpoint), apiCatalogue.share.report].map(
        (endpoint) => `${endpoint.method} ${endpoint.path.replace(/::/g, ':')}`,
      ),
    );
    for (const key of registered) {
      expect(catalogued.has(key.replace(/::/g, ':')), key).toBe(true);
    }
  });

  it('refuses the signed-out, members without a role, roles too small and stale two-factor', async () => {
    const now = clock.now();
    const member = await consoleMember(t, null, now);
    const byRole = Object.fromEntries(
      await Promise.all(
        consoleRoles.map(async (role) => [role, await consoleMember(t, role, now)] as const),
      ),
    ) as Record<ConsoleRole, Awaited<ReturnType<typeof consoleMember>>>;
    const neverStepped = await consoleMember(t, 'admin', null);
    const staleStep = await consoleMember(t, 'admin', new Date(now.getTime() - 12 * hour - 1000));

    const call = (endpoint: Endpoint, headers: Record<string, string>) =>
      t.app.inject({
        method: endpoint.method,
        url: requestPath(endpoint),
        headers,
        ...(endpoint.method === 'GET' ? {} : { payload: {} }),
      });
    const expectRefusal = async (
      endpoint: Endpoint,
      headers: Record<string, string>,
      status: number,
      reason: string,
      who: string,
    ) => {
      const response = await call(endpoint, headers);
      const label = `${endpoint.method} ${endpoint.path} by ${who}`;
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(errorOf(response).error, label).toBe(reason);
    };

    for (const { endpoint } of consoleCalls) {
      await expectRefusal(endpoint, {}, 401, 'unauthenticated', 'a visitor');
      await expectRefusal(endpoint, member.headers, 403, 'permission_denied', 'a member');
      for (const role of consoleRoles) {
        if (role !== 'admin' && !endpoint.roles?.includes(role)) {
          await expectRefusal(endpoint, byRole[role].headers, 403, 'permission_denied', role);
        }
      }
      await expectRefusal(
        endpoint,
        neverStepped.headers,
        403,
        'console_step_up_required',
        'an admin never signed in with two-factor',
      );
      await expectRefusal(
        endpoint,
        staleStep.headers,
        403,
        'console_step_up_required',
        'an admin signed in with two-factor over 12 hours ago',
      );
    }
    // The roles a call names get through.
    for (const role of consoleRoles) {
      expect(
        ok<{ role: string }>(await call(apiCatalogue.admin.me, byRole[role].headers)).role,
      ).toBe(role);
    }
  });

  it('opens the console for 12 hours after a sign-in with a two-factor code', async () => {
    const admin = await consoleMember(t, 'admin', null);
    const setup = ok<{ secret: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/two-factor/setup',
        headers: admin.headers,
      }),
    );
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret) });
    const code = (offsetSteps: number) =>
      totp.generate({ timestamp: clock.now().getTime() + offsetSteps * 30_000 });
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/two-factor/confirm',
        headers: admin.headers,
        payload: { code: code(0) },
      }),
    );
    // The session signed in before two-factor was on does not open the console.
    expect(errorOf(await me(admin.headers)).error).toBe('console_step_up_required');

    clock.advance(60_000);
    const signIn = await post(t, '/v1/auth/signin', {
      client_id: 'web',
      username: admin.user.email,
      password: admin.user.password,
      two_factor_code: code(0),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const bearer = { authorization: `Bearer ${signIn.json<TokenBody>().access_token}` };
    const cookie = sessionCookieOf(signIn);
    expect(cookie).toBeDefined();
    const stepped = ok<{ role: string; step_up_until: string }>(await me(bearer));
    expect(stepped.role).toBe('admin');
    expect(stepped.step_up_until).toBe(new Date(clock.now().getTime() + 12 * hour).toISOString());

    // A cookie write from a foreign origin is refused like every other cookie write.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/audit.admin/v1/roles:grant',
      headers: { cookie: `nimbus_session=${cookie}`, origin: 'https://evil.example' },
      payload: { email: admin.user.email, role: 'support', reason: 'test' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(errorOf(foreign).error).toBe('origin_not_allowed');

    // The session cookie outlives access tokens: the step-up ends at 12 hours all the same.
    const session = { cookie: `nimbus_session=${cookie}` };
    clock.advance(12 * hour - 1000);
    expect(ok<{ role: string }>(await me(session)).role).toBe('admin');
    clock.advance(1000);
    expect(errorOf(await me(session)).error).toBe('console_step_up_required');
  });

  function me(headers: Record<string, string>) {
    return t.app.inject({ method: 'GET', url: '/audit.admin/v1/me', headers });
  }
});
