import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

type Headers = Record<string, string>;

function basic(email: string, password: string): Headers {
  return { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}

const propfindBody =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:getcontentlength/><d:getlastmodified/><d:quota-used-bytes/><d:quota-available-bytes/></d:prop></d:propfind>';

describe.each(dialects)('WebDAV on %s', (dialect) => {
  let t: TestApp;
  /** The SQL of the queries run since the last reset (the PUT's count below reads it). */
  const queries: string[] = [];
  // One app for the file: every test works with members of its own.
  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: '10000' },
      { onQuery: (sql) => queries.push(sql) },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const dav = (method: string, url: string, headers: Headers, payload?: string | Buffer) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });

  async function member(scope: 'read' | 'write' = 'write') {
    const { user, headers } = await signedInMember(t);
    const created = ok<{ app_password: { id: string }; password: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/app-passwords',
        headers,
        payload: { name: 'Files on my Mac', scope },
      }),
    );
    return {
      user,
      bearer: headers,
      id: created.app_password.id,
      auth: basic(user.email, created.password),
    };
  }

  it('answers OPTIONS without credentials, and asks others for Basic', async () => {
    const options = await dav('OPTIONS', '/dav/', {});
    expect(options.statusCode).toBe(200);
    expect(options.headers['dav']).toBe('1, 2');
    expect(options.headers['ms-author-via']).toBe('DAV');
    const anonymous = await dav('PROPFIND', '/dav/', { depth: '0' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['www-authenticate']).toMatch(/^Basic realm=/);
    expect(errorOf(anonymous).error).toBe('unauthenticated');
  });

  it('lists, reads with ranges, and keeps the client’s modification time', async () => {
    const { auth, bearer } = await member();
    const put = await dav(
      'PUT',
      '/dav/%E5%86%99%E7%9C%9F.txt',
      { ...auth, 'x-oc-mtime': '1600000000', 'content-type': 'text/plain' },
      'hello webdav',
    );
    expect(put.statusCode).toBe(201);
    expect(put.headers['x-oc-mtime']).toBe('accepted');
    const listing = await dav('PROPFIND', '/dav', { ...auth, depth: '1' }, propfindBody);
    expect(listing.statusCode).toBe(207);
    expect(listing.body).toContain('<D:href>/dav/%E5%86%99%E7%9C%9F.txt</D:href>');
    expect(listing.body).toContain(
      '<D:getlastmodified>Sun, 13 Sep 2020 12:26:40 GMT</D:getlastmodified>',
    );
    expect(listing.body).toContain('<D:quota-used-bytes>12</D:quota-used-bytes>');
    expect(listing.body).toContain('<D:quota-available-bytes>9988</D:quota-available-bytes>');
    const range = await dav('GET', '/dav/写真.txt', { ...bearer, range: 'bytes=6-' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('webdav');
    expect(range.headers['last-modified']).toBe('Sun, 13 Sep 2020 12:26:40 GMT');
    const again = await dav('GET', '/dav/写真.txt', {
      ...auth,
      'if-none-match': String(range.headers['etag']),
      translate: 'f',
    });
    expect(again.statusCode).toBe(304);
    // Trailing slashes and folder paths without one name the same item.
    expect((await dav('MKCOL', '/dav/Fotos/', auth)).statusCode).toBe(201);
    expect((await dav('PROPFIND', '/dav/Fotos', { ...auth, depth: '0' })).statusCode).toBe(207);
    expect((await dav('PROPFIND', '/dav/Fotos/', { ...auth, depth: '0' })).statusCode).toBe(207);
  });

  it('refuses Depth: infinity with the RFC precondition as a DAV:error body', async () => {
    const { auth } = await member();
    for (const headers of [{ ...auth, depth: 'infinity' }, auth]) {
      const answer = await dav('PROPFIND', '/dav/', headers);
      expect(answer.statusCode).toBe(403);
      expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(answer.body).toMatch(
        /^<\?xml version="1.0" encoding="utf-8"\?>\n<D:error xmlns:D="DAV:"[^>]*><D:propfind-finite-depth\/>/,
      );
      expect(answer.body).toContain('<N:error>permission_denied</N:error>');
    }
    // A Depth that is no depth at all is still an error object.
    const wrong = await dav('PROPFIND', '/dav/', { ...auth, depth: '2' });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).error).toBe('invalid_argument');
  });

  it('names the lock preconditions in DAV:error bodies', async () => {
    const { auth } = await member();
    expect((await dav('PUT', '/dav/locked.txt', auth, 'x')).statusCode).toBe(201);
    const lockBody =
      '<?xml version="1.0"?><D:lockinfo xmlns:D="DAV:"><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockinfo>';
    const lock = await dav('LOCK', '/dav/locked.txt', { ...auth, depth: '0' }, lockBody);
    expect(lock.statusCode).toBe(200);
    const write = await dav('PUT', '/dav/locked.txt', auth, 'y');
    expect(write.statusCode).toBe(423);
    expect(write.body).toContain('<D:lock-token-submitted/>');
    const second = await dav('LOCK', '/dav/locked.txt', { ...auth, depth: '0' }, lockBody);
    expect(second.statusCode).toBe(423);
    expect(second.body).toContain('<D:no-conflicting-lock/>');
    const unlock = await dav('UNLOCK', '/dav/locked.txt', {
      ...auth,
      'lock-token': '<opaquelocktoken:not-this-one>',
    });
    expect(unlock.statusCode).toBe(409);
    expect(unlock.body).toContain('<D:lock-token-matches-request-uri/>');
  });

  it('shows the trash, the share links and "Saved from shares" as in the drive, read-only', async () => {
    const { auth, bearer } = await member();
    for (const [method, url, body] of [
      ['PUT', '/dav/keep.txt', 'kept'],
      ['PUT', '/dav/gone.txt', 'gone'],
      ['MKCOL', '/dav/Old', undefined],
      ['PUT', '/dav/Old/inner.txt', 'inner'],
    ] as const) {
      expect((await dav(method, url, auth, body)).statusCode, url).toBe(201);
    }
    expect((await dav('DELETE', '/dav/gone.txt', auth)).statusCode).toBe(204);
    expect((await dav('DELETE', '/dav/Old', auth)).statusCode).toBe(204);
    const root = await dav('PROPFIND', '/dav/', { ...auth, depth: '1' });
    expect(root.body).toContain('<D:href>/dav/Trash/</D:href>');
    expect(root.body).toContain('<D:href>/dav/Shared%20links/</D:href>');
    const japanese = await dav('PROPFIND', '/dav/', {
      ...auth,
      depth: '1',
      'accept-language': 'ja',
    });
    expect(japanese.body).toContain(`<D:href>/dav/${encodeURIComponent('ゴミ箱')}/</D:href>`);
    const trash = await dav('PROPFIND', '/dav/Trash/', { ...auth, depth: '1' });
    expect(trash.statusCode).toBe(207);
    expect(trash.body).toContain('<D:href>/dav/Trash/gone.txt</D:href>');
    expect(trash.body).toContain('<D:href>/dav/Trash/Old/</D:href>');
    expect(trash.body).not.toContain('keep.txt');
    // The same view under its name in another language, and a trashed folder's contents.
    const inside = await dav('PROPFIND', '/dav/ゴミ箱/Old/', { ...auth, depth: '1' });
    expect(inside.statusCode).toBe(207);
    expect(inside.body).toContain('/Old/inner.txt</D:href>');
    expect(errorOf(await dav('GET', '/dav/Trash/gone.txt', auth)).error).toBe(
      'file_in_recycle_bin',
    );
    expect(
      (await dav('PROPFIND', '/dav/Trash/nothing.txt', { ...auth, depth: '0' })).statusCode,
    ).toBe(404);
    for (const [method, url, headers] of [
      ['PUT', '/dav/Trash/new.txt', {}],
      ['DELETE', '/dav/Trash/gone.txt', {}],
      ['MKCOL', '/dav/Trash', {}],
      ['MOVE', '/dav/Trash/gone.txt', { destination: '/dav/back.txt' }],
      ['MOVE', '/dav/keep.txt', { destination: '/dav/Trash/keep.txt' }],
      ['COPY', '/dav/keep.txt', { destination: '/dav/Shared%20links/keep.txt' }],
    ] as const) {
      const answer = await dav(method, url, { ...auth, ...headers }, 'x');
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(answer).error).toBe('permission_denied');
    }

    // A share link is a folder of the items it chose, which read as in the drive.
    const files = ok<{ files: { id: string; name: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/drive/v1/files?parent_id=', headers: bearer }),
    ).files;
    const keep = files.find((file) => file.name === 'keep.txt');
    const share = ok<{ share_id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share',
        headers: bearer,
        payload: { file_ids: [keep?.id], pass_code_option: 'NOT_REQUIRED', title: 'For Ana' },
      }),
    );
    const folder = `/dav/Shared%20links/For%20Ana%20(${share.share_id})/`;
    const links = await dav('PROPFIND', '/dav/Shared links/', { ...auth, depth: '1' });
    expect(links.body).toContain(`<D:href>${folder}</D:href>`);
    const chosen = await dav('PROPFIND', folder, { ...auth, depth: '1' });
    expect(chosen.body).toContain(`<D:href>${folder}keep.txt</D:href>`);
    expect((await dav('GET', `${folder}keep.txt`, auth)).body).toBe('kept');
    expect((await dav('DELETE', `${folder}keep.txt`, auth)).statusCode).toBe(403);

    // What another member saves from the link lands in their "Saved from shares".
    const saver = await member();
    const opened = ok<{ pass_code_token: string }>(
      await t.app.inject({ method: 'GET', url: `/drive/v1/share?share_id=${share.share_id}` }),
    );
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share/restore',
        headers: saver.bearer,
        payload: { share_id: share.share_id, pass_code_token: opened.pass_code_token },
      }),
    );
    expect((await dav('GET', '/dav/Saved from shares/keep.txt', saver.auth)).body).toBe('kept');

    // An item of the drive with a view's name wins over the view.
    const other = await member();
    expect((await dav('MKCOL', '/dav/Trash', other.auth)).statusCode).toBe(403);
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers: other.bearer,
        payload: { kind: 'drive#folder', name: 'Trash', parent_id: '' },
      }),
    );
    expect((await dav('PUT', '/dav/Trash/mine.txt', other.auth, 'mine')).statusCode).toBe(201);
    const shadowed = await dav('PROPFIND', '/dav/', { ...other.auth, depth: '1' });
    expect(shadowed.body.match(/<D:href>\/dav\/Trash\/<\/D:href>/g)).toHaveLength(1);
  });

  it('keeps macOS ._ files and .DS_Store out of the drive and its listings', async () => {
    const { user, auth } = await member();
    expect((await dav('PUT', '/dav/._photo.jpg', auth, 'fork')).statusCode).toBe(201);
    expect((await dav('PUT', '/dav/.DS_Store', auth, 'settings')).statusCode).toBe(201);
    await storeFile(t, user.id, '.DS_Store', 'made in the drive');
    const listing = await dav('PROPFIND', '/dav/', { ...auth, depth: '1' });
    expect(listing.body).not.toContain('DS_Store');
    expect(listing.body).not.toContain('._photo');
    expect((await dav('GET', '/dav/._photo.jpg', auth)).statusCode).toBe(404);
  });

  it('lets a read-only app password read and refuses every write', async () => {
    const writer = await member();
    await dav('PUT', '/dav/kept.txt', writer.auth, 'kept');
    const { auth } = await member('read');
    // Another member's app password: its own empty drive.
    expect((await dav('GET', '/dav/kept.txt', auth)).statusCode).toBe(404);
    const created = ok<{ password: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/v1/user/app-passwords',
        headers: writer.bearer,
        payload: { name: 'VLC', scope: 'read' },
      }),
    );
    const readOnly = basic(writer.user.email, created.password);
    expect((await dav('GET', '/dav/kept.txt', readOnly)).body).toBe('kept');
    expect((await dav('PROPFIND', '/dav/', { ...readOnly, depth: '1' })).statusCode).toBe(207);
    for (const [method, url] of [
      ['PUT', '/dav/new.txt'],
      ['DELETE', '/dav/kept.txt'],
      ['MKCOL', '/dav/folder'],
      ['MOVE', '/dav/kept.txt'],
      ['PROPPATCH', '/dav/kept.txt'],
      ['LOCK', '/dav/kept.txt'],
    ] as const) {
      const answer = await dav(method, url, { ...readOnly, destination: '/dav/moved.txt' }, 'x');
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(answer).error).toBe('permission_denied');
    }
    expect((await dav('GET', '/dav/kept.txt', writer.auth)).body).toBe('kept');
  });

  it('keeps at most 100 dead properties of 64 KiB in all per item (507 beyond, nothing changed)', async () => {
    const { auth } = await member();
    expect((await dav('PUT', '/dav/props.txt', auth, 'p')).statusCode).toBe(201);
    const patch = (properties: string) =>
      dav(
        'PROPPATCH',
        '/dav/props.txt',
        auth,
        `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:" xmlns:Z="urn:test"><D:set><D:prop>${properties}</D:prop></D:set></D:propertyupdate>`,
      );
    const listed = async () =>
      (
        await dav(
          'PROPFIND',
          '/dav/props.txt',
          { ...auth, depth: '0' },
          '<?xml version="1.0"?><D:propfind xmlns:D="DAV:"><D:allprop/></D:propfind>',
        )
      ).body;
    expect((await patch(`<Z:big>${'a'.repeat(40_000)}</Z:big>`)).statusCode).toBe(207);
    const tooLarge = await patch(`<Z:more>${'b'.repeat(40_000)}</Z:more>`);
    expect(tooLarge.statusCode).toBe(507);
    expect(errorOf(tooLarge).error).toBe('file_space_not_enough');
    // Replacing a property counts its new value only.
    expect((await patch(`<Z:big>${'c'.repeat(40_000)}</Z:big>`)).statusCode).toBe(207);
    const many = Array.from({ length: 101 }, (_, index) => `<Z:p${index}>v</Z:p${index}>`);
    expect((await patch(many.join(''))).statusCode).toBe(507);
    const body = await listed();
    expect(body).toContain('c'.repeat(40_000));
    expect(body).not.toContain('b'.repeat(100));
    expect(body).not.toContain('<Z:p0');
  });

  it('refuses a revoked app password at once, and lists last use', async () => {
    const { auth, bearer, id } = await member();
    expect((await dav('PROPFIND', '/dav/', { ...auth, depth: '0' })).statusCode).toBe(207);
    const listed = ok<{
      app_passwords: { id: string; last_used_time: string; last_used_ip: string }[];
    }>(await t.app.inject({ method: 'GET', url: '/v1/user/app-passwords', headers: bearer }));
    expect(listed.app_passwords).toHaveLength(1);
    expect(listed.app_passwords[0]?.last_used_time).not.toBe('');
    expect(listed.app_passwords[0]?.last_used_ip).toBe('127.0.0.*');
    expect(JSON.stringify(listed)).not.toMatch(/password_hash|"password"/);
    ok(
      await t.app.inject({
        method: 'DELETE',
        url: `/v1/user/app-passwords/${id}`,
        headers: bearer,
      }),
    );
    expect((await dav('PROPFIND', '/dav/', { ...auth, depth: '0' })).statusCode).toBe(401);
  });

  it('takes the account password only when allowed, and counts wrong ones like sign-in', async () => {
    const { user } = await member();
    expect(
      (await dav('PROPFIND', '/dav/', { ...basic(user.email, user.password), depth: '0' }))
        .statusCode,
    ).toBe(401);
    // AUTH_FREEZE_AFTER_FAILURES (15 by default) wrong passwords freeze this client.
    let last = 0;
    for (let attempt = 0; attempt < 16; attempt += 1) {
      last = (
        await dav('PROPFIND', '/dav/', { ...basic(user.email, `wrong-${attempt}`), depth: '0' })
      ).statusCode;
    }
    expect(last).toBe(403);
    const frozen = await dav('PROPFIND', '/dav/', { ...basic(user.email, 'wrong'), depth: '0' });
    expect(errorOf(frozen).error).toBe('account_freeze');
  });

  it('answers 404 for another member’s paths', async () => {
    const owner = await member();
    await dav('MKCOL', '/dav/private', owner.auth);
    await dav('PUT', '/dav/private/secret.txt', owner.auth, 'secret');
    const other = await member();
    for (const method of ['GET', 'PROPFIND', 'DELETE', 'PROPPATCH']) {
      const answer = await dav(method, '/dav/private/secret.txt', { ...other.auth, depth: '0' });
      expect(answer.statusCode, method).toBe(404);
    }
    const copy = await dav('COPY', '/dav/private/secret.txt', {
      ...other.auth,
      destination: '/dav/mine.txt',
    });
    expect(copy.statusCode).toBe(404);
    expect((await dav('GET', '/dav/private/secret.txt', owner.auth)).body).toBe('secret');
  });

  it('stores a small PUT in one commit of a fixed number of queries', async () => {
    const { auth } = await member();
    expect((await dav('MKCOL', '/dav/notes', auth)).statusCode).toBe(201);
    // The plans' limits, which a node reads once per 5 s, are read by this first PUT.
    expect((await dav('PUT', '/dav/notes/first.txt', auth, 'first')).statusCode).toBe(201);
    queries.length = 0;
    expect((await dav('PUT', '/dav/notes/second.txt', auth, 'second')).statusCode).toBe(201);
    const ran = queries.splice(0);
    // The app password (its account joined) and the account's freeze; the folder and the name
    // in it, each once; the locks over the path; the quota (usage, memberships, packs); then one
    // transaction: the blob's row and the file (usage row locked, folder live, name free, row,
    // usage booked under the limit read before, the row as stored), in two savepoints.
    expect(ran.filter((query) => query === 'commit')).toHaveLength(1);
    expect(ran.filter((query) => query.startsWith('insert into "blobs"'))).toHaveLength(1);
    const begin = ran.findIndex((query) => query.startsWith('begin'));
    const blob = ran.findIndex((query) => query.startsWith('insert into "blobs"'));
    expect(begin).toBeGreaterThan(0);
    expect(blob).toBeGreaterThan(begin);
    expect(ran.filter((query) => query.includes('from "users"'))).toHaveLength(0);
    expect(ran).toHaveLength(23);
    // Replacing it makes the same single commit.
    queries.length = 0;
    expect((await dav('PUT', '/dav/notes/second.txt', auth, 'again')).statusCode).toBe(204);
    expect(queries.filter((query) => query === 'commit')).toHaveLength(1);
    expect((await dav('GET', '/dav/notes/second.txt', auth)).body).toBe('again');
    // The replaced content's blob lost its reference: garbage collection takes it.
    expect((await t.container.blobs.collectGarbage()).deleted).toBe(1);
  });

  it('leaves nothing behind when a PUT does not fit the quota', async () => {
    const { user, auth } = await member();
    const declared = await dav('PUT', '/dav/big.bin', auth, Buffer.alloc(20_000, 1));
    expect(declared.statusCode).toBe(507);
    expect(errorOf(declared).error).toBe('file_space_not_enough');
    // Without a length the bytes are read first, and the quota refuses the file at the commit.
    const streamed = await t.app.inject({
      method: 'PUT',
      url: '/dav/big2.bin',
      headers: { ...auth, 'transfer-encoding': 'chunked' },
      payload: Readable.from([Buffer.alloc(6000, 2), Buffer.alloc(6000, 3)]),
    });
    expect(streamed.statusCode).toBe(507);
    expect((await t.container.files.about(user.id)).usage).toBe(0);
    const listing = await dav('PROPFIND', '/dav/', { ...auth, depth: '1' });
    expect(listing.body).not.toMatch(/big2?\.bin/);
    // The blob the refused PUT stored holds no reference: garbage collection takes it.
    expect((await t.container.blobs.collectGarbage()).deleted).toBe(1);
  });

  it('answers 400 to path traversal, encoded slashes and NUL', async () => {
    const { auth } = await member();
    await dav('MKCOL', '/dav/a', auth);
    // Over a socket, so the target arrives as the client wrote it.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const raw = (method: string, url: string, headers: Headers) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(origin);
        const options = { hostname, port, path: url, method, headers };
        const request = http.request(options, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        });
        request.on('error', reject);
        request.end();
      });
    for (const url of [
      '/dav/a/../../etc/passwd',
      '/dav/a/%2e%2e/x',
      '/dav/a%2Fb',
      '/dav/a%5Cb',
      '/dav/a%00b',
      '/dav/./a',
      '/dav/%ff',
    ]) {
      const answer = await raw('PROPFIND', url, { ...auth, depth: '0' });
      expect(answer.status, url).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'invalid_argument' });
    }
    const move = await raw('MOVE', '/dav/a', { ...auth, destination: '/dav/a/../../b' });
    expect(move.status).toBe(400);
    expect((await raw('PROPFIND', '/dav/a', { ...auth, depth: '0' })).status).toBe(207);
  });
});
