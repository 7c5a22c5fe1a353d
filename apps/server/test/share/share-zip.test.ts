import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  ok,
  testClock,
  type TestApp,
} from '../helper';
import { signIn, signedInMember } from '../identity';
import { stepUp } from '../support/console';
import { storeFile } from '../support/stored-file';
import { unzip } from '../support/zip';

type Headers = Record<string, string>;

const contentOrigin = 'http://content.nimbus-usercontent.test';

interface ZipBody {
  share_status: string;
  share_status_text: string;
  kind: string;
  name: string;
  url: string;
  token: string;
  expire: string;
}

/** The entries of an archive: folders as `'folder'`, files as their text. */
/** The entries of a zip archive with its files read as UTF-8 text. */
async function unzipText(archive: Buffer): Promise<Map<string, string>> {
  const entries = await unzip(archive);
  return new Map(
    [...entries].map(([name, content]) => [
      name,
      content === 'folder' ? content : content.toString('utf8'),
    ]),
  );
}

describe.each(dialects)('zips of shares on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { CONTENT_ORIGIN: contentOrigin, CONTENT_LINK_TTL_SECONDS: '3600' },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  const member = () => signedInMember(t);

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function fetchContent(url: string): Promise<LightMyRequestResponse> {
    const parsed = new URL(url);
    expect(parsed.origin).toBe(contentOrigin);
    return t.app.inject({
      method: 'GET',
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host },
    });
  }

  /** Owner's drive: Trip/{b.txt, Day1/{a.jpg}, Empty/}, top.txt, and Private/secret.txt (never shared). */
  async function ownerDrive(userId: string) {
    const trip = await t.container.files.createFolder(userId, { name: 'Trip', parentId: '' });
    const day1 = await t.container.files.createFolder(userId, { name: 'Day1', parentId: trip.id });
    const empty = await t.container.files.createFolder(userId, {
      name: 'Empty',
      parentId: trip.id,
    });
    const a = await storeFile(t, userId, 'a.jpg', 'photo bytes of day one', day1.id);
    const b = await storeFile(t, userId, 'b.txt', 'notes of the trip', trip.id);
    const top = await storeFile(t, userId, 'top.txt', 'a file at the root');
    const priv = await t.container.files.createFolder(userId, { name: 'Private', parentId: '' });
    const secret = await storeFile(t, userId, 'secret.txt', 'not for anyone', priv.id);
    return { trip, day1, empty, a, b, top, priv, secret };
  }

  async function share(headers: Headers, body: Record<string, unknown>) {
    return ok<{ share_id: string; pass_code: string }>(
      await call(headers, 'POST', '/drive/v1/share', body),
    );
  }

  async function tokenFor(shareId: string, passCode: string) {
    const body = ok<{ share_status: string; pass_code_token: string }>(
      await call(
        {},
        'GET',
        `/drive/v1/share?${new URLSearchParams({ share_id: shareId, pass_code: passCode }).toString()}`,
      ),
    );
    expect(body.share_status).toBe('OK');
    return body.pass_code_token;
  }

  function zip(headers: Headers, body: Record<string, unknown>) {
    return call(headers, 'POST', '/drive/v1/share:zip', body);
  }

  /** The entries of the zip a call links to. */
  async function entriesOf(answer: ZipBody) {
    expect(answer.share_status).toBe('OK');
    expect(answer.kind).toBe('drive#zip');
    const fetched = await fetchContent(answer.url);
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.headers['content-type']).toBe('application/zip');
    expect(Number(fetched.headers['content-length'])).toBe(fetched.rawPayload.length);
    return unzipText(fetched.rawPayload);
  }

  it('zips picked files and folders of a share with their trees, at any depth', async () => {
    const owner = await member();
    const visitor = await member();
    const drive = await ownerDrive(owner.user.id);
    const made = await share(owner.headers, {
      file_ids: [drive.trip.id, drive.top.id],
      title: 'Holiday',
    });
    const token = await tokenFor(made.share_id, made.pass_code);

    // A folder and a file at the share's root: the folder with everything inside, empty folders kept.
    const both = ok<ZipBody>(
      await zip(visitor.headers, {
        share_id: made.share_id,
        pass_code_token: token,
        file_ids: [drive.trip.id, drive.top.id],
      }),
    );
    expect(both.name).toBe('Holiday.zip');
    expect(both.url).toContain(`${contentOrigin}/content/v1/`);
    expect(Date.parse(both.expire)).toBe(clock.now().getTime() + 3600 * 1000);
    expect(Object.fromEntries(await entriesOf(both))).toEqual({
      'Trip/': 'folder',
      'top.txt': 'a file at the root',
      'Trip/Day1/': 'folder',
      'Trip/Empty/': 'folder',
      'Trip/b.txt': 'notes of the trip',
      'Trip/Day1/a.jpg': 'photo bytes of day one',
    });

    // The whole share when nothing is picked.
    const all = ok<ZipBody>(
      await zip(visitor.headers, { share_id: made.share_id, pass_code_token: token }),
    );
    expect([...(await entriesOf(all)).keys()].sort()).toEqual([
      'Trip/',
      'Trip/Day1/',
      'Trip/Day1/a.jpg',
      'Trip/Empty/',
      'Trip/b.txt',
      'top.txt',
    ]);

    // A folder one level down, reached through Trip: named after it; a file inside it comes with it.
    const inner = ok<ZipBody>(
      await zip(visitor.headers, {
        share_id: made.share_id,
        pass_code_token: token,
        file_ids: [drive.day1.id, drive.a.id],
        ancestor_ids: [drive.trip.id],
      }),
    );
    expect(inner.name).toBe('Day1.zip');
    expect(Object.fromEntries(await entriesOf(inner))).toEqual({
      'Day1/': 'folder',
      'Day1/a.jpg': 'photo bytes of day one',
    });

    // A chosen name, and the owner zips their own share too.
    const named = ok<ZipBody>(
      await zip(owner.headers, {
        share_id: made.share_id,
        file_ids: [drive.b.id],
        name: '旅行メモ.zip',
      }),
    );
    expect(named.name).toBe('旅行メモ.zip');
    expect(Object.fromEntries(await entriesOf(named))).toEqual({ 'b.txt': 'notes of the trip' });

    const reference = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(Object.keys(reference.json<{ paths: Record<string, unknown> }>().paths)).toContain(
      '/drive/v1/share:zip',
    );
  });

  it('answers ids outside the share, other tokens, expired tokens and unreadable shares as the other share calls do', async () => {
    const owner = await member();
    const visitor = await member();
    const drive = await ownerDrive(owner.user.id);
    const made = await share(owner.headers, { file_ids: [drive.trip.id], expiration_days: 2 });
    const other = await share(owner.headers, { file_ids: [drive.priv.id] });
    const token = await tokenFor(made.share_id, made.pass_code);
    const otherToken = await tokenFor(other.share_id, other.pass_code);
    const statusOf = async (body: Record<string, unknown>, headers = visitor.headers) => {
      const answer = ok<ZipBody>(
        await zip(headers, { share_id: made.share_id, pass_code_token: token, ...body }),
      );
      if (answer.share_status !== 'OK') {
        expect([answer.url, answer.token, answer.name]).toEqual(['', '', '']);
        expect(answer.share_status_text).not.toBe('');
      }
      return answer.share_status;
    };

    // Items of the owner outside the share, of another share, another member's: NOT_FOUND.
    expect(await statusOf({ file_ids: [drive.secret.id] })).toBe('NOT_FOUND');
    expect(await statusOf({ file_ids: [drive.priv.id] })).toBe('NOT_FOUND');
    expect(await statusOf({ file_ids: [drive.top.id] })).toBe('NOT_FOUND');
    expect(await statusOf({ file_ids: [drive.b.id, drive.secret.id] })).toBe('NOT_FOUND');
    const mine = await storeFile(t, visitor.user.id, 'mine.txt', 'the visitor');
    expect(await statusOf({ file_ids: [mine.id] })).toBe('NOT_FOUND');
    // A path that does not lead to the picked item.
    expect(await statusOf({ file_ids: [drive.b.id], ancestor_ids: [drive.day1.id] })).toBe(
      'NOT_FOUND',
    );
    expect(await statusOf({ share_id: 'nosuchshareid0000000000', file_ids: [drive.b.id] })).toBe(
      'NOT_FOUND',
    );
    // Another share's token opens nothing here; no token asks for the pass code.
    expect(await statusOf({ pass_code_token: otherToken, file_ids: [drive.b.id] })).toBe(
      'PASS_CODE_EMPTY',
    );
    expect(await statusOf({ pass_code_token: '', file_ids: [drive.b.id] })).toBe('PASS_CODE_EMPTY');
    expect(await statusOf({ share_id: other.share_id, file_ids: [drive.b.id] })).toBe(
      'PASS_CODE_EMPTY',
    );
    expect(
      await statusOf({
        share_id: other.share_id,
        pass_code_token: otherToken,
        file_ids: [drive.b.id],
      }),
    ).toBe('NOT_FOUND');

    // A visitor without credentials is asked to sign in; bad input is the error object.
    const anonymous = await zip(
      { 'accept-language': 'ja' },
      { share_id: made.share_id, pass_code_token: token, file_ids: [drive.b.id] },
    );
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).error).toBe('login_required');
    expect(localizedOf(errorOf(anonymous))?.locale).toBe('ja');
    const forged = await zip(
      { authorization: 'Bearer forged' },
      { share_id: made.share_id, pass_code_token: token, file_ids: [drive.b.id] },
    );
    expect(errorOf(forged).error).toBe('login_required');
    for (const [body, reason] of [
      [{ file_ids: 'x' }, 'invalid_argument'],
      [{ file_ids: [''] }, 'invalid_argument'],
      [{ file_ids: Array(101).fill(drive.b.id) }, 'invalid_argument'],
      [{ name: 'a/b.zip' }, 'file_name_invalid'],
      [{ name: 'a\u202Epiz.exe' }, 'file_name_direction_control'],
      [{ ancestor_ids: [7] }, 'invalid_argument'],
    ] as const) {
      const bad = await zip(visitor.headers, {
        share_id: made.share_id,
        pass_code_token: token,
        ...body,
      });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(bad).error).toBe(reason);
    }

    // A link made while the share was readable stops when the share stops being readable.
    const link = ok<ZipBody>(
      await zip(visitor.headers, {
        share_id: made.share_id,
        pass_code_token: token,
        file_ids: [drive.b.id],
      }),
    );
    expect((await fetchContent(link.url)).statusCode).toBe(200);
    ok(
      await call(owner.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, {
        custom_pass_code: 'Changed1',
      }),
    );
    const stale = await fetchContent(link.url);
    expect(stale.statusCode).toBe(404);
    expect(errorOf(stale).error).toBe('file_not_found');
    expect(await statusOf({ file_ids: [drive.b.id] })).toBe('PASS_CODE_EMPTY');
    const fresh = await tokenFor(made.share_id, 'Changed1');

    // Past its 12 hours a pass-code token asks for the pass code again; past the expiry, EXPIRED.
    clock.advance(13 * 3600 * 1000);
    const renewed = {
      authorization: `Bearer ${(await signIn(t, visitor.user.email, visitor.user.password)).access_token}`,
    };
    expect(await statusOf({ pass_code_token: fresh, file_ids: [drive.b.id] }, renewed)).toBe(
      'PASS_CODE_EMPTY',
    );
    const later = await tokenFor(made.share_id, 'Changed1');
    expect(await statusOf({ pass_code_token: later, file_ids: [drive.b.id] }, renewed)).toBe('OK');
    clock.advance(2 * 86_400_000);
    const again = {
      authorization: `Bearer ${(await signIn(t, visitor.user.email, visitor.user.password)).access_token}`,
    };
    expect(await statusOf({ pass_code_token: later, file_ids: [drive.b.id] }, again)).toBe(
      'EXPIRED',
    );
  });

  it('leaves moderated items out and answers a moderated pick or share with its state', async () => {
    const owner = await member();
    const visitor = await member();
    const admin = await member();
    await t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: clock.now().toISOString() })
      .execute();
    await stepUp(t, admin.user.id, clock.now());
    const drive = await ownerDrive(owner.user.id);
    const made = await share(owner.headers, {
      file_ids: [drive.trip.id, drive.top.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    const token = await tokenFor(made.share_id, '');
    const moderate = async (kind: 'files' | 'shares', id: string, status: string) =>
      ok(
        await call(admin.headers, 'PATCH', `/audit.admin/v1/${kind}/${id}`, {
          audit_status: status,
        }),
      );
    const zipOf = async (body: Record<string, unknown>) =>
      ok<ZipBody>(
        await zip(visitor.headers, { share_id: made.share_id, pass_code_token: token, ...body }),
      );

    // A prohibited file and a sensitive folder inside the picked folder are left out, with all inside it.
    await moderate('files', drive.b.id, 'PROHIBITED');
    await moderate('files', drive.day1.id, 'SENSITIVE_RESOURCE');
    const left = await zipOf({ file_ids: [drive.trip.id, drive.top.id] });
    expect(Object.fromEntries(await entriesOf(left))).toEqual({
      'Trip/': 'folder',
      'Trip/Empty/': 'folder',
      'top.txt': 'a file at the root',
    });

    // Picked by id, a moderated item answers its state.
    expect((await zipOf({ file_ids: [drive.b.id] })).share_status).toBe('PROHIBITED');
    expect(
      (await zipOf({ file_ids: [drive.a.id], ancestor_ids: [drive.trip.id, drive.day1.id] }))
        .share_status,
    ).toBe('SENSITIVE_RESOURCE');

    // Moderated after the link was made: the link serves what is still allowed.
    await moderate('files', drive.b.id, 'OK');
    await moderate('files', drive.day1.id, 'OK');
    const link = await zipOf({ file_ids: [drive.trip.id] });
    await moderate('files', drive.a.id, 'PROHIBITED');
    expect([...(await entriesOf(link)).keys()].sort()).toEqual([
      'Trip/',
      'Trip/Day1/',
      'Trip/Empty/',
      'Trip/b.txt',
    ]);

    // A moderated share answers its state, and its links stop.
    for (const status of ['AUDITING', 'SENSITIVE_WORD', 'PROHIBITED']) {
      await moderate('shares', made.share_id, status);
      expect((await zipOf({ file_ids: [drive.top.id] })).share_status).toBe(status);
      expect(errorOf(await fetchContent(link.url)).error).toBe('file_not_found');
    }
    await moderate('shares', made.share_id, 'OK');

    // Trashed items are gone from the share; a trashed share is DELETED.
    ok(await call(owner.headers, 'POST', '/drive/v1/files:batchTrash', { ids: [drive.b.id] }));
    expect((await zipOf({ file_ids: [drive.b.id] })).share_status).toBe('NOT_FOUND');
    ok(
      await call(owner.headers, 'POST', '/drive/v1/files:batchTrash', {
        ids: [drive.trip.id, drive.top.id],
      }),
    );
    expect((await zipOf({ file_ids: [] })).share_status).toBe('DELETED');
  });
});
