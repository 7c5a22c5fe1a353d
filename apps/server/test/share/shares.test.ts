import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/modules/drive/file.repository';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  testClock,
  type TestApp,
} from '../helper';
import { signIn } from '../identity';
import { solvedCaptchaToken } from '../support/captcha';

type Headers = Record<string, string>;

interface SharedFileBody {
  id: string;
  parent_id: string;
  name: string;
  kind: string;
  starred: boolean;
  params: Record<string, string>;
  audit: { status: string };
}

interface OpenBody {
  share_status: string;
  share_status_text: string;
  pass_code_token: string;
  title: string;
  file_num: string;
  expiration_left: string;
  restore_count_left: string;
  user_info: { user_id: string; nickname: string; avatar: string };
  files: SharedFileBody[];
  next_page_token: string;
}

interface SummaryBody {
  share_id: string;
  share_status: string;
  pass_code: string;
  restore_count: string;
  restore_limit: string;
  view_count: string;
  expiration_days: string;
  file_num: string;
  file_size: string;
}

const summaryKeys = [
  'create_time',
  'expiration_at',
  'expiration_days',
  'expiration_left',
  'file_id',
  'file_kind',
  'file_num',
  'file_size',
  'pass_code',
  'restore_count',
  'restore_limit',
  'share_id',
  'share_status',
  'share_url',
  'thumbnail_link',
  'title',
  'view_count',
];

const unreadable = [
  'PASS_CODE_EMPTY',
  'EXPIRED',
  'DELETED',
  'MAX_RESTORE_COUNT',
  'AUDITING',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'PROHIBITED',
  'NOT_FOUND',
];

async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile()) {
      total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
    }
  }
  return total;
}

