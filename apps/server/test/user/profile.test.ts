import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, localizedOf, makeUser, type TestApp } from '../helper';
import { signIn } from '../identity';

describe.each(dialects)('the profile on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  async function authorization(overrides: Parameters<typeof makeUser>[1] = {}) {
    const member = await makeUser(t, overrides);
    const token = await signIn(t, member.email, member.password);
    return { member, headers: { authorization: `Bearer ${token.access_token}` } };
  }

  it('answers the profile with the address and phone masked and no password', async () => {
    const { member, headers } = await authorization({
      email: 'carol.smith@example.com',
      name: 'Carol',
      phone_number: '+8613812345678',
    });
    const response = await t.app.inject({ method: 'GET', url: '/v1/user/me', headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const profile = response.json<Record<string, unknown>>();
    expect(profile).toEqual({
      sub: member.id,
      name: 'Carol',
      email: 'c***h@example.com',
      phone_number: '+86*********78',
      picture: '',
      password: 'SET',
      status: 'active',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
    });
    expect(response.body).not.toContain('argon2');
  });

  it('changes the name and the avatar, and clears the avatar', async () => {
    const { headers } = await authorization();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers,
      payload: { name: '  Дарья  ', picture: 'https://cdn.example.com/a.png' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Дарья',
      picture: 'https://cdn.example.com/a.png',
    });
    const cleared = await t.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers,
      payload: { picture: '' },
    });
    expect(cleared.json()).toMatchObject({ name: 'Дарья', picture: '' });
    const unchanged = await t.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers,
      payload: {},
    });
    expect(unchanged.json()).toMatchObject({ name: 'Дарья' });
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['an oversized name', { name: 'n'.repeat(65) }],
    ['a control character', { name: 'a\u0007b' }],
    ['a plain-http avatar', { picture: 'http://cdn.example.com/a.png' }],
    ['a script avatar', { picture: 'javascript:alert(1)' }],
    ['an oversized avatar', { picture: `https://cdn.example.com/${'a'.repeat(3000)}` }],
    ['a field that cannot be changed', { email: 'new@example.com' }],
    ['a number for the name', { name: 5 }],
  ])('answers %s with invalid_argument', async (_case, payload) => {
    const { headers } = await authorization();
    const response = await t.app.inject({
      method: 'PATCH',
      url: '/v1/user/me',
      headers: { ...headers, 'accept-language': 'uk' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error).toMatchObject({ error: 'invalid_argument', error_code: 3 });
    expect(localizedOf(error)?.locale).toBe('uk');
  });

  it('answers unauthenticated without credentials, in the caller language', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const response = await t.app.inject({
        method,
        url: '/v1/user/me',
        headers: { 'accept-language': 'zh-CN' },
        ...(method === 'PATCH' ? { payload: { name: 'x' } } : {}),
      });
      expect(response.statusCode).toBe(401);
      const error = errorOf(response);
      expect(error).toMatchObject({ error: 'unauthenticated', error_code: 16 });
      expect(localizedOf(error)).toMatchObject({ locale: 'zh-CN', message: '请先登录' });
    }
  });

  it('tells "" for the password of an account without one', async () => {
    const member = await makeUser(t);
    const token = await signIn(t, member.email, member.password);
    await t.container.database.db
      .updateTable('users')
      .set({ password_hash: null })
      .where('id', '=', member.id)
      .execute();
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/user/me',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(response.json()).toMatchObject({ password: '' });
  });

  it('answers unauthenticated when the account is gone', async () => {
    const { member, headers } = await authorization();
    await t.container.database.db.deleteFrom('users').where('id', '=', member.id).execute();
    const response = await t.app.inject({ method: 'GET', url: '/v1/user/me', headers });
    expect(response.statusCode).toBe(401);
  });
});
