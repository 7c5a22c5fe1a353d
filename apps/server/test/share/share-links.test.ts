import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signIn, signedInMember } from '../identity';
import { stepUp } from '../support/console';
import { storeFile } from '../support/stored-file';

type Headers = Record<string, string>;

const contentOrigin = 'http://content.nimbus-usercontent.test';

interface SharedFileBody {
  id: string;
  name: string;
  thumbnail_link: string;
  web_content_link: string;
  links: Record<string, { url: string; token: string }>;
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

/** The claims a content link carries (its token's first part), as anyone holding it can read them. */
function claimsOf(url: string): Record<string, unknown> {
  const token = new URL(url).pathname.split('/')[3] ?? '';
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe.each(dialects)('links handed out through a share on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    // Links live a week here, so only the share can end them within a test.
    t = await buildTestApp(
      dialect,
      { CONTENT_ORIGIN: contentOrigin, CONTENT_LINK_TTL_SECONDS: String(7 * 86_400) },
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

  function fetchContent(
    url: string,
    method: 'GET' | 'HEAD' = 'GET',
  ): Promise<LightMyRequestResponse> {
    const parsed = new URL(url);
    expect(parsed.origin).toBe(contentOrigin);
    return t.app.inject({
      method,
      url: parsed.pathname + parsed.search,
      headers: { host: parsed.host },
    });
  }

  /** A link that serves: 200 on GET and HEAD. */
  async function expectServed(url: string, body?: string) {
    const fetched = await fetchContent(url);
    expect(fetched.statusCode, fetched.body).toBe(200);
    if (body !== undefined) {
      expect(fetched.body).toBe(body);
    }
    expect((await fetchContent(url, 'HEAD')).statusCode).toBe(200);
  }

  /** A link that no longer serves: the error object of docs/api.md#errors, before any of the file's headers. */
  async function expectRefused(url: string) {
    const fetched = await fetchContent(url);
    expect(fetched.statusCode, String(fetched.headers['content-type'])).toBe(404);
    expect(errorOf(fetched).error).toBe('file_not_found');
    expect(fetched.headers.etag).toBeUndefined();
    expect(fetched.headers['content-disposition']).toBeUndefined();
    expect((await fetchContent(url, 'HEAD')).statusCode).toBe(404);
  }

  /** Owner's drive: beach.png, Trip/{notes.txt, Day1/{deep.png}}, Private/. */
  async function ownerDrive(userId: string) {
    const trip = await t.container.files.createFolder(userId, { name: 'Trip', parentId: '' });
    const day1 = await t.container.files.createFolder(userId, { name: 'Day1', parentId: trip.id });
    const priv = await t.container.files.createFolder(userId, { name: 'Private', parentId: '' });
    const beach = await storeFile(t, userId, 'beach.png', await png(64, 48));
    const notes = await storeFile(t, userId, 'notes.txt', 'notes of the trip', trip.id);
    const deep = await storeFile(t, userId, 'deep.png', await png(40, 30), day1.id);
    return { trip, day1, priv, beach, notes, deep };
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

  async function fileInfo(shareId: string, token: string, fileId: string): Promise<SharedFileBody> {
    const body = ok<{ share_status: string; file_info: SharedFileBody | null }>(
      await call(
        {},
        'GET',
        `/drive/v1/share/file_info?${new URLSearchParams({ share_id: shareId, pass_code_token: token, file_id: fileId }).toString()}`,
      ),
    );
    expect(body.share_status).toBe('OK');
    expect(body.file_info).not.toBeNull();
    return body.file_info as SharedFileBody;
  }

  /** The owner's own File, as the drive gives it. */
  async function ownFile(headers: Headers, fileId: string): Promise<SharedFileBody> {
    return ok<SharedFileBody>(await call(headers, 'GET', `/drive/v1/files/${fileId}`));
  }

  it('serves the links of file_info, listings and folders while the share holds the file, and stops them all when the owner ends it', async () => {
    const owner = await member();
    const drive = await ownerDrive(owner.user.id);
    const made = await share(owner.headers, { file_ids: [drive.beach.id, drive.trip.id] });
    const token = await tokenFor(made.share_id, made.pass_code);

    const info = await fileInfo(made.share_id, token, drive.deep.id);
    const opened = ok<{ files: SharedFileBody[] }>(
      await call(
        {},
        'GET',
        `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code_token: token }).toString()}`,
      ),
    );
    const listedBeach =
      opened.files.find((file) => file.id === drive.beach.id)?.thumbnail_link ?? '';
    const folder = ok<{ files: SharedFileBody[] }>(
      await call(
        {},
        'GET',
        `/drive/v1/share/detail?${new URLSearchParams({ share_id: made.share_id, pass_code_token: token, parent_id: drive.day1.id }).toString()}`,
      ),
    );
    const listedDeep = folder.files.find((file) => file.id === drive.deep.id)?.thumbnail_link ?? '';
    const batch = ok<{ files: SharedFileBody[] }>(
      await call({}, 'POST', '/drive/v1/share:batch_file_info', {
        share_id: made.share_id,
        pass_code_token: token,
        file_ids: [drive.notes.id],
      }),
    );
    const notesLink = batch.files[0]?.web_content_link ?? '';
    const shareLinks = [
      info.web_content_link,
      info.links['application/octet-stream']?.url ?? '',
      info.thumbnail_link,
      listedBeach,
      listedDeep,
      notesLink,
    ];
    for (const url of shareLinks) {
      expect(url).toContain(`${contentOrigin}/content/v1/`);
      await expectServed(url);
    }
    await expectServed(notesLink, 'notes of the trip');

    const own = await ownFile(owner.headers, drive.deep.id);

    ok(await call(owner.headers, 'POST', '/drive/v1/share:batchDelete', { ids: [made.share_id] }));
    for (const url of shareLinks) {
      await expectRefused(url);
    }
    // The owner's own links are the drive's: they keep serving.
    await expectServed(own.web_content_link);
    await expectServed(own.thumbnail_link);
    await expectServed((await ownFile(owner.headers, drive.beach.id)).web_content_link);

    // A share's link names its share, but neither the pass code nor a token that opens the
    // share; the owner's own link is bound to no share.
    const claims = claimsOf(info.web_content_link);
    expect(claims).toMatchObject({ p: 'file', f: drive.deep.id, h: { s: made.share_id } });
    expect(claims.t).toBeUndefined();
    expect(JSON.stringify(claims)).not.toContain(made.pass_code);
    expect(JSON.stringify(claims)).not.toContain(token.split('.')[1]);
    expect(claimsOf(own.web_content_link)).toMatchObject({ p: 'file', f: drive.deep.id, t: 1 });
    expect(claimsOf(own.web_content_link).h).toBeUndefined();
  });

  it('stops the links when the share expires or its pass code changes, is removed or is set; other changes keep them', async () => {
    const owner = await member();
    const drive = await ownerDrive(owner.user.id);
    const made = await share(owner.headers, { file_ids: [drive.beach.id], expiration_days: 1 });
    const first = await fileInfo(
      made.share_id,
      await tokenFor(made.share_id, made.pass_code),
      drive.beach.id,
    );
    await expectServed(first.web_content_link);

    // A new restore limit is not a new pass code.
    ok(
      await call(owner.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 5 }),
    );
    await expectServed(first.web_content_link);

    ok(
      await call(owner.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, {
        custom_pass_code: 'Changed1',
      }),
    );
    await expectRefused(first.web_content_link);
    await expectRefused(first.thumbnail_link);
    const second = await fileInfo(
      made.share_id,
      await tokenFor(made.share_id, 'Changed1'),
      drive.beach.id,
    );
    await expectServed(second.web_content_link);

    ok(
      await call(owner.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, {
        custom_pass_code: '',
      }),
    );
    await expectRefused(second.web_content_link);
    const open = await fileInfo(made.share_id, '', drive.beach.id);
    await expectServed(open.web_content_link);

    ok(
      await call(owner.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, {
        custom_pass_code: 'Again123',
      }),
    );
    await expectRefused(open.web_content_link);
    const third = await fileInfo(
      made.share_id,
      await tokenFor(made.share_id, 'Again123'),
      drive.beach.id,
    );
    await expectServed(third.thumbnail_link);

    // A day later the share has expired: its links stop although their own expiry is days away.
    clock.advance(86_400_000 + 1000);
    expect((claimsOf(third.web_content_link).e as number) * 1000).toBeGreaterThan(
      clock.now().getTime(),
    );
    await expectRefused(third.web_content_link);
    await expectRefused(third.thumbnail_link);
    const renewed = {
      authorization: `Bearer ${(await signIn(t, owner.user.email, owner.user.password)).access_token}`,
    };
    await expectServed((await ownFile(renewed, drive.beach.id)).web_content_link);
  });

  it('stops the links of what moderation takes down and of files moved out of the share', async () => {
    const owner = await member();
    const admin = await member();
    await t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: clock.now().toISOString() })
      .execute();
    await stepUp(t, admin.user.id, clock.now());
    const moderate = async (kind: 'files' | 'shares', id: string, status: string) =>
      ok(
        await call(admin.headers, 'PATCH', `/audit.admin/v1/${kind}/${id}`, {
          audit_status: status,
        }),
      );
    const drive = await ownerDrive(owner.user.id);
    const made = await share(owner.headers, {
      file_ids: [drive.beach.id, drive.trip.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    const token = await tokenFor(made.share_id, '');
    const deep = await fileInfo(made.share_id, token, drive.deep.id);
    const beach = await fileInfo(made.share_id, token, drive.beach.id);

    // The file itself, then a folder between it and the chosen item: taken down, then allowed again.
    await moderate('files', drive.deep.id, 'PROHIBITED');
    await expectRefused(deep.web_content_link);
    await expectRefused(deep.thumbnail_link);
    await expectServed(beach.web_content_link);
    await moderate('files', drive.deep.id, 'OK');
    await expectServed(deep.web_content_link);
    await moderate('files', drive.day1.id, 'SENSITIVE_RESOURCE');
    await expectRefused(deep.web_content_link);
    await moderate('files', drive.day1.id, 'OK');
    await expectServed(deep.thumbnail_link);

    // A file only called sensitive keeps its thumbnail (shown under the page's cover) but not its
    // file link; one taken down shows no thumbnail in the share's listing and its link stops.
    const listedBeach = async () =>
      ok<{ files: SharedFileBody[] }>(
        await call(
          {},
          'GET',
          `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code_token: token }).toString()}`,
        ),
      ).files.find((file) => file.id === drive.beach.id)?.thumbnail_link ?? '';
    await moderate('files', drive.beach.id, 'SENSITIVE_RESOURCE');
    const covered = await listedBeach();
    expect(covered).toContain(`${contentOrigin}/content/v1/`);
    await expectServed(covered);
    await expectServed(beach.thumbnail_link);
    await expectRefused(beach.web_content_link);
    await moderate('files', drive.beach.id, 'PROHIBITED');
    expect(await listedBeach()).toBe('');
    await expectRefused(covered);
    await moderate('files', drive.beach.id, 'OK');

    // The whole share.
    for (const status of ['AUDITING', 'PROHIBITED']) {
      await moderate('shares', made.share_id, status);
      await expectRefused(beach.web_content_link);
      await expectRefused(deep.web_content_link);
    }
    await moderate('shares', made.share_id, 'OK');
    await expectServed(beach.web_content_link);

    // Moved out of the shared folder, the file is no longer the share's to give.
    ok(
      await call(owner.headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [drive.deep.id],
        to: { parent_id: drive.priv.id },
      }),
    );
    await expectRefused(deep.web_content_link);
    await expectServed((await ownFile(owner.headers, drive.deep.id)).web_content_link);
  });
});