describe.each(dialects)('shares on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: '100000', SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: '50' },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  async function member(overrides: { name?: string; locale?: string } = {}) {
    const user = await makeUser(t, overrides);
    const token = await signIn(t, user.email, user.password);
    return { user, headers: { authorization: `Bearer ${token.access_token}` } as Headers };
  }

  /** Signs members in again after the clock moved past their access tokens. */
  async function renew(
    ...members: { user: { email: string; password: string }; headers: Headers }[]
  ) {
    for (const one of members) {
      one.headers.authorization = `Bearer ${(await signIn(t, one.user.email, one.user.password)).access_token}`;
    }
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
    remoteAddress?: string,
  ) {
    return t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  async function storedFile(
    userId: string,
    name: string,
    content: string,
    parentId = '',
  ): Promise<FileRecord> {
    const digest = await t.container.blobs.ingest(Readable.from([Buffer.from(content)]));
    return t.container.files.createFile(userId, { name, parentId, blob: digest });
  }

  /** Owner A's drive: Trip/{b.txt, Day1/{a.jpg}}, top.txt, and Private/secret.txt (never shared). */
  async function ownerDrive(userId: string) {
    const trip = await t.container.files.createFolder(userId, { name: 'Trip', parentId: '' });
    const day1 = await t.container.files.createFolder(userId, { name: 'Day1', parentId: trip.id });
    const a = await storedFile(userId, 'a.jpg', 'photo bytes of day one');
    await t.container.files.move(userId, [a.id], day1.id);
    const b = await storedFile(userId, 'b.txt', 'notes of the trip', trip.id);
    const top = await storedFile(userId, 'top.txt', 'a file at the root');
    const priv = await t.container.files.createFolder(userId, { name: 'Private', parentId: '' });
    const secret = await storedFile(userId, 'secret.txt', 'not for anyone', priv.id);
    return { trip, day1, a: { ...a, parentId: day1.id }, b, top, priv, secret };
  }

  async function share(headers: Headers, body: Record<string, unknown>) {
    return ok<{ share_id: string; share_url: string; pass_code: string; share_text: string }>(
      await call(headers, 'POST', '/drive/v1/share', body),
    );
  }

  async function open(
    shareId: string,
    query: Record<string, string> = {},
    headers: Headers = {},
    remoteAddress?: string,
  ) {
    return call(
      headers,
      'GET',
      `/drive/v1/share?${new URLSearchParams({ share_id: shareId, ...query }).toString()}`,
      undefined,
      remoteAddress,
    );
  }

  async function tokenFor(shareId: string, passCode: string) {
    const body = ok<OpenBody>(await open(shareId, { pass_code: passCode }));
    expect(body.share_status).toBe('OK');
    return body.pass_code_token;
  }

  async function summaries(headers: Headers, query: Record<string, string> = {}) {
    return ok<{ data: SummaryBody[]; next_page_token: string }>(
      await call(headers, 'GET', `/drive/v1/share/list?${new URLSearchParams(query).toString()}`),
    );
  }

  /**
   * Every visitor call of a share with a token (and, for item calls, an id): the statuses seen,
   * open first and the save (of the one item) last.
   */
  async function visitorStatuses(
    shareId: string,
    token: string,
    fileId: string,
    folderId: string,
    saver: Headers,
  ) {
    const detail = ok<{ share_status: string; files: unknown[] }>(
      await call(
        {},
        'GET',
        `/drive/v1/share/detail?${new URLSearchParams({ share_id: shareId, pass_code_token: token, parent_id: folderId }).toString()}`,
      ),
    );
    const info = ok<{ share_status: string; file_info: unknown }>(
      await call(
        {},
        'GET',
        `/drive/v1/share/file_info?${new URLSearchParams({ share_id: shareId, pass_code_token: token, file_id: fileId }).toString()}`,
      ),
    );
    const batch = ok<{ share_status: string; files: unknown[] }>(
      await call({}, 'POST', '/drive/v1/share:batch_file_info', {
        share_id: shareId,
        pass_code_token: token,
        file_ids: [fileId],
      }),
    );
    const opened = ok<OpenBody>(await open(shareId, { pass_code_token: token }));
    const restore = ok<{ share_status: string; restore_status: string; file_id: string }>(
      await call(saver, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
        file_ids: [fileId],
      }),
    );
    if (detail.share_status !== 'OK') {
      expect(detail.files).toEqual([]);
      expect(info.file_info).toBeNull();
      expect(batch.files).toEqual([]);
      expect(restore.restore_status).toBe('RESTORE_UNKNOWN');
      expect(opened.files).toEqual([]);
      expect(opened.title).toBe('');
    }
    return [
      opened.share_status,
      detail.share_status,
      info.share_status,
      batch.share_status,
      restore.share_status,
    ];
  }

  it('makes links with a generated or custom pass code and lists them as ShareSummary', async () => {
    const a = await member();
    const c = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(
      { ...a.headers, 'accept-language': 'es' },
      { file_ids: [drive.trip.id, drive.top.id], expiration_days: 7, restore_limit: 3 },
    );
    expect(made.share_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(made.share_url).toBe(`http://nimbus.test/s/${made.share_id}`);
    expect(made.pass_code).toMatch(/^[a-z0-9]{4}$/);
    expect(made.share_text).toContain(made.share_url);
    expect(made.share_text).toContain(`Código de acceso: ${made.pass_code}`);
    clock.advance(1000);
    const custom = await share(a.headers, {
      file_ids: [drive.top.id],
      pass_code_option: 'REQUIRED',
      custom_pass_code: 'Open2030',
      title: 'For you',
    });
    expect(custom.pass_code).toBe('Open2030');
    clock.advance(1000);
    const open1 = await share(a.headers, {
      file_ids: [drive.b.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    expect(open1.pass_code).toBe('');

    const list = await summaries(a.headers);
    expect(list.data.map((row) => row.share_id)).toEqual([
      open1.share_id,
      custom.share_id,
      made.share_id,
    ]);
    const first = list.data[2] as SummaryBody;
    expect(Object.keys(first).sort()).toEqual(summaryKeys);
    expect(first).toMatchObject({
      share_status: 'OK',
      file_num: '2',
      expiration_days: '7',
      restore_limit: '3',
      restore_count: '0',
      pass_code: made.pass_code,
    });
    expect(Number(first.file_size)).toBe(
      'photo bytes of day one'.length + 'notes of the trip'.length + 'a file at the root'.length,
    );

    const paged = await summaries(a.headers, { limit: '2' });
    expect(paged.data).toHaveLength(2);
    const rest = await summaries(a.headers, { limit: '2', page_token: paged.next_page_token });
    expect(rest.data.map((row) => row.share_id)).toEqual([made.share_id]);
    expect(rest.next_page_token).toBe('');

    const patched = ok<SummaryBody>(
      await call(a.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, {
        custom_pass_code: 'NewCode9',
        expiration_days: -1,
        restore_limit: -1,
      }),
    );
    expect(patched).toMatchObject({
      pass_code: 'NewCode9',
      expiration_days: '-1',
      restore_limit: '-1',
    });

    // Another member's shares answer not_found, as missing ones do.
    expect(
      errorOf(
        await call(c.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 1 }),
      ).error,
    ).toBe('not_found');
    expect(
      errorOf(
        await call(c.headers, 'POST', '/drive/v1/share:batchDelete', { ids: [made.share_id] }),
      ).error,
    ).toBe('not_found');
    expect(
      errorOf(await call(c.headers, 'POST', '/drive/v1/share', { file_ids: [drive.top.id] })).error,
    ).toBe('file_not_found');
    expect((await summaries(c.headers)).data).toEqual([]);

    ok(await call(a.headers, 'POST', '/drive/v1/share:batchDelete', { ids: [custom.share_id] }));
    expect((await summaries(a.headers)).data.map((row) => row.share_id)).toEqual([
      open1.share_id,
      made.share_id,
    ]);
    expect(
      (await summaries(a.headers, { filters: JSON.stringify({ share_status: { eq: 'EXPIRED' } }) }))
        .data,
    ).toEqual([]);
  });

  it('answers hostile and malformed input with the error object', async () => {
    const a = await member();
    const drive = await ownerDrive(a.user.id);
    const bad: [string, Record<string, unknown>][] = [
      ['/drive/v1/share', { file_ids: [] }],
      ['/drive/v1/share', { file_ids: [drive.top.id], expiration_days: 0 }],
      ['/drive/v1/share', { file_ids: [drive.top.id], restore_limit: -5 }],
      ['/drive/v1/share', { file_ids: [drive.top.id], custom_pass_code: 'a b' }],
      ['/drive/v1/share', { file_ids: [drive.top.id], custom_pass_code: "x' or 1=1 --" }],
      [
        '/drive/v1/share',
        { file_ids: [drive.top.id], pass_code_option: 'NOT_REQUIRED', custom_pass_code: 'abcd1' },
      ],
      ['/drive/v1/share', { file_ids: [drive.top.id], title: 'x'.repeat(300) }],
      ['/drive/v1/share', { file_ids: 'all' }],
    ];
    for (const [url, body] of bad) {
      const response = await call(a.headers, 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(response).error).toBe('invalid_argument');
    }
    for (const filters of [
      '{',
      '{"title":{"eq":"x"}}',
      '{"share_status":{"eq":"NOPE"}}',
      '{"share_status":{"gt":"OK"}}',
    ]) {
      expect(
        errorOf(
          await call(
            a.headers,
            'GET',
            `/drive/v1/share/list?filters=${encodeURIComponent(filters)}`,
          ),
        ).error,
      ).toBe('invalid_argument');
    }
    expect(
      errorOf(await call(a.headers, 'GET', '/drive/v1/share/list?page_token=%3Cscript%3E')).error,
    ).toBe('invalid_argument');
    expect(errorOf(await call({}, 'GET', '/drive/v1/share/list')).error).toBe('unauthenticated');
    expect(
      errorOf(await call({}, 'POST', '/drive/v1/share', { file_ids: [drive.top.id] })).error,
    ).toBe('unauthenticated');
    expect(errorOf(await open('x'.repeat(65))).error).toBe('invalid_argument');
    for (const hostile of ["' or 1=1 --", '../../etc/passwd', '%00', '']) {
      const body = ok<OpenBody>(await open(hostile));
      expect(body.share_status).toBe('NOT_FOUND');
      expect(body.files).toEqual([]);
    }
    const made = await share(a.headers, { file_ids: [drive.trip.id] });
    const token = await tokenFor(made.share_id, made.pass_code);
    expect(
      errorOf(
        await call(
          {},
          'GET',
          `/drive/v1/share/detail?share_id=${made.share_id}&pass_code_token=${token}&page_token=garbage!`,
        ),
      ).error,
    ).toBe('invalid_argument');
    expect(
      errorOf(
        await call({}, 'POST', '/drive/v1/share:batch_file_info', {
          share_id: made.share_id,
          pass_code_token: token,
          file_ids: [],
        }),
      ).error,
    ).toBe('invalid_argument');
  });

  it('opens and browses a share only with its pass code, and never outside it', async () => {
    const a = await member({ name: 'Alice Example' });
    const b = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, { file_ids: [drive.trip.id, drive.top.id] });
    const other = await share(a.headers, { file_ids: [drive.priv.id] });

    const empty = ok<OpenBody>(await open(made.share_id, {}, { 'accept-language': 'ja' }));
    expect(empty.share_status).toBe('PASS_CODE_EMPTY');
    expect(empty.share_status_text).toBe('この共有を見るにはパスコードを入力してください');
    expect(empty.files).toEqual([]);
    expect(empty.user_info.nickname).toBe('A***e');
    const wrong = ok<OpenBody>(
      await open(made.share_id, { pass_code: made.pass_code === 'zzzz' ? 'yyyy' : 'zzzz' }),
    );
    expect(wrong.share_status).toBe('PASS_CODE_ERROR');
    expect(wrong.pass_code_token).toBe('');

    const opened = ok<OpenBody>(
      await open(made.share_id, { pass_code: made.pass_code, order: 'NAME_ASC' }),
    );
    expect(opened).toMatchObject({
      share_status: 'OK',
      title: 'Trip',
      file_num: '2',
      expiration_left: '-1',
      restore_count_left: '-1',
    });
    expect(opened.user_info).toEqual({ user_id: a.user.id, nickname: 'A***e', avatar: '' });
    expect(opened.pass_code_token).not.toContain(made.pass_code);
    expect(opened.files.map((file) => [file.name, file.parent_id])).toEqual([
      ['top.txt', ''],
      ['Trip', ''],
    ]);
    const token = opened.pass_code_token;

    const detail = async (shareId: string, parentId: string, passCodeToken = token) =>
      ok<{ share_status: string; files: SharedFileBody[] }>(
        await call(
          {},
          'GET',
          `/drive/v1/share/detail?${new URLSearchParams({ share_id: shareId, parent_id: parentId, pass_code_token: passCodeToken, order: 'NAME_ASC' }).toString()}`,
        ),
      );
    expect((await detail(made.share_id, drive.trip.id)).files.map((file) => file.name)).toEqual([
      'b.txt',
      'Day1',
    ]);
    const deep = await detail(made.share_id, drive.day1.id);
    expect(deep.files.map((file) => [file.name, file.parent_id, file.starred])).toEqual([
      ['a.jpg', drive.day1.id, false],
    ]);
    expect((await detail(made.share_id, '')).files).toHaveLength(2);

    const fileInfo = async (shareId: string, fileId: string, passCodeToken = token) =>
      ok<{ share_status: string; share_status_text: string; file_info: SharedFileBody | null }>(
        await call(
          {},
          'GET',
          `/drive/v1/share/file_info?${new URLSearchParams({ share_id: shareId, file_id: fileId, pass_code_token: passCodeToken }).toString()}`,
        ),
      );
    const photoInfo = (await fileInfo(made.share_id, drive.a.id)).file_info as
      (SharedFileBody & { web_content_link: string }) | null;
    expect(photoInfo?.name).toBe('a.jpg');
    // The signed download link serves the shared bytes to the visitor.
    const link = new URL(photoInfo?.web_content_link ?? '');
    const download = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('photo bytes of day one');
    const batch = ok<{ share_status: string; files: SharedFileBody[] }>(
      await call({}, 'POST', '/drive/v1/share:batch_file_info', {
        share_id: made.share_id,
        pass_code_token: token,
        file_ids: [drive.a.id, drive.b.id],
      }),
    );
    expect(batch.files.map((file) => file.name).sort()).toEqual(['a.jpg', 'b.txt']);

    // Ids outside the share: the owner's other files, the other share's files, another member's files.
    const stranger = await storedFile(b.user.id, 'theirs.txt', 'member b');
    for (const outside of [drive.secret.id, drive.priv.id, stranger.id, 'no-such-id']) {
      expect((await detail(made.share_id, outside)).share_status).toBe('NOT_FOUND');
      const info = await fileInfo(made.share_id, outside);
      expect(info).toMatchObject({ share_status: 'NOT_FOUND', file_info: null });
      expect(info.share_status_text).toBe('This share does not exist');
      const mixed = ok<{ share_status: string; files: unknown[] }>(
        await call({}, 'POST', '/drive/v1/share:batch_file_info', {
          share_id: made.share_id,
          pass_code_token: token,
          file_ids: [drive.a.id, outside],
        }),
      );
      expect(mixed).toMatchObject({ share_status: 'NOT_FOUND', files: [] });
    }
    // A file is not a folder to browse.
    expect((await detail(made.share_id, drive.a.id)).share_status).toBe('NOT_FOUND');

    // Another share's token, a forged token and an expired token open nothing.
    const otherToken = await tokenFor(other.share_id, other.pass_code);
    expect((await detail(made.share_id, drive.trip.id, otherToken)).share_status).toBe(
      'PASS_CODE_EMPTY',
    );
    expect((await fileInfo(made.share_id, drive.a.id, otherToken)).share_status).toBe(
      'PASS_CODE_EMPTY',
    );
    expect((await detail(other.share_id, drive.trip.id, otherToken)).share_status).toBe(
      'NOT_FOUND',
    );
    expect((await detail(made.share_id, drive.trip.id, `${token}x`)).share_status).toBe(
      'PASS_CODE_EMPTY',
    );
    clock.advance(12 * 3_600_000 + 1000);
    await renew(a);
    expect((await detail(made.share_id, drive.trip.id)).share_status).toBe('PASS_CODE_EMPTY');
    expect((await fileInfo(made.share_id, drive.a.id)).share_status).toBe('PASS_CODE_EMPTY');
    const later = await member();
    const restoreExpired = ok<{ share_status: string }>(
      await call(later.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: token,
      }),
    );
    expect(restoreExpired.share_status).toBe('PASS_CODE_EMPTY');

    // A new pass code voids the tokens given for the old one.
    const fresh = await tokenFor(made.share_id, made.pass_code);
    ok(
      await call(a.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, {
        custom_pass_code: 'Changed1',
      }),
    );
    expect((await detail(made.share_id, drive.trip.id, fresh)).share_status).toBe(
      'PASS_CODE_EMPTY',
    );

    // The owner needs no pass code; views by others are counted, once per visit: coming back
    // with the visit's token (the page's reloads) adds none.
    expect(ok<OpenBody>(await open(made.share_id, {}, a.headers)).share_status).toBe('OK');
    const viewsOf = async () =>
      (await summaries(a.headers)).data.find((row) => row.share_id === made.share_id)?.view_count;
    expect(await viewsOf()).toBe('2');
    const visit = await tokenFor(made.share_id, 'Changed1');
    expect(await viewsOf()).toBe('3');
    for (let reload = 0; reload < 3; reload += 1) {
      expect(ok<OpenBody>(await open(made.share_id, { pass_code_token: visit })).share_status).toBe(
        'OK',
      );
    }
    expect(await viewsOf()).toBe('3');
  });

  it('walks every share status on every visitor call', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const admin = await member();
    await t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: clock.now().toISOString() })
      .execute();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id],
      expiration_days: 1,
      restore_limit: 1,
    });
    const token = await tokenFor(made.share_id, made.pass_code);
    const walk = () => visitorStatuses(made.share_id, token, drive.a.id, drive.day1.id, c.headers);

    expect(await visitorStatuses(made.share_id, '', drive.a.id, drive.day1.id, c.headers)).toEqual(
      Array(5).fill('PASS_CODE_EMPTY'),
    );
    expect(
      await visitorStatuses('nosuchshareid0000000000', token, drive.a.id, drive.day1.id, c.headers),
    ).toEqual(Array(5).fill('NOT_FOUND'));

    for (const status of [
      'AUDITING',
      'SENSITIVE_RESOURCE',
      'SENSITIVE_WORD',
      'PROHIBITED',
    ] as const) {
      ok(
        await call(admin.headers, 'PATCH', `/audit.admin/v1/shares/${made.share_id}`, {
          audit_status: status,
        }),
      );
      expect(await walk()).toEqual(Array(5).fill(status));
      expect((await summaries(a.headers)).data[0]?.share_status).toBe(status);
    }
    ok(
      await call(admin.headers, 'PATCH', `/audit.admin/v1/shares/${made.share_id}`, {
        audit_status: 'OK',
      }),
    );
    const forbidden = await call(a.headers, 'PATCH', `/audit.admin/v1/shares/${made.share_id}`, {
      audit_status: 'OK',
    });
    expect(forbidden.statusCode).toBe(403);
    expect(errorOf(forbidden).error).toBe('permission_denied');
    expect(
      errorOf(
        await call({}, 'PATCH', `/audit.admin/v1/shares/${made.share_id}`, { audit_status: 'OK' }),
      ).error,
    ).toBe('unauthenticated');

    // A moderated file answers its state where it is asked for.
    ok(
      await call(admin.headers, 'PATCH', `/audit.admin/v1/files/${drive.a.id}`, {
        audit_status: 'PROHIBITED',
      }),
    );
    const [, detailStatus, infoStatus, , restoreStatus] = await walk();
    expect([detailStatus, infoStatus, restoreStatus]).toEqual(['OK', 'PROHIBITED', 'PROHIBITED']);
    ok(
      await call(admin.headers, 'PATCH', `/audit.admin/v1/files/${drive.a.id}`, {
        audit_status: 'OK',
      }),
    );

    // Trashing the shared folder turns the share DELETED; untrashing brings it back.
    ok(await call(a.headers, 'POST', '/drive/v1/files:batchTrash', { ids: [drive.trip.id] }));
    expect(await walk()).toEqual(Array(5).fill('DELETED'));
    expect((await summaries(a.headers)).data[0]?.share_status).toBe('DELETED');
    ok(await call(a.headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [drive.trip.id] }));
    // Readable again: the walk's save (its last call) uses the limit of one up.
    expect(await walk()).toEqual(Array(5).fill('OK'));
    expect(await walk()).toEqual(Array(5).fill('MAX_RESTORE_COUNT'));
    expect(
      ok<{ share_status: string }>(
        await call(b.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
        }),
      ).share_status,
    ).toBe('MAX_RESTORE_COUNT');
    ok(await call(a.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 5 }));

    clock.advance(86_400_000);
    await renew(a, c);
    expect(await walk()).toEqual(Array(5).fill('EXPIRED'));
    ok(await call(a.headers, 'PATCH', `/drive/v1/share/${made.share_id}`, { expiration_days: 2 }));
    // Readable again, but the day-old pass-code token has expired.
    expect(await walk()).toEqual(Array(5).fill('PASS_CODE_EMPTY'));
    expect(
      await visitorStatuses(
        made.share_id,
        await tokenFor(made.share_id, made.pass_code),
        drive.b.id,
        drive.trip.id,
        c.headers,
      ),
    ).toEqual(Array(5).fill('OK'));

    ok(await call(a.headers, 'POST', '/drive/v1/share:batchDelete', { ids: [made.share_id] }));
    expect(await walk()).toEqual(Array(5).fill('DELETED'));

    // Deleting the shared files for good turns a share DELETED too.
    const second = await share(a.headers, {
      file_ids: [drive.top.id],
      pass_code_option: 'NOT_REQUIRED',
    });
    expect(ok<OpenBody>(await open(second.share_id)).share_status).toBe('OK');
    ok(await call(a.headers, 'POST', '/drive/v1/files:batchDelete', { ids: [drive.top.id] }));
    expect(ok<OpenBody>(await open(second.share_id)).share_status).toBe('DELETED');

    // Every status has its own text in every language.
    for (const status of unreadable) {
      expect(status).toMatch(/^[A-Z_]+$/);
    }
    const texts = new Set<string>();
    for (const locale of ['en-US', 'ru', 'zh-TW']) {
      texts.add(
        ok<OpenBody>(await open(second.share_id, {}, { 'accept-language': locale }))
          .share_status_text,
      );
    }
    expect(texts.size).toBe(3);

    // Reports are stored for review.
    const report = ok<{ report_id: string }>(
      await call({}, 'POST', '/audit.admin/v1/share', {
        share_id: second.share_id,
        share_user_id: a.user.id,
        file_ids: [drive.top.id],
        gcids: [],
        reason: 'spam',
      }),
    );
    expect(report.report_id).not.toBe('');
    expect(
      errorOf(
        await call({}, 'POST', '/audit.admin/v1/share', {
          share_id: 'nosuchshare',
          reason: 'spam',
        }),
      ).error,
    ).toBe('not_found');
    expect(
      errorOf(
        await call({}, 'POST', '/audit.admin/v1/share', {
          share_id: second.share_id,
          reason: 'x'.repeat(1001),
        }),
      ).error,
    ).toBe('invalid_argument');
    // The web app's report call sends no reason (docs/product.md#calls).
    ok(
      await call({}, 'POST', '/audit.admin/v1/share', {
        share_id: second.share_id,
        share_user_id: a.user.id,
        gcids: [],
        file_ids: [],
      }),
    );
    const reports = await t.container.database.db
      .selectFrom('share_reports')
      .select(['reason', 'share_user_id'])
      .where('share_id', '=', second.share_id)
      .execute();
    expect(reports.map((row) => row.reason).sort()).toEqual(['', 'spam']);
  });

  it('stops 20 wrong pass codes from rotating clients', async () => {
    const a = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id],
      custom_pass_code: 'Right123',
    });
    const answers: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const device = i.toString(16).padStart(32, '0');
      const response = await open(
        made.share_id,
        { pass_code: `Wrong${i}x` },
        { 'x-device-id': device, 'x-client-id': 'web' },
        `10.0.${i}.1`,
      );
      answers.push(
        response.statusCode === 200
          ? response.json<OpenBody>().share_status
          : errorOf(response).error,
      );
    }
    const wrong = answers.filter((answer) => answer === 'PASS_CODE_ERROR').length;
    expect(wrong).toBeLessThanOrEqual(10);
    expect(
      answers
        .slice(wrong)
        .every((answer) => answer === 'captcha_required' || answer === 'too_many_requests'),
    ).toBe(true);
    expect(answers.at(-1)).toBe('captcha_required');
    // The right pass code from yet another client is stopped as well until a challenge is solved.
    const stopped = await open(
      made.share_id,
      { pass_code: 'Right123' },
      { 'x-device-id': 'f'.repeat(32), 'x-client-id': 'web' },
      '10.9.9.9',
    );
    expect(stopped.statusCode).toBe(400);
    expect(errorOf(stopped).error_code).toBe(4001);
    expect(localizedOf(errorOf(stopped))?.message).toBeTruthy();
  });

  it('holds one client past its limit: a challenge for every attempt, 429 for a wrong code, the right one still opens', async () => {
    await t.close();
    t = await buildTestApp(
      dialect,
      {
        SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: '3',
        SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES: '100',
        SHIELD_CHALLENGE_AFTER_DEVICE_FAILURES: '100',
        SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES: '100',
        SHIELD_POW_MAX_COUNTER: '2000',
      },
      { now: clock.now },
    );
    const a = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id],
      custom_pass_code: 'Right123',
    });
    const client = { deviceId: 'a'.repeat(32), address: '127.0.0.1' };
    const device = { 'x-device-id': client.deviceId, 'x-client-id': 'web' };
    const solved = async () => ({
      ...device,
      'x-captcha-token': await solvedCaptchaToken(t, client, 'GET:/drive/v1/share', {
        username: `share:${made.share_id}`,
      }),
    });
    for (let i = 0; i < 3; i += 1) {
      expect(
        ok<OpenBody>(await open(made.share_id, { pass_code: 'Wrong999' }, device)).share_status,
      ).toBe('PASS_CODE_ERROR');
    }
    expect(errorOf(await open(made.share_id, { pass_code: 'Right123' }, device)).error).toBe(
      'captcha_required',
    );
    const limited = await open(made.share_id, { pass_code: 'Wrong999' }, await solved());
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).error).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBe(900);
    expect(
      ok<OpenBody>(await open(made.share_id, { pass_code: 'Right123' }, await solved()))
        .share_status,
    ).toBe('OK');
    // The hold ends with its window: the client may try again without a challenge.
    clock.advance(901_000);
    expect(
      ok<OpenBody>(await open(made.share_id, { pass_code: 'Right123' }, device)).share_status,
    ).toBe('OK');
  });

  it('saves a share by reference: whole, chosen, own, limited, over quota', async () => {
    const a = await member();
    const b = await member({ locale: 'ja' });
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id, drive.top.id],
      restore_limit: 3,
    });
    const token = await tokenFor(made.share_id, made.pass_code);
    const blobRoot = path.join(t.config.DATA_DIR, 'blobs');
    const bytesBefore = await bytesUnder(blobRoot);
    const refBefore = (await t.container.blobRecords.find(drive.a.sha256 ?? ''))?.refCount;

    expect(
      errorOf(
        await call({}, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
        }),
      ).error,
    ).toBe('unauthenticated');
    const own = await call(a.headers, 'POST', '/drive/v1/share/restore', {
      share_id: made.share_id,
      pass_code_token: token,
    });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own).error).toBe('file_restore_own');

    const saved = ok<{
      share_status: string;
      restore_status: string;
      restore_task_id: string;
      file_id: string;
    }>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: token,
        share_user_id: a.user.id,
        gcids: [drive.a.gcid],
      }),
    );
    expect(saved).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_COMPLETE' });
    expect(saved.restore_task_id).not.toBe('');
    const root = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(root.files.map((file) => file.name)).toEqual(['共有から保存']);
    expect(root.files[0]?.id).toBe(saved.file_id);
    const inSaved = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${saved.file_id}&order=NAME_ASC`),
    );
    expect(inSaved.files.map((file) => file.name)).toEqual(['top.txt', 'Trip']);
    const trip = inSaved.files.find((file) => file.name === 'Trip');
    const tripItems = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${trip?.id}&order=NAME_ASC`),
    );
    expect(tripItems.files.map((file) => file.name)).toEqual(['b.txt', 'Day1']);
    const day1 = tripItems.files.find((file) => file.name === 'Day1');
    const photo = ok<{
      files: { id: string; name: string; params: Record<string, string>; hash: string }[];
    }>(await call(b.headers, 'GET', `/drive/v1/files?parent_id=${day1?.id}`)).files[0];
    expect(photo?.name).toBe('a.jpg');
    expect(photo?.params).toEqual({
      original_share_id: made.share_id,
      original_file_id: drive.a.id,
    });
    expect(photo?.hash).toBe(drive.a.gcid.toUpperCase());
    expect((await t.container.blobRecords.find(drive.a.sha256 ?? ''))?.refCount).toBe(
      (refBefore ?? 0) + 1,
    );
    expect(await bytesUnder(blobRoot)).toBe(bytesBefore);
    const task = ok<{ type: string; phase: string; params: Record<string, string> }>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${saved.restore_task_id}`),
    );
    expect(task).toMatchObject({ type: 'restore', phase: 'PHASE_TYPE_COMPLETE' });
    expect(task.params.share_id).toBe(made.share_id);
    const trace = JSON.parse(task.params.trace_file_ids ?? '{}') as Record<string, string>;
    expect(Object.keys(trace).sort()).toEqual(
      [drive.a.id, drive.b.id, drive.day1.id, drive.top.id, drive.trip.id].sort(),
    );
    expect(trace[drive.a.id]).toBe(photo?.id);
    const recent = ok<{ events: { type: string; file_id: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/events'),
    );
    expect(
      recent.events
        .filter((event) => event.type === 'TYPE_RESTORE')
        .map((event) => event.file_id)
        .sort(),
    ).toEqual([trace[drive.trip.id], trace[drive.top.id]].sort());
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('1');

    // Chosen items (one nested two levels down, one with its folder) into a chosen folder.
    const into = ok<{ file: { id: string } }>(
      await call(b.headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Mine',
        parent_id: '',
      }),
    ).file;
    const chosen = ok<{ share_status: string; file_id: string }>(
      await call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: token,
        file_ids: [drive.day1.id, drive.a.id],
        ancestor_ids: [drive.trip.id],
        parent_id: into.id,
      }),
    );
    expect(chosen).toMatchObject({ share_status: 'OK', file_id: into.id });
    const mine = ok<{ files: { id: string; name: string }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${into.id}`),
    );
    expect(mine.files.map((file) => file.name)).toEqual(['Day1']);

    // Ids outside the share, a wrong sharer or content that is not in the share: NOT_FOUND, nothing counted.
    for (const body of [
      { file_ids: [drive.secret.id] },
      { file_ids: [drive.a.id], ancestor_ids: [drive.priv.id] },
      { share_user_id: b.user.id },
      { gcids: ['0'.repeat(40)] },
    ]) {
      const refused = ok<{ share_status: string; restore_status: string }>(
        await call(b.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
          ...body,
        }),
      );
      expect(refused).toMatchObject({
        share_status: 'NOT_FOUND',
        restore_status: 'RESTORE_UNKNOWN',
      });
    }
    expect(
      errorOf(
        await call(b.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
          parent_id: drive.trip.id,
        }),
      ).error,
    ).toBe('file_not_found');
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('2');

    // Over quota: nothing is saved and the save is not counted.
    // A file that leaves one byte of the quota (a stored file is booked under the limit too).
    const room = 100_000 - (await t.container.files.about(b.user.id)).usage;
    await storedFile(b.user.id, 'big.bin', 'x'.repeat(room - 1));
    const full = await call(b.headers, 'POST', '/drive/v1/share/restore', {
      share_id: made.share_id,
      pass_code_token: token,
    });
    expect(full.statusCode).toBe(403);
    expect(errorOf(full).error).toBe('file_space_not_enough');
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('2');

    // The third save uses the limit up; the fourth is refused.
    const c = await member();
    expect(
      ok<{ share_status: string }>(
        await call(c.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
        }),
      ).share_status,
    ).toBe('OK');
    const d = await member();
    expect(
      ok<{ share_status: string }>(
        await call(d.headers, 'POST', '/drive/v1/share/restore', {
          share_id: made.share_id,
          pass_code_token: token,
        }),
      ).share_status,
    ).toBe('MAX_RESTORE_COUNT');
    expect(
      ok<{ files: unknown[] }>(await call(d.headers, 'GET', '/drive/v1/files?parent_id=')).files,
    ).toEqual([]);
  });

  it('saves items picked two levels deep: only those, side by side, and only along a path that leads to them', async () => {
    const a = await member();
    const b = await member();
    const drive = await ownerDrive(a.user.id);
    const c = await storedFile(a.user.id, 'c.txt', 'more of day one', drive.day1.id);
    await storedFile(a.user.id, 'left.txt', 'not picked', drive.day1.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id, drive.top.id],
      restore_limit: 10,
    });
    const token = await tokenFor(made.share_id, made.pass_code);
    const save = (body: Record<string, unknown>) =>
      call(b.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        pass_code_token: token,
        ...body,
      });

    // A path that does not lead to every chosen item, a file in the path, or a chosen item
    // below a folder of the owner that is in the trash: NOT_FOUND, nothing saved or counted.
    const trashedDay = await t.container.files.createFolder(a.user.id, {
      name: 'Day2',
      parentId: drive.trip.id,
    });
    const gone = await storedFile(
      a.user.id,
      'gone.txt',
      'in the trash with its folder',
      trashedDay.id,
    );
    await t.container.files.trash(a.user.id, [trashedDay.id]);
    for (const body of [
      { file_ids: [drive.a.id, drive.b.id], ancestor_ids: [drive.trip.id, drive.day1.id] },
      { file_ids: [drive.top.id], ancestor_ids: [drive.trip.id] },
      { file_ids: [drive.a.id], ancestor_ids: [drive.trip.id, drive.day1.id, drive.a.id] },
      { file_ids: [gone.id], ancestor_ids: [drive.trip.id, trashedDay.id] },
      { file_ids: [gone.id] },
    ]) {
      const refused = ok<{ share_status: string; restore_status: string }>(await save(body));
      expect(refused, JSON.stringify(body)).toMatchObject({
        share_status: 'NOT_FOUND',
        restore_status: 'RESTORE_UNKNOWN',
      });
    }
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('0');
    expect(
      ok<{ files: unknown[] }>(await call(b.headers, 'GET', '/drive/v1/files?parent_id=')).files,
    ).toEqual([]);

    // Two files of Trip/Day1, chosen with the folders opened to reach them.
    const saved = ok<{
      share_status: string;
      restore_status: string;
      restore_task_id: string;
      file_id: string;
    }>(await save({ file_ids: [drive.a.id, c.id], ancestor_ids: [drive.trip.id, drive.day1.id] }));
    expect(saved).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_COMPLETE' });
    const landed = ok<{
      files: { id: string; name: string; kind: string; params: Record<string, string> }[];
    }>(await call(b.headers, 'GET', `/drive/v1/files?parent_id=${saved.file_id}&order=NAME_ASC`));
    expect(landed.files.map((file) => [file.name, file.kind])).toEqual([
      ['a.jpg', 'drive#file'],
      ['c.txt', 'drive#file'],
    ]);
    expect(landed.files.map((file) => file.params.original_file_id)).toEqual([drive.a.id, c.id]);
    const root = ok<{ files: { id: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(root.files.map((file) => file.id)).toEqual([saved.file_id]);
    const task = ok<{ params: Record<string, string> }>(
      await call(b.headers, 'GET', `/drive/v1/tasks/${saved.restore_task_id}`),
    );
    expect(
      Object.keys(JSON.parse(task.params.trace_file_ids ?? '{}') as Record<string, string>).sort(),
    ).toEqual([drive.a.id, c.id].sort());
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('1');

    // Without the path the same pick is saved as well (the path is optional), next to the first.
    const again = ok<{ share_status: string; file_id: string }>(await save({ file_ids: [c.id] }));
    expect(again).toMatchObject({ share_status: 'OK', file_id: saved.file_id });
    const after = ok<{ files: { name: string; params: Record<string, string> }[] }>(
      await call(b.headers, 'GET', `/drive/v1/files?parent_id=${saved.file_id}&order=NAME_ASC`),
    );
    expect(after.files.map((file) => file.params.original_file_id).sort()).toEqual(
      [drive.a.id, c.id, c.id].sort(),
    );
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('2');
  });

  it('counts a restore limit of one once when two members save at the same time', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    const drive = await ownerDrive(a.user.id);
    const made = await share(a.headers, {
      file_ids: [drive.trip.id],
      restore_limit: 1,
      pass_code_option: 'NOT_REQUIRED',
    });
    const answers = await Promise.all(
      [b, c].map(
        async (saver) =>
          ok<{ share_status: string }>(
            await call(saver.headers, 'POST', '/drive/v1/share/restore', {
              share_id: made.share_id,
            }),
          ).share_status,
      ),
    );
    expect(answers.sort()).toEqual(['MAX_RESTORE_COUNT', 'OK']);
    expect((await summaries(a.headers)).data[0]?.restore_count).toBe('1');
  });
});
