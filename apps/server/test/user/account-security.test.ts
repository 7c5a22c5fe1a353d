import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, localizedOf, makeUser, type TestApp } from '../helper';
import { post, signIn } from '../identity';

function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

interface SessionList {
  sessions: { id: string; client_id: string; ip: string; current: boolean }[];
}

describe.each(dialects)('signed-in devices and password change on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function sessionsOf(token: string): Promise<SessionList> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/user/sessions',
      headers: bearer(token),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SessionList>();
  }

  it('lists where the member is signed in, marking the current session', async () => {
    const member = await makeUser(t);
    const tv = await signIn(t, member.email, member.password, 'tv');
    await signIn(t, member.email, member.password, 'desktop');
    const { sessions } = await sessionsOf(tv.access_token);
    expect(sessions.map((session) => session.client_id).sort()).toEqual(['desktop', 'tv']);
    expect(
      sessions.filter((session) => session.current).map((session) => session.client_id),
    ).toEqual(['tv']);
    expect(sessions.every((session) => session.ip === '' || session.ip.endsWith('*'))).toBe(true);
  });

  it('signs out one device, whose token stops working at once', async () => {
    const member = await makeUser(t);
    const tv = await signIn(t, member.email, member.password, 'tv');
    const desktop = await signIn(t, member.email, member.password, 'desktop');
    const desktopSession = (await sessionsOf(desktop.access_token)).sessions.find(
      (session) => session.current,
    );

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/v1/user/sessions/${desktopSession?.id ?? ''}`,
      headers: bearer(tv.access_token),
    });
    expect(revoked.statusCode, revoked.body).toBe(200);

    const refused = await t.app.inject({
      method: 'GET',
      url: '/v1/user/me',
      headers: bearer(desktop.access_token),
    });
    expect(refused.statusCode).toBe(401);
    expect((await sessionsOf(tv.access_token)).sessions).toHaveLength(1);
  });

  it("answers not_found for another member's session, and leaves it open", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const aliceToken = await signIn(t, alice.email, alice.password);
    const bobToken = await signIn(t, bob.email, bob.password);
    const bobSession = (await sessionsOf(bobToken.access_token)).sessions[0];

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/v1/user/sessions/${bobSession?.id ?? ''}`,
      headers: { ...bearer(aliceToken.access_token), 'accept-language': 'ko' },
    });
    expect(response.statusCode).toBe(404);
    const error = errorOf(response);
    expect(error).toMatchObject({ error: 'not_found', error_code: 5 });
    expect(localizedOf(error)?.locale).toBe('ko');
    expect((await sessionsOf(bobToken.access_token)).sessions).toHaveLength(1);
  });

  it('changes the password with the current one and ends every other session', async () => {
    const member = await makeUser(t);
    const kept = await signIn(t, member.email, member.password, 'tv');
    const other = await signIn(t, member.email, member.password, 'desktop');

    const changed = await post(
      t,
      '/v1/user/password',
      { old_password: member.password, new_password: 'a new Passphrase 2' },
      bearer(kept.access_token),
    );
    expect(changed.statusCode, changed.body).toBe(200);

    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/user/me',
          headers: bearer(other.access_token),
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/user/me',
          headers: bearer(kept.access_token),
        })
      ).statusCode,
    ).toBe(200);
    const oldPassword = await post(t, '/v1/auth/signin', {
      client_id: 'tv',
      username: member.email,
      password: member.password,
    });
    expect(errorOf(oldPassword).error).toBe('invalid_account_or_password');
    await signIn(t, member.email, 'a new Passphrase 2');
  });

  it('refuses a wrong current password and a weak new one with invalid_password', async () => {
    const member = await makeUser(t);
    const token = await signIn(t, member.email, member.password);
    const wrong = await post(
      t,
      '/v1/user/password',
      { old_password: 'not it at all 9', new_password: 'a new Passphrase 2' },
      { ...bearer(token.access_token), 'accept-language': 'ja' },
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toMatchObject({ error: 'invalid_password', error_code: 4010 });
    expect(localizedOf(errorOf(wrong))?.locale).toBe('ja');

    const missing = await post(
      t,
      '/v1/user/password',
      { new_password: 'a new Passphrase 2' },
      bearer(token.access_token),
    );
    expect(errorOf(missing).error).toBe('invalid_password');

    const weak = await post(
      t,
      '/v1/user/password',
      { old_password: member.password, new_password: 'short' },
      bearer(token.access_token),
    );
    expect(errorOf(weak)).toMatchObject({ error: 'invalid_password' });
    expect(errorOf(weak).error_description).toContain('at least 8');
  });

  it('lets an account without a password set one', async () => {
    const member = await makeUser(t);
    const token = await signIn(t, member.email, member.password);
    await t.container.users.setPasswordHash(member.id, '', new Date());
    const set = await post(
      t,
      '/v1/user/password',
      { new_password: 'first Passphrase 3' },
      bearer(token.access_token),
    );
    expect(set.statusCode, set.body).toBe(200);
    await signIn(t, member.email, 'first Passphrase 3');
  });

  it('answers unauthenticated without credentials and invalid_argument for hostile input', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/user/sessions' })).statusCode).toBe(401);
    const member = await makeUser(t);
    const token = await signIn(t, member.email, member.password);
    const oversized = await post(
      t,
      '/v1/user/password',
      { old_password: member.password, new_password: 'x'.repeat(5000) },
      bearer(token.access_token),
    );
    expect(errorOf(oversized).error).toBe('invalid_argument');
    const extra = await post(
      t,
      '/v1/user/password',
      { old_password: member.password, new_password: 'a new Passphrase 2', user_id: 'someone' },
      bearer(token.access_token),
    );
    expect(errorOf(extra).error).toBe('invalid_argument');
    const longId = await t.app.inject({
      method: 'DELETE',
      url: `/v1/user/sessions/${'a'.repeat(65)}`,
      headers: bearer(token.access_token),
    });
    expect(errorOf(longId).error).toBe('invalid_argument');
  });
});
