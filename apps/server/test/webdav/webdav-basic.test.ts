import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, makeUser, testHasher, type TestApp } from '../helper';

/** PROPFIND of the WebDAV root with HTTP Basic. */
function propfind(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'PROPFIND' as 'GET',
    url: '/dav/',
    headers: {
      depth: '0',
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
    },
  });
}

describe.each(dialects)('WebDAV with the account password on %s', (dialect) => {
  let t: TestApp;
  let checks = 0;
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { DAV_ACCOUNT_PASSWORD: 'true' },
      {
        hasher: {
          hash: (password) => testHasher.hash(password),
          verify: (hash, password) => {
            checks += 1;
            return testHasher.verify(hash, password);
          },
        },
      },
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The answer's status and the password checks it cost. */
  async function attempt(email: string, password: string) {
    checks = 0;
    const answer = await propfind(t, email, password);
    return { status: answer.statusCode, checks };
  }

  it('costs every refusal one password check, so its time tells no account apart', async () => {
    const member = await makeUser(t);
    const blocked = await makeUser(t, { status: 'blocked' });
    expect(await attempt(member.email, member.password)).toEqual({ status: 207, checks: 1 });
    // A wrong password, an address without an account and a blocked account: alike.
    expect(await attempt(member.email, 'wrong password')).toEqual({ status: 401, checks: 1 });
    expect(await attempt('nobody-here@example.com', 'wrong')).toEqual({ status: 401, checks: 1 });
    expect(await attempt(blocked.email, blocked.password)).toEqual({ status: 401, checks: 1 });
  });
});
