import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiblingApp,
  buildTestApp,
  dialects,
  makeUser,
  testClock,
  type TestApp,
} from '../helper';

type Headers = Record<string, string>;

const lockBody = (scope: 'exclusive' | 'shared') =>
  `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:${scope}/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>bench</D:owner></D:lockinfo>`;

/** The `DAV:error` body of RFC 4918 naming a precondition, as a WebDAV client reads it. */
const davError = (precondition: string) =>
  new RegExp(
    `^<\\?xml version="1.0" encoding="utf-8"\\?>\\n<D:error xmlns:D="DAV:"[^>]*><D:${precondition}/>`,
  );

/**
 * WebDAV locks across two nodes of a fleet over one database: a lock either node grants is
 * honoured, refreshed, released and expired on both, and two nodes never grant conflicting
 * locks at once.
 */
describe.each(dialects)('WebDAV locks across two nodes on %s', (dialect) => {
  const clock = testClock();
  let a: TestApp;
  let b: TestApp;
  let auth: Headers;
  let userId: string;
  beforeAll(async () => {
    a = await buildTestApp(dialect, {}, { now: clock.now });
    b = await buildSiblingApp(a, {}, { now: clock.now });
    const member = await makeUser(a);
    userId = member.id;
    const { password } = await a.container.appPasswords.create(member.id, {
      name: 'tests',
      scope: 'write',
    });
    auth = {
      authorization: `Basic ${Buffer.from(`${member.email}:${password}`).toString('base64')}`,
    };
  });
  afterAll(async () => {
    // The sibling first: the first node's close removes the database they share.
    await b?.close();
    await a?.close();
  });

  const dav = (t: TestApp, method: string, url: string, headers: Headers = {}, payload?: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...auth, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });

  async function lock(
    t: TestApp,
    url: string,
    headers: Headers,
    scope: 'exclusive' | 'shared' = 'exclusive',
  ) {
    const answer = await dav(t, 'LOCK', url, headers, lockBody(scope));
    expect(answer.statusCode, answer.body).toBe(200);
    const token = /^<(.+)>$/.exec(String(answer.headers['lock-token']))?.[1] ?? '';
    expect(token).toMatch(/^opaquelocktoken:/);
    return token;
  }

  it('honours on one node a lock taken on the other, and frees it there by UNLOCK', async () => {
    expect((await dav(a, 'PUT', '/dav/report.txt', {}, 'first')).statusCode).toBe(201);
    const token = await lock(a, '/dav/report.txt', { depth: '0', timeout: 'Second-600' });

    const refused = await dav(b, 'PUT', '/dav/report.txt', {}, 'second');
    expect(refused.statusCode).toBe(423);
    expect(refused.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(refused.body).toMatch(davError('lock-token-submitted'));
    expect(refused.body).toContain('<N:error>failed_precondition</N:error>');
    const conflicting = await dav(b, 'LOCK', '/dav/report.txt', { depth: '0' }, lockBody('shared'));
    expect(conflicting.statusCode).toBe(423);
    expect(conflicting.body).toMatch(davError('no-conflicting-lock'));

    const listed = await dav(b, 'PROPFIND', '/dav/report.txt', { depth: '0' });
    expect(listed.statusCode).toBe(207);
    expect(listed.body).toContain(`<D:locktoken><D:href>${token}</D:href></D:locktoken>`);
    expect(listed.body).toContain('<D:owner>bench</D:owner>');
    expect(listed.body).toContain('<D:timeout>Second-600</D:timeout>');

    const accepted = await dav(b, 'PUT', '/dav/report.txt', { if: `(<${token}>)` }, 'second');
    expect(accepted.statusCode).toBe(204);
    expect((await dav(a, 'GET', '/dav/report.txt')).body).toBe('second');
    // A token the lock does not have fails the If header itself.
    const wrong = await dav(a, 'PUT', '/dav/report.txt', { if: '(<opaquelocktoken:x>)' }, 'z');
    expect(wrong.statusCode).toBe(412);

    const unlocked = await dav(b, 'UNLOCK', '/dav/report.txt', { 'lock-token': `<${token}>` });
    expect(unlocked.statusCode).toBe(204);
    expect((await dav(a, 'PUT', '/dav/report.txt', {}, 'third')).statusCode).toBe(204);
    const again = await dav(a, 'UNLOCK', '/dav/report.txt', { 'lock-token': `<${token}>` });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatch(davError('lock-token-matches-request-uri'));
  });

  it('covers a folder’s contents with a depth-infinity lock, and shares shared locks', async () => {
    expect((await dav(a, 'MKCOL', '/dav/Projects')).statusCode).toBe(201);
    const token = await lock(b, '/dav/Projects', { depth: 'infinity' });
    const refused = await dav(a, 'PUT', '/dav/Projects/plan.txt', {}, 'plan');
    expect(refused.statusCode).toBe(423);
    expect(refused.body).toMatch(davError('lock-token-submitted'));
    expect((await dav(a, 'DELETE', '/dav/Projects')).statusCode).toBe(423);
    const tagged = await dav(
      a,
      'PUT',
      '/dav/Projects/plan.txt',
      { if: `</dav/Projects> (<${token}>)` },
      'plan',
    );
    expect(tagged.statusCode).toBe(201);
    // DELETE with the token frees the lock with the folder, on both nodes.
    const deleted = await dav(a, 'DELETE', '/dav/Projects', { if: `(<${token}>)` });
    expect(deleted.statusCode).toBe(204);
    expect((await dav(b, 'MKCOL', '/dav/Projects')).statusCode).toBe(201);

    expect((await dav(a, 'PUT', '/dav/shared.txt', {}, 'x')).statusCode).toBe(201);
    const first = await lock(a, '/dav/shared.txt', { depth: '0' }, 'shared');
    const second = await lock(b, '/dav/shared.txt', { depth: '0' }, 'shared');
    expect(second).not.toBe(first);
    const exclusive = await dav(
      a,
      'LOCK',
      '/dav/shared.txt',
      { depth: '0' },
      lockBody('exclusive'),
    );
    expect(exclusive.statusCode).toBe(423);
    // A write submits the token of every lock on the item, whichever node granted it.
    const one = await dav(a, 'PUT', '/dav/shared.txt', { if: `(<${second}>)` }, 'y');
    expect(one.statusCode).toBe(423);
    const both = await dav(b, 'PUT', '/dav/shared.txt', { if: `(<${first}>) (<${second}>)` }, 'y');
    expect(both.statusCode).toBe(204);
  });

  it('grants one of two exclusive locks asked on both nodes at once', async () => {
    expect((await dav(a, 'PUT', '/dav/race.txt', {}, 'x')).statusCode).toBe(201);
    const answers = await Promise.all(
      [a, b, a, b].map((t) =>
        dav(t, 'LOCK', '/dav/race.txt', { depth: '0' }, lockBody('exclusive')),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 423, 423, 423]);
  });

  it('refreshes on one node a lock of the other, and forgets an expired lock on both', async () => {
    expect((await dav(a, 'PUT', '/dav/timed.txt', {}, 'x')).statusCode).toBe(201);
    const token = await lock(a, '/dav/timed.txt', { depth: '0', timeout: 'Second-60' });
    clock.advance(40_000);
    const refreshed = await dav(b, 'LOCK', '/dav/timed.txt', {
      if: `(<${token}>)`,
      timeout: 'Second-60',
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.body).toContain('<D:timeout>Second-60</D:timeout>');
    clock.advance(40_000);
    // 80 s after the grant, 40 s after the refresh: still held.
    expect((await dav(a, 'PUT', '/dav/timed.txt', {}, 'y')).statusCode).toBe(423);

    clock.advance(21_000);
    for (const t of [a, b]) {
      const listed = await dav(t, 'PROPFIND', '/dav/timed.txt', { depth: '0' });
      expect(listed.body).not.toContain(token);
      expect((await dav(t, 'PUT', '/dav/timed.txt', {}, 'z')).statusCode).toBe(204);
      const unlock = await dav(t, 'UNLOCK', '/dav/timed.txt', { 'lock-token': `<${token}>` });
      expect(unlock.statusCode).toBe(409);
      const refresh = await dav(t, 'LOCK', '/dav/timed.txt', { if: `(<${token}>)` });
      expect(refresh.statusCode).toBe(412);
    }
    // The housekeeping's sweep deletes the expired rows, from either node, once.
    const live = await a.container.davLocks.of(userId, [], '');
    expect(live.within('')).not.toContainEqual(expect.objectContaining({ token }));
    expect(await b.container.davLocks.sweepExpired()).toBe(1);
    expect(await a.container.davLocks.sweepExpired()).toBe(0);
  });

  it('keeps no DAV:owner over 4 KiB nor a path over 4 KiB, since each lock is read by requests on its path', async () => {
    const body = (owner: string) =>
      `<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype><D:owner>${owner}</D:owner></D:lockinfo>`;
    const before = await a.container.davLocks.count(userId);
    const large = await dav(
      a,
      'LOCK',
      '/dav/owned.txt',
      { depth: '0' },
      body('x'.repeat(64 * 1024)),
    );
    expect(large.statusCode, large.body).toBe(400);
    expect(JSON.parse(large.body)).toMatchObject({ error: 'invalid_argument' });
    expect(await a.container.davLocks.count(userId)).toBe(before);
    expect((await dav(a, 'GET', '/dav/owned.txt')).statusCode).toBe(404);
    // Nor a lock on a path longer than 4 KiB.
    let deep = '/dav';
    for (let level = 0; level < 17; level += 1) {
      deep = `${deep}/${'d'.repeat(250)}`;
      expect((await dav(a, 'MKCOL', deep)).statusCode).toBe(201);
    }
    const tooDeep = await dav(a, 'LOCK', deep, { depth: '0' }, body('deep'));
    expect(tooDeep.statusCode, tooDeep.body).toBe(400);
    expect(JSON.parse(tooDeep.body)).toMatchObject({ error: 'invalid_argument' });
    expect(await a.container.davLocks.count(userId)).toBe(before);
    const fitting = await dav(a, 'LOCK', '/dav/owned.txt', { depth: '0' }, body('y'.repeat(4000)));
    expect(fitting.statusCode, fitting.body).toBe(201);
    expect(fitting.body).toContain('y'.repeat(4000));
    const token = /<([^>]+)>/.exec(fitting.headers['lock-token'] as string)?.[1];
    expect(
      (await dav(a, 'UNLOCK', '/dav/owned.txt', { 'lock-token': `<${token}>` })).statusCode,
    ).toBe(204);
  });

  it('reads only the locks on a path and above it, and below a folder for a deep change', async () => {
    const expiresAt = new Date(clock.now().getTime() + 600_000).toISOString();
    const seeded = Array.from({ length: 200 }, (_, index) => `pile/${index}.txt`);
    await a.container.database.db
      .insertInto('dav_locks')
      .values(
        seeded.map((key, index) => ({
          token: `opaquelocktoken:pile-${index}`,
          user_id: userId,
          segments: JSON.stringify(key.split('/')),
          path_key: key,
          path_hash: createHash('sha256').update(key).digest('hex'),
          depth: '0',
          scope: 'shared',
          owner_xml: '',
          timeout_seconds: 600,
          expires_at: expiresAt,
        })),
      )
      .execute();
    const locks = a.container.davLocks;
    // A file's request reads its own lock, none of the folder's 199 others.
    expect((await locks.of(userId, ['pile/7.txt'])).within('').map((lock) => lock.token)).toEqual([
      'opaquelocktoken:pile-7',
    ]);
    expect((await locks.of(userId, ['pile'])).within('')).toEqual([]);
    // A change of the whole folder reads them all.
    expect((await locks.of(userId, ['pile'], 'pile')).within('pile')).toHaveLength(200);

    // Locks above a path and below a folder are still honoured across nodes.
    expect((await dav(a, 'MKCOL', '/dav/tree')).statusCode).toBe(201);
    expect((await dav(a, 'MKCOL', '/dav/tree/Süb')).statusCode).toBe(201);
    const above = await lock(a, '/dav/tree', { depth: 'infinity' });
    expect((await dav(b, 'PUT', '/dav/tree/süb/x.txt', {}, 'x')).statusCode).toBe(423);
    const put = await dav(b, 'PUT', '/dav/tree/süb/x.txt', { if: `(<${above}>)` }, 'x');
    expect(put.statusCode).toBe(201);
    expect((await dav(b, 'UNLOCK', '/dav/tree', { 'lock-token': `<${above}>` })).statusCode).toBe(
      204,
    );
    const below = await lock(a, '/dav/tree/Süb/x.txt', { depth: '0' });
    expect((await dav(b, 'DELETE', '/dav/tree')).statusCode).toBe(423);
    const move = await dav(b, 'MOVE', '/dav/tree', { destination: '/dav/moved' });
    expect(move.statusCode).toBe(423);
    // The If header names the file the lock is on (its own locks are read for it).
    const deleted = await dav(b, 'DELETE', '/dav/tree', {
      if: `</dav/tree/S%C3%BCb/x.txt> (<${below}>)`,
    });
    expect(deleted.statusCode).toBe(204);
    // The lock went with what it was on.
    expect((await locks.of(userId, ['tree/süb/x.txt'])).within('')).toEqual([]);
  });

  it('makes a free path an empty file with its lock, up to a thousand locks a member holds', async () => {
    const made = await dav(a, 'LOCK', '/dav/made.txt', { depth: '0' }, lockBody('exclusive'));
    expect(made.statusCode, made.body).toBe(201);
    expect((await dav(b, 'GET', '/dav/made.txt')).statusCode).toBe(200);

    const expiresAt = new Date(clock.now().getTime() + 600_000).toISOString();
    const held = await a.container.davLocks.count(userId);
    await a.container.database.db
      .insertInto('dav_locks')
      .values(
        Array.from({ length: 1000 - held }, (_, index) => ({
          token: `opaquelocktoken:seeded-${index}`,
          user_id: userId,
          segments: JSON.stringify(['many.txt']),
          path_key: 'many.txt',
          path_hash: createHash('sha256').update('many.txt').digest('hex'),
          depth: '0',
          scope: 'shared',
          owner_xml: '',
          timeout_seconds: 600,
          expires_at: expiresAt,
        })),
      )
      .execute();
    const refused = await dav(b, 'LOCK', '/dav/free.txt', { depth: '0' }, lockBody('shared'));
    expect(refused.statusCode).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'resource_exhausted' });
    // Nothing was made at the free path.
    expect((await dav(a, 'GET', '/dav/free.txt')).statusCode).toBe(404);
  });
});
