import { httpStatusOf, type ErrorReason } from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  errorOf,
  localizedOf,
  makeUser,
  testClock,
  type TestApp,
} from '../helper';
import { post, sessionCookieOf, signIn } from '../identity';
import { storeFile } from '../support/stored-file';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'HEAD';

/** One hostile call: what it tries, the call, a JSON body (or raw text sent as JSON), the reason it must answer. */
type Hostile = [what: string, method: Method, url: string, payload: unknown, reason: ErrorReason];

/** A page token as a listing would write one, holding whatever a forger puts in it. */
function forgedToken(position: unknown): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** A `filters` query value. */
function filters(value: unknown): string {
  return encodeURIComponent(JSON.stringify(value));
}

describe.each(dialects)('the HTTP contract of docs/api.md on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: '10000000', SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: '1000' },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  async function member() {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    return { user, headers: { authorization: `Bearer ${token.access_token}` } as Headers };
  }

  function call(
    headers: Headers,
    method: Method,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    if (payload === undefined) {
      return t.app.inject({ method, url, headers });
    }
    // Raw text goes as it is (malformed JSON); anything else as JSON, arrays and null included.
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return t.app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  it('answers hostile input on every files, tasks and share route with the error object of docs/api.md#errors, never a 500', async () => {
    const a = await member();
    const b = await member();
    const file = await storeFile(t, a.user.id, 'notes.txt', 'the notes');
    const folder = ok<{ file: { id: string } }>(
      await call(a.headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Trip',
        parent_id: '',
      }),
    ).file;
    const made = ok<{ share_id: string }>(
      await call(a.headers, 'POST', '/drive/v1/share', {
        file_ids: [file.id, folder.id],
        pass_code_option: 'NOT_REQUIRED',
      }),
    );
    const opened = ok<{ pass_code_token: string }>(
      await call({}, 'GET', `/drive/v1/share?share_id=${made.share_id}`),
    );
    const share = `share_id=${made.share_id}&pass_code_token=${opened.pass_code_token}`;
    const long = 'n'.repeat(256);

    /** Every route that takes a JSON body, with a body it accepts. */
    const jsonRoutes: [Method, string, Record<string, unknown>][] = [
      ['POST', '/drive/v1/files', { kind: 'drive#folder', name: 'x', parent_id: '' }],
      ['PATCH', `/drive/v1/files/${file.id}`, { name: 'x.txt' }],
      ['POST', '/drive/v1/files:batchTrash', { ids: [file.id] }],
      ['POST', '/drive/v1/files:batchUntrash', { ids: [file.id] }],
      ['POST', '/drive/v1/files:batchDelete', { ids: [file.id] }],
      ['POST', '/drive/v1/files:batchMove', { ids: [file.id], to: { parent_id: folder.id } }],
      ['POST', '/drive/v1/files:batchCopy', { ids: [file.id], to: { parent_id: folder.id } }],
      ['POST', '/drive/v1/files:star', { ids: [file.id] }],
      ['POST', '/drive/v1/files:unstar', { ids: [file.id] }],
      ['PATCH', '/drive/v1/files/trash:empty', {}],
      [
        'POST',
        `/drive/v1/files/${file.id}:prove`,
        { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] },
      ],
      ['POST', '/drive/v1/task', { type: 'offline', create_type: 'RETRY', id: 'abc' }],
      ['PATCH', '/drive/v1/tasks/abc', { phase: 'PHASE_TYPE_PAUSED' }],
      ['POST', '/drive/v1/share', { file_ids: [file.id] }],
      ['PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 5 }],
      ['POST', '/drive/v1/share:batchDelete', { ids: [made.share_id] }],
      [
        'POST',
        '/drive/v1/share:batch_file_info',
        { share_id: made.share_id, pass_code_token: opened.pass_code_token, file_ids: [file.id] },
      ],
      [
        'POST',
        '/drive/v1/share/restore',
        { share_id: made.share_id, pass_code_token: opened.pass_code_token },
      ],
      ['POST', '/audit.admin/v1/share', { share_id: made.share_id }],
    ];
    const generic: Hostile[] = jsonRoutes.flatMap(([method, url, body]): Hostile[] => [
      [`${url}: malformed JSON`, method, url, '{"ids": [', 'invalid_argument'],
      // A call that reads no field (trash:empty) takes any JSON; the others want their object.
      ...(Object.keys(body).length === 0
        ? []
        : [
            [`${url}: an array for the object`, method, url, [body], 'invalid_argument'] as Hostile,
          ]),
      [
        `${url}: a body over the limit`,
        method,
        url,
        { ...body, padding: 'x'.repeat(1024 * 1024 + 1) },
        'payload_too_large',
      ],
      [`${url}: a NUL in a field`, method, url, { ...body, nul: 'a\u0000b' }, 'invalid_argument'],
    ]);

    /**
     * Every path with an id in it, with a NUL in the id and an id longer than any (`:prove`
     * routes only ids of drive shape: any other names no path at all).
     */
    const idPaths: [Method, (id: string) => string, unknown, ErrorReason][] = [
      ['GET', (id) => `/drive/v1/files/${id}`, undefined, 'invalid_argument'],
      ['PATCH', (id) => `/drive/v1/files/${id}`, { name: 'x.txt' }, 'invalid_argument'],
      [
        'POST',
        (id) => `/drive/v1/files/${id}:prove`,
        { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] },
        'not_found',
      ],
      ['GET', (id) => `/drive/v1/tasks/${id}`, undefined, 'invalid_argument'],
      [
        'PATCH',
        (id) => `/drive/v1/tasks/${id}`,
        { phase: 'PHASE_TYPE_PAUSED' },
        'invalid_argument',
      ],
      ['PATCH', (id) => `/drive/v1/share/${id}`, { restore_limit: 5 }, 'invalid_argument'],
      ['HEAD', (id) => `/drive/v1/uploads/${id}`, undefined, 'invalid_argument'],
    ];
    const ids: Hostile[] = idPaths.flatMap(([method, path, body, notAnId]): Hostile[] => [
      [`${path('{id}')}: a NUL in the id`, method, path('a%00b'), body, notAnId],
      [`${path('{id}')}: an id of 65 characters`, method, path('i'.repeat(65)), body, notAnId],
      [
        `${path('{id}')}: an id cut inside a UTF-8 sequence`,
        method,
        path('%E0%A4%A'),
        body,
        'invalid_argument',
      ],
      [
        `${path('{id}')}: an id encoding a lone surrogate`,
        method,
        path('%ED%A0%80'),
        body,
        'invalid_argument',
      ],
      [
        `${path('{id}')}: an id past the router's length`,
        method,
        path('i'.repeat(9000)),
        body,
        'invalid_argument',
      ],
    ]);

    const specific: Hostile[] = [
      // Files: names with NUL, separators and too many characters; wrong types; unknown values.
      [
        'folder name with a NUL',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#folder', name: 'a\u0000b', parent_id: '' },
        'invalid_argument',
      ],
      [
        'folder name with a slash',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#folder', name: '../etc', parent_id: '' },
        'file_name_invalid',
      ],
      [
        'folder name of 256 characters',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#folder', name: long, parent_id: '' },
        'file_name_too_long',
      ],
      [
        'folder name with a lone surrogate',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#folder', name: 'x\ud800', parent_id: '' },
        'invalid_argument',
      ],
      [
        'folder in a NUL parent',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#folder', name: 'x', parent_id: '\u0000' },
        'invalid_argument',
      ],
      [
        'upload name with a backslash',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#file', name: 'a\\b.bin', size: '1', upload_type: 'UPLOAD_TYPE_FORM' },
        'file_name_invalid',
      ],
      [
        'upload of a negative size',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#file', name: 'x.bin', size: -1, upload_type: 'UPLOAD_TYPE_FORM' },
        'invalid_argument',
      ],
      [
        'upload of an unknown type',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#file', name: 'x.bin', size: '1', upload_type: 'UPLOAD_TYPE_CARRIER_PIGEON' },
        'invalid_argument',
      ],
      [
        'upload with a NUL in its type',
        'POST',
        '/drive/v1/files',
        {
          kind: 'drive#file',
          name: 'x.bin',
          size: '1',
          mime_type: 'text/plain\u0000',
          upload_type: 'UPLOAD_TYPE_FORM',
        },
        'invalid_argument',
      ],
      [
        'URL task named with a slash',
        'POST',
        '/drive/v1/files',
        {
          kind: 'drive#file',
          upload_type: 'UPLOAD_TYPE_URL',
          url: { url: 'https://example.com/a.bin' },
          name: 'dir/a.bin',
        },
        'file_name_invalid',
      ],
      [
        'URL task named with a NUL',
        'POST',
        '/drive/v1/files',
        {
          kind: 'drive#file',
          upload_type: 'UPLOAD_TYPE_URL',
          url: { url: 'https://example.com/a.bin' },
          name: 'a\u0000.bin',
        },
        'invalid_argument',
      ],
      [
        'URL task named with 256 characters',
        'POST',
        '/drive/v1/files',
        {
          kind: 'drive#file',
          upload_type: 'UPLOAD_TYPE_URL',
          url: { url: 'https://example.com/a.bin' },
          name: long,
        },
        'file_name_too_long',
      ],
      [
        'URL task with a number for the URL',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: 42 } },
        'invalid_argument',
      ],
      [
        'an unknown kind',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#shortcut', name: 'x', parent_id: '' },
        'invalid_argument',
      ],
      [
        'rename to a NUL name',
        'PATCH',
        `/drive/v1/files/${file.id}`,
        { name: 'x\u0000' },
        'invalid_argument',
      ],
      [
        'rename to a path',
        'PATCH',
        `/drive/v1/files/${file.id}`,
        { name: 'a/b.txt' },
        'file_name_invalid',
      ],
      [
        'rename to 256 characters',
        'PATCH',
        `/drive/v1/files/${file.id}`,
        { name: long },
        'file_name_too_long',
      ],
      [
        'rename to a lone surrogate',
        'PATCH',
        `/drive/v1/files/${file.id}`,
        { name: '\udfff.txt' },
        'invalid_argument',
      ],
      [
        'rename to a number',
        'PATCH',
        `/drive/v1/files/${file.id}`,
        { name: 7 },
        'invalid_argument',
      ],
      [
        'trash a NUL id',
        'POST',
        '/drive/v1/files:batchTrash',
        { ids: ['\u0000'] },
        'invalid_argument',
      ],
      [
        'move into a NUL folder',
        'POST',
        '/drive/v1/files:batchMove',
        { ids: [file.id], to: { parent_id: 'a\u0000' } },
        'invalid_argument',
      ],
      [
        'copy with ids as a string',
        'POST',
        '/drive/v1/files:batchCopy',
        { ids: file.id, to: { parent_id: '' } },
        'invalid_argument',
      ],
      [
        'prove a negative offset',
        'POST',
        `/drive/v1/files/${file.id}:prove`,
        { ranges: [{ offset: '-1', length: '1', sha1: 'a'.repeat(40) }] },
        'invalid_argument',
      ],
      ['list a NUL folder', 'GET', '/drive/v1/files?parent_id=%00', undefined, 'invalid_argument'],
      [
        'list a huge limit',
        'GET',
        '/drive/v1/files?limit=100000000000000000000',
        undefined,
        'invalid_argument',
      ],
      ['list a negative limit', 'GET', '/drive/v1/files?limit=-5', undefined, 'invalid_argument'],
      [
        'list an unknown order',
        'GET',
        '/drive/v1/files?order=SIZE_SIDEWAYS',
        undefined,
        'invalid_argument',
      ],
      [
        'list an unknown thumbnail size',
        'GET',
        '/drive/v1/files?thumbnail_size=SIZE_HUGE',
        undefined,
        'invalid_argument',
      ],
      [
        'filter an unknown phase',
        'GET',
        `/drive/v1/files?filters=${filters({ phase: { eq: 'PHASE_TYPE_DONE' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'filter an unknown category',
        'GET',
        `/drive/v1/files?filters=${filters({ file_category: { in: 'IMAGE,MOVIE' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'filter a time that is none',
        'GET',
        `/drive/v1/files?filters=${filters({ modified_time: { gt: 'yesterday' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'filter a NUL name prefix',
        'GET',
        `/drive/v1/files?filters=${filters({ name: { prefix: 'a\u0000' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'filter NUL names',
        'GET',
        `/drive/v1/files?filters=${filters({ name: { in: 'a,b\u0000' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'a page token with a fraction',
        'GET',
        `/drive/v1/files?order=SIZE_ASC&page_token=${forgedToken({ o: 'SIZE_ASC:0', v: [1.5, 'x'] })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'a page token past 2^53',
        'GET',
        `/drive/v1/files?order=SIZE_ASC&page_token=${forgedToken({ o: 'SIZE_ASC:0', v: [1e308, 'x'] })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'a page token with a NUL',
        'GET',
        `/drive/v1/files?page_token=${forgedToken({ o: 'MODIFY_TIME_DESC:0', v: ['\u0000', 'x'] })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'events page token with a NUL',
        'GET',
        `/drive/v1/events?page_token=${forgedToken({ c: '\u0000', i: 'x' })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'get for an unknown usage',
        'GET',
        `/drive/v1/files/${file.id}?usage=STEAL`,
        undefined,
        'invalid_argument',
      ],
      [
        'get with an unknown thumbnail size',
        'GET',
        `/drive/v1/files/${file.id}?thumbnail_size=SIZE_HUGE`,
        undefined,
        'invalid_argument',
      ],
      // Tasks.
      [
        'tasks page token with a NUL',
        'GET',
        `/drive/v1/tasks?page_token=${forgedToken({ c: '\u0000', i: 'x' })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'tasks filtered by a NUL id',
        'GET',
        `/drive/v1/tasks?filters=${filters({ id: { in: 'a\u0000' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'tasks with a negative limit',
        'GET',
        '/drive/v1/tasks?limit=-1',
        undefined,
        'invalid_argument',
      ],
      [
        'delete a NUL task',
        'DELETE',
        '/drive/v1/tasks?task_ids=%00',
        undefined,
        'invalid_argument',
      ],
      [
        'retry a NUL task',
        'POST',
        '/drive/v1/task',
        { type: 'offline', create_type: 'RETRY', id: '\u0000' },
        'invalid_argument',
      ],
      [
        'retry an upload task',
        'POST',
        '/drive/v1/task',
        { type: 'upload', create_type: 'RETRY', id: 'abc' },
        'invalid_argument',
      ],
      [
        'retry with a number id',
        'POST',
        '/drive/v1/task',
        { type: 'offline', create_type: 'RETRY', id: 5 },
        'invalid_argument',
      ],
      [
        'pause with a number phase',
        'PATCH',
        '/drive/v1/tasks/abc',
        { phase: 4 },
        'invalid_argument',
      ],
      // Shares.
      [
        'share titled with a NUL',
        'POST',
        '/drive/v1/share',
        { file_ids: [file.id], title: 'a\u0000b' },
        'invalid_argument',
      ],
      [
        'share titled with a lone surrogate',
        'POST',
        '/drive/v1/share',
        { file_ids: [file.id], title: 'beach \ud83c' },
        'invalid_argument',
      ],
      [
        'share titled with a line break',
        'POST',
        '/drive/v1/share',
        { file_ids: [file.id], title: 'first\nsecond' },
        'invalid_argument',
      ],
      [
        'share kept for 10^20 days',
        'POST',
        '/drive/v1/share',
        { file_ids: [file.id], expiration_days: 1e20 },
        'invalid_argument',
      ],
      [
        'share with a fraction of a day',
        'POST',
        '/drive/v1/share',
        { file_ids: [file.id], expiration_days: 1.5 },
        'invalid_argument',
      ],
      [
        'share with an unknown pass code option',
        'POST',
        '/drive/v1/share',
        { file_ids: [file.id], pass_code_option: 'SOMETIMES' },
        'invalid_argument',
      ],
      [
        'share of a NUL id',
        'POST',
        '/drive/v1/share',
        { file_ids: ['\u0000'] },
        'invalid_argument',
      ],
      [
        'share list page token with a NUL',
        'GET',
        `/drive/v1/share/list?page_token=${forgedToken(['\u0000', 'x'])}`,
        undefined,
        'invalid_argument',
      ],
      [
        'share list with a huge limit',
        'GET',
        '/drive/v1/share/list?limit=1001',
        undefined,
        'invalid_argument',
      ],
      [
        'share change to a negative limit',
        'PATCH',
        `/drive/v1/share/${made.share_id}`,
        { restore_limit: -2 },
        'invalid_argument',
      ],
      [
        'share change to 10^20 restores',
        'PATCH',
        `/drive/v1/share/${made.share_id}`,
        { restore_limit: 1e20 },
        'invalid_argument',
      ],
      [
        'share change with a number pass code',
        'PATCH',
        `/drive/v1/share/${made.share_id}`,
        { custom_pass_code: 1234 },
        'invalid_argument',
      ],
      ['open a NUL share', 'GET', '/drive/v1/share?share_id=%00', undefined, 'invalid_argument'],
      [
        'open with a negative limit',
        'GET',
        `/drive/v1/share?${share}&limit=-1`,
        undefined,
        'invalid_argument',
      ],
      [
        'open with an unknown order',
        'GET',
        `/drive/v1/share?${share}&order=99`,
        undefined,
        'invalid_argument',
      ],
      [
        'browse a NUL folder',
        'GET',
        `/drive/v1/share/detail?${share}&parent_id=%00`,
        undefined,
        'invalid_argument',
      ],
      [
        'browse with a NUL token',
        'GET',
        `/drive/v1/share/detail?share_id=${made.share_id}&pass_code_token=a%00`,
        undefined,
        'invalid_argument',
      ],
      [
        'one NUL item',
        'GET',
        `/drive/v1/share/file_info?${share}&file_id=%00`,
        undefined,
        'invalid_argument',
      ],
      [
        'one item in an unknown size',
        'GET',
        `/drive/v1/share/file_info?${share}&file_id=${file.id}&thumbnail_size=SIZE_HUGE`,
        undefined,
        'invalid_argument',
      ],
      [
        'items as numbers',
        'POST',
        '/drive/v1/share:batch_file_info',
        { share_id: made.share_id, pass_code_token: opened.pass_code_token, file_ids: [1] },
        'invalid_argument',
      ],
      [
        'save with a word for specify_parent_id',
        'POST',
        '/drive/v1/share/restore',
        {
          share_id: made.share_id,
          pass_code_token: opened.pass_code_token,
          specify_parent_id: 'yes',
        },
        'invalid_argument',
      ],
      [
        'save with gcids as a string',
        'POST',
        '/drive/v1/share/restore',
        { share_id: made.share_id, pass_code_token: opened.pass_code_token, gcids: 'ABC' },
        'invalid_argument',
      ],
      [
        'save into a NUL folder',
        'POST',
        '/drive/v1/share/restore',
        { share_id: made.share_id, pass_code_token: opened.pass_code_token, parent_id: '\u0000' },
        'invalid_argument',
      ],
      [
        'report with a NUL reason',
        'POST',
        '/audit.admin/v1/share',
        { share_id: made.share_id, reason: 'spam\u0000' },
        'invalid_argument',
      ],
    ];

    for (const [what, method, url, payload, reason] of [...generic, ...ids, ...specific]) {
      // The saver is not the owner, so a save reaches its checks instead of file_restore_own.
      const headers = url.startsWith('/drive/v1/share/restore') ? b.headers : a.headers;
      const response = await call({ ...headers, 'accept-language': 'ko' }, method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(httpStatusOf(reason));
      if (method === 'HEAD') {
        continue;
      }
      const error = errorOf(response);
      expect(error.error, what).toBe(reason);
      expect(localizedOf(error)?.locale, what).toBe('ko');
      expect(error.error_description, what).not.toContain('\u0000');
    }

    // Nothing of it changed the drive or the share.
    const root = ok<{ files: { id: string; name: string; trashed: boolean; starred: boolean }[] }>(
      await call(a.headers, 'GET', '/drive/v1/files?parent_id=&order=NAME_ASC'),
    );
    expect(root.files.map((item) => [item.name, item.trashed, item.starred])).toEqual([
      ['notes.txt', false, false],
      ['Trip', false, false],
    ]);
    const summary = ok<{
      data: { share_id: string; title: string; restore_limit: string; restore_count: string }[];
    }>(await call(a.headers, 'GET', '/drive/v1/share/list')).data;
    expect(
      summary.map((item) => [item.share_id, item.title, item.restore_limit, item.restore_count]),
    ).toEqual([[made.share_id, 'notes.txt', '-1', '0']]);
  });

  it('filters files only by values the fields hold, and by times in any RFC 3339 form', async () => {
    const { user, headers } = await member();
    await storeFile(t, user.id, 'early.txt', 'made at midnight');
    clock.advance(10 * 60 * 1000);
    await storeFile(t, user.id, 'late.png', 'made ten minutes later');
    async function names(value: unknown): Promise<string[]> {
      const page = ok<{ files: { name: string }[] }>(
        await call(
          headers,
          'GET',
          `/drive/v1/files?parent_id=*&order=NAME_ASC&filters=${filters(value)}`,
        ),
      );
      return page.files.map((item) => item.name);
    }
    // The stored times are 00:00:00.000Z and 00:10:00.000Z; the filters give them in other forms.
    expect(await names({ modified_time: { lt: '2030-01-01T00:10:00Z' } })).toEqual(['early.txt']);
    expect(await names({ modified_time: { gt: '2030-01-01T01:05:00+01:00' } })).toEqual([
      'late.png',
    ]);
    expect(
      await names({
        created_time: { gt: '2029-12-31T23:59:59.9999Z', lt: '2030-01-01t00:00:00.001z' },
      }),
    ).toEqual(['early.txt']);
    expect(await names({ modified_time: { gt: '2030-01-01T00:00:00.000Z' } })).toEqual([
      'late.png',
    ]);
    expect(
      await names({
        phase: { in: 'PHASE_TYPE_COMPLETE,PHASE_TYPE_PENDING' },
        file_category: { eq: 'TEXT' },
      }),
    ).toEqual(['early.txt']);
    for (const refused of [
      { phase: { eq: 'complete' } },
      { file_category: { eq: 'image' } },
      { modified_time: { gt: '2030-13-01T00:00:00Z' } },
      { created_time: { lt: '1 Jan 2030' } },
      { modified_time: { gt: 1_893_456_000 } },
    ]) {
      const response = await call(
        headers,
        'GET',
        `/drive/v1/files?parent_id=*&filters=${filters(refused)}`,
      );
      expect(response.statusCode, JSON.stringify(refused)).toBe(400);
      expect(errorOf(response)).toMatchObject({ error: 'invalid_argument', error_code: 3 });
      expect(errorOf(response).error_description).toMatch(/^filters: /);
    }
  });

  it('saves a share into the root when specify_parent_id names the root, and into "Saved from shares" without it', async () => {
    const owner = await member();
    const saver = await member();
    const shared = await storeFile(t, owner.user.id, 'poster.txt', 'a shared poster');
    const made = ok<{ share_id: string }>(
      await call(owner.headers, 'POST', '/drive/v1/share', {
        file_ids: [shared.id],
        pass_code_option: 'NOT_REQUIRED',
      }),
    );
    const toRoot = ok<{ share_status: string; restore_status: string; file_id: string }>(
      await call(saver.headers, 'POST', '/drive/v1/share/restore', {
        share_id: made.share_id,
        file_ids: [],
        specify_parent_id: true,
        parent_id: '',
        share_user_id: owner.user.id,
        gcids: [shared.gcid.toUpperCase()],
      }),
    );
    expect(toRoot).toMatchObject({
      share_status: 'OK',
      restore_status: 'RESTORE_COMPLETE',
      file_id: '',
    });
    const saved = ok<{ share_status: string; file_id: string }>(
      await call(saver.headers, 'POST', '/drive/v1/share/restore', { share_id: made.share_id }),
    );
    expect(saved.share_status).toBe('OK');
    const root = ok<{ files: { id: string; name: string; kind: string }[] }>(
      await call(saver.headers, 'GET', '/drive/v1/files?parent_id=&order=NAME_ASC'),
    );
    expect(root.files.map((item) => [item.name, item.kind])).toEqual([
      ['poster.txt', 'drive#file'],
      ['Saved from shares', 'drive#folder'],
    ]);
    expect(root.files[1]?.id).toBe(saved.file_id);
  });

  it('gives each ShareSummary the thumbnail of its shared picture, as listings do', async () => {
    const { user, headers } = await member();
    const picture = await storeFile(
      t,
      user.id,
      'beach.png',
      await sharp({
        create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } },
      })
        .png()
        .toBuffer(),
    );
    const text = await storeFile(t, user.id, 'notes.txt', 'no picture here');
    const pictureShare = ok<{ share_id: string }>(
      await call(headers, 'POST', '/drive/v1/share', { file_ids: [picture.id] }),
    );
    const textShare = ok<{ share_id: string }>(
      await call(headers, 'POST', '/drive/v1/share', { file_ids: [text.id] }),
    );
    const summaries = ok<{ data: { share_id: string; thumbnail_link: string }[] }>(
      await call(headers, 'GET', '/drive/v1/share/list'),
    ).data;
    const link =
      summaries.find((item) => item.share_id === pictureShare.share_id)?.thumbnail_link ?? '';
    expect(summaries.find((item) => item.share_id === textShare.share_id)?.thumbnail_link).toBe('');
    const listed = ok<{ files: { id: string; thumbnail_link: string }[] }>(
      await call(headers, 'GET', '/drive/v1/files?parent_id='),
    );
    expect(link).not.toBe('');
    expect(link).toBe(listed.files.find((item) => item.id === picture.id)?.thumbnail_link);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: new URL(link).pathname + new URL(link).search,
      headers: { host: new URL(link).host },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\//);
    const changed = ok<{ thumbnail_link: string; restore_limit: string }>(
      await call(headers, 'PATCH', `/drive/v1/share/${pictureShare.share_id}`, {
        restore_limit: 3,
      }),
    );
    expect(changed).toMatchObject({ thumbnail_link: link, restore_limit: '3' });
    // A picture in the trash shows none.
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [picture.id] }));
    const after = ok<{ data: { share_id: string; thumbnail_link: string }[] }>(
      await call(headers, 'GET', '/drive/v1/share/list'),
    ).data;
    expect(after.find((item) => item.share_id === pictureShare.share_id)?.thumbnail_link).toBe('');
  });
  it('answers hostile input on every user, OAuth, membership, site-config and event route with the error object of docs/api.md#errors, never a 500', async () => {
    const a = await member();
    const admin = await member();
    await t.container.database.db
      .insertInto('member_roles')
      .values({ user_id: admin.user.id, role: 'admin', created_at: clock.now().toISOString() })
      .execute();
    const pkce = {
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    };

    /** Routes whose texts the text guard checks, each with a body it takes. */
    const guardedRoutes: [Method, string, Record<string, unknown>][] = [
      ['PATCH', '/v1/user/me', { name: 'Ada' }],
      [
        'POST',
        '/v1/auth/verification',
        { email: 'new@example.com', target: 'ANY', usage: 'REGISTER', client_id: 'web' },
      ],
      [
        'POST',
        '/v1/auth/verification/verify',
        { verification_id: 'abc', verification_code: '123456', client_id: 'web' },
      ],
      [
        'POST',
        '/v1/auth/signup',
        {
          email: 'new@example.com',
          password: 'correct horse 1',
          verification_token: 'x'.repeat(43),
          client_id: 'web',
        },
      ],
      [
        'POST',
        '/v1/auth/signin',
        { client_id: 'tv', username: a.user.email, password: 'wrong password 1' },
      ],
      [
        'POST',
        '/v1/auth/reset',
        {
          email: a.user.email,
          new_password: 'correct horse 2',
          verification_token: 'x'.repeat(43),
          client_id: 'web',
        },
      ],
      ['POST', '/v1/auth/revoke', { token: 'x' }],
      [
        'POST',
        '/v1/auth/token',
        { grant_type: 'refresh_token', refresh_token: 'x', client_id: 'tv' },
      ],
      ['POST', '/v1/auth/device/code', { client_id: 'tv', scope: 'user' }],
      [
        'POST',
        '/v1/user/authorize',
        {
          client_id: 'desktop',
          response_type: 'code',
          redirect_uri: 'http://127.0.0.1:51000/oauth/callback',
          scope: 'user',
          state: 's',
          ...pkce,
        },
      ],
      ['POST', '/v1/user/device', { user_code: 'ABCD-EFGH', approve: true }],
      [
        'POST',
        '/v1/user/password',
        { old_password: 'wrong password 1', new_password: 'correct horse 2' },
      ],
      ['POST', '/v1/user/deletion', { password: 'wrong password 1' }],
      ['POST', '/v1/user/two-factor/confirm', { code: '123456' }],
      ['POST', '/v1/user/two-factor/disable', { password: 'wrong password 1' }],
      ['POST', '/v1/user/two-factor/recovery-codes', { password: 'wrong password 1' }],
      [
        'POST',
        '/v1/shield/captcha/init',
        {
          client_id: 'web',
          action: 'POST:/v1/auth/signin',
          device_id: 'a'.repeat(32),
          meta: { email: a.user.email },
        },
      ],
      ['POST', '/config/v1/basic', { client: 'web' }],
      [
        'POST',
        '/drive/v1/feedback',
        {
          category: 'bug',
          message: 'The upload button does nothing.',
          contact_email: 'ada@example.com',
        },
      ],
      ['POST', '/mail/v1/subscribe', { d: 'abc' }],
    ];
    /** Membership routes: they check their own texts (an activation code answers its own reason). */
    const membershipRoutes: [Method, string, Record<string, unknown>][] = [
      ['POST', '/vip/v1/activity/invite', { from: 'web' }],
      ['POST', '/vip/v1/order/activation-code', { activation_code: 'ABCD-EFGH' }],
      ['POST', '/vip/v1/activity/rewardVip', { type: 'share_file' }],
      [
        'POST',
        '/vip/v1/activity/compensate',
        { type: 'outage_2030', days: 1, user_ids: [a.user.id] },
      ],
      ['POST', '/vip/v1/verifyRecaptchaToken', { token: 'x' }],
    ];
    const generic: Hostile[] = [...guardedRoutes, ...membershipRoutes].flatMap(
      ([method, url, body]): Hostile[] => [
        [`${url}: malformed JSON`, method, url, '{"name": ', 'invalid_argument'],
        [`${url}: an array for the object`, method, url, [body], 'invalid_argument'],
        [
          `${url}: a body over the limit`,
          method,
          url,
          { ...body, padding: 'x'.repeat(1024 * 1024 + 1) },
          'payload_too_large',
        ],
      ],
    );
    const texts: Hostile[] = guardedRoutes.flatMap(([method, url, body]): Hostile[] =>
      Object.keys(body).flatMap((field): Hostile[] => [
        [
          `${url}: a NUL in ${field}`,
          method,
          url,
          { ...body, [field]: 'a\u0000b' },
          'invalid_argument',
        ],
        [
          `${url}: a lone surrogate in ${field}`,
          method,
          url,
          { ...body, [field]: 'x\ud800' },
          'invalid_argument',
        ],
      ]),
    );

    const specific: Hostile[] = [
      // The user service.
      [
        'a name of 65 characters',
        'PATCH',
        '/v1/user/me',
        { name: 'n'.repeat(65) },
        'invalid_argument',
      ],
      [
        'a picture over http',
        'PATCH',
        '/v1/user/me',
        { picture: 'http://example.com/a.png' },
        'invalid_argument',
      ],
      [
        'an unknown profile field',
        'PATCH',
        '/v1/user/me',
        { email: 'other@example.com' },
        'invalid_argument',
      ],
      [
        'a NUL in the sign-in meta of a captcha',
        'POST',
        '/v1/shield/captcha/init',
        {
          client_id: 'web',
          action: 'POST:/v1/auth/signin',
          device_id: 'a'.repeat(32),
          meta: { email: 'a\u0000@example.com' },
        },
        'invalid_argument',
      ],
      [
        'a captcha action that is no METHOD:/path',
        'POST',
        '/v1/shield/captcha/init',
        { client_id: 'web', action: 'signin', device_id: 'a'.repeat(32), meta: {} },
        'invalid_argument',
      ],
      [
        'a device id that is not hex',
        'POST',
        '/v1/shield/captcha/init',
        { client_id: 'web', action: 'POST:/v1/auth/signin', device_id: 'Z'.repeat(32), meta: {} },
        'invalid_argument',
      ],
      [
        'a verification of an unknown usage',
        'POST',
        '/v1/auth/verification',
        { email: 'new@example.com', target: 'ANY', usage: 'LOGIN', client_id: 'web' },
        'invalid_argument',
      ],
      [
        'a verification of no address',
        'POST',
        '/v1/auth/verification',
        { email: 'not-an-address', target: 'ANY', usage: 'REGISTER', client_id: 'web' },
        'invalid_argument',
      ],
      [
        'a wrong password',
        'POST',
        '/v1/auth/signin',
        { client_id: 'tv', username: a.user.email, password: 'wrong password 1' },
        'invalid_account_or_password',
      ],
      [
        'a sign-in by an unregistered client',
        'POST',
        '/v1/auth/signin',
        { client_id: 'toaster', username: a.user.email, password: a.user.password },
        'unauthorized_client',
      ],
      [
        'a grant type of no kind',
        'POST',
        '/v1/auth/token',
        { grant_type: 'password', client_id: 'tv' },
        'invalid_request',
      ],
      [
        'a device code for an unregistered client',
        'POST',
        '/v1/auth/device/code',
        { client_id: 'toaster', scope: 'user' },
        'unauthorized_client',
      ],
      [
        'a device code for an unknown scope',
        'POST',
        '/v1/auth/device/code',
        { client_id: 'tv', scope: 'root' },
        'invalid_scope',
      ],
      [
        'an authorization to an unregistered redirect',
        'POST',
        '/v1/user/authorize',
        {
          client_id: 'desktop',
          response_type: 'code',
          redirect_uri: 'https://evil.example/cb',
          scope: 'user',
          state: 's',
          ...pkce,
        },
        'invalid_request',
      ],
      [
        'a device decision that is no boolean',
        'POST',
        '/v1/user/device',
        { user_code: 'ABCD-EFGH', approve: 'yes' },
        'invalid_argument',
      ],
      [
        'a device decision for no waiting TV',
        'POST',
        '/v1/user/device',
        { user_code: 'ABCD-EFGH', approve: true },
        'invalid_verification_code',
      ],
      [
        'a session id of 65 characters',
        'DELETE',
        `/v1/user/sessions/${'i'.repeat(65)}`,
        undefined,
        'invalid_argument',
      ],
      ['a session that is not there', 'DELETE', '/v1/user/sessions/nope', undefined, 'not_found'],
      [
        'a two-factor set-up never started',
        'POST',
        '/v1/user/two-factor/confirm',
        { code: '123456' },
        'failed_precondition',
      ],
      [
        'a device lookup with a NUL',
        'GET',
        '/v1/user/device?user_code=AB%00CD',
        undefined,
        'invalid_argument',
      ],
      // Membership.
      [
        'a task scene of no kind',
        'GET',
        '/vip/v1/task/status?scene=nope',
        undefined,
        'invalid_argument',
      ],
      [
        'a referral page of 101 invitees',
        'GET',
        '/vip/v1/activity/inviteExtActivityPage?limit=101',
        undefined,
        'invalid_argument',
      ],
      [
        'a reward for no task',
        'POST',
        '/vip/v1/activity/rewardVip',
        { type: 'climb_everest' },
        'invalid_argument',
      ],
      [
        'a reward for a task not done',
        'POST',
        '/vip/v1/activity/rewardVip',
        { type: 'share_file' },
        'activity_task_not_done',
      ],
      [
        'a compensation by a member',
        'POST',
        '/vip/v1/activity/compensate',
        { type: 'outage_2030', days: 1, user_ids: [a.user.id] },
        'permission_denied',
      ],
      [
        'a compensation of a year and more',
        'POST',
        '/vip/v1/activity/compensate',
        { type: 'outage_2030', days: 367, user_ids: [a.user.id] },
        'invalid_argument',
      ],
      [
        'a compensation for a NUL member',
        'POST',
        '/vip/v1/activity/compensate',
        { type: 'outage_2030', days: 1, user_ids: ['a\u0000b'] },
        'invalid_argument',
      ],
      [
        'an activation code with a NUL',
        'POST',
        '/vip/v1/order/activation-code',
        { activation_code: 'ABCD\u0000EFGH' },
        'activation_code_invalid',
      ],
      [
        'an invitation from no app',
        'POST',
        '/vip/v1/activity/invite',
        { from: '' },
        'invalid_argument',
      ],
      [
        'a captcha token that was never given',
        'POST',
        '/vip/v1/verifyRecaptchaToken',
        { token: 'x' },
        'captcha_invalid',
      ],
      [
        'an unsubscribe link of no signature',
        'GET',
        '/mail/v1/unsubscribe?d=abc',
        undefined,
        'unsubscribe_link_invalid',
      ],
      [
        'an unsubscribe link with a NUL',
        'GET',
        '/mail/v1/unsubscribe?d=a%00b',
        undefined,
        'invalid_argument',
      ],
      [
        'an unsubscribe without its link',
        'GET',
        '/mail/v1/unsubscribe',
        undefined,
        'invalid_argument',
      ],
      [
        'a subscription link of no signature',
        'GET',
        '/mail/v1/subscription?d=abc',
        undefined,
        'unsubscribe_link_invalid',
      ],
      [
        'a subscription link with a NUL',
        'GET',
        '/mail/v1/subscription?d=a%00b',
        undefined,
        'invalid_argument',
      ],
      [
        'a subscribe again of no signature',
        'POST',
        '/mail/v1/subscribe',
        { d: 'abc.def' },
        'unsubscribe_link_invalid',
      ],
      // Feedback.
      [
        'feedback of no category',
        'POST',
        '/drive/v1/feedback',
        { category: 'rant', message: 'Something about the drive.' },
        'invalid_argument',
      ],
      [
        'feedback of one word',
        'POST',
        '/drive/v1/feedback',
        { category: 'bug', message: 'broken' },
        'invalid_argument',
      ],
      // Site configuration.
      [
        'a config group of no kind',
        'POST',
        '/config/v1/secrets',
        { client: 'web' },
        'invalid_argument',
      ],
      ['a config call of no client', 'POST', '/config/v1/basic', {}, 'invalid_argument'],
      [
        'config data of an object',
        'POST',
        '/config/v1/basic',
        { client: 'web', data: { uuid: { a: 1 } } },
        'invalid_argument',
      ],
      // Events.
      [
        'events of an unknown type',
        'GET',
        `/drive/v1/events?filters=${filters({ type: { eq: 'TYPE_NOPE' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'events filtered by an unknown field',
        'GET',
        `/drive/v1/events?filters=${filters({ name: { eq: 'x' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'events filtered by an unknown operator',
        'GET',
        `/drive/v1/events?filters=${filters({ type: { like: 'TYPE_%' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'events filtered by text that is no JSON',
        'GET',
        '/drive/v1/events?filters=type',
        undefined,
        'invalid_argument',
      ],
      [
        'events with a limit of 0',
        'GET',
        '/drive/v1/events?limit=0',
        undefined,
        'invalid_argument',
      ],
      [
        'events with a limit of 1001',
        'GET',
        '/drive/v1/events?limit=1001',
        undefined,
        'invalid_argument',
      ],
      [
        'events from a forged page',
        'GET',
        `/drive/v1/events?page_token=${forgedToken({ created_at: "' or 1=1 --" })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'events in an unknown size',
        'GET',
        '/drive/v1/events?thumbnail_size=SIZE_HUGE',
        undefined,
        'invalid_argument',
      ],
      // Share management.
      [
        'shares filtered by an unknown field',
        'GET',
        `/drive/v1/share/list?filters=${filters({ pass_code: { eq: 'abcd' } })}`,
        undefined,
        'invalid_argument',
      ],
      [
        'shares from a forged page',
        'GET',
        `/drive/v1/share/list?page_token=${forgedToken([1, 2])}`,
        undefined,
        'invalid_argument',
      ],
      [
        'shares with a limit of 1001',
        'GET',
        '/drive/v1/share/list?limit=1001',
        undefined,
        'invalid_argument',
      ],
    ];

    for (const [what, method, url, payload, reason] of [...generic, ...texts, ...specific]) {
      const headers =
        url.startsWith('/vip/v1/activity/compensate') && !what.includes('by a member')
          ? admin.headers
          : a.headers;
      const response = await call({ ...headers, 'accept-language': 'ja' }, method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(httpStatusOf(reason));
      const error = errorOf(response);
      expect(error.error, what).toBe(reason);
      expect(localizedOf(error)?.locale, what).toBe('ja');
      expect(error.error_description, what).not.toContain('\u0000');
    }

    // An invite code of control characters is an unknown code, which counts as none.
    expect(
      ok(
        await call(a.headers, 'POST', '/vip/v1/activity/invite', {
          from: 'web',
          invite_code: 'AB\u0000CD',
        }),
      ),
    ).toMatchObject({ invited: false });

    // Nothing of it changed the member.
    const profile = ok<{ name: string; picture: string }>(
      await call(a.headers, 'GET', '/v1/user/me'),
    );
    expect(profile).toMatchObject({ name: 'Test Member', picture: '' });
    expect(
      ok<{ status: string }>(await call(a.headers, 'GET', '/drive/v1/privilege/vip')),
    ).toMatchObject({ data: { status: 'invalid' } });
    expect(await signIn(t, a.user.email, a.user.password)).toMatchObject({ sub: a.user.id });
  });

  it("answers another member's shares, sessions, tasks and events as not_found and leaves them as they were", async () => {
    const a = await member();
    const b = await member();
    const bFile = await storeFile(t, b.user.id, 'diary.txt', 'private');
    const bShare = ok<{ share_id: string; pass_code: string }>(
      await call(b.headers, 'POST', '/drive/v1/share', { file_ids: [bFile.id] }),
    );
    const bTask = ok<{ task_id: string }>(
      await call(b.headers, 'POST', '/drive/v1/files:star', { ids: [bFile.id] }),
    );
    const bSessions = ok<{ sessions: { id: string }[] }>(
      await call(b.headers, 'GET', '/v1/user/sessions'),
    ).sessions;
    const trashed = ok<{ task_id: string }>(
      await call(b.headers, 'POST', '/drive/v1/files:batchTrash', { ids: [bFile.id] }),
    );
    ok(await call(b.headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [bFile.id] }));
    expect(bTask).toBeDefined();

    const attempts: [string, Method, string, unknown][] = [
      [
        "change b's share",
        'PATCH',
        `/drive/v1/share/${bShare.share_id}`,
        { restore_limit: 1, custom_pass_code: 'mine' },
      ],
      ["delete b's share", 'POST', '/drive/v1/share:batchDelete', { ids: [bShare.share_id] }],
      ["share b's file", 'POST', '/drive/v1/share', { file_ids: [bFile.id] }],
      ["end b's session", 'DELETE', `/v1/user/sessions/${bSessions[0]?.id}`, undefined],
      ["read b's task", 'GET', `/drive/v1/tasks/${trashed.task_id}`, undefined],
      [
        "pause b's task",
        'PATCH',
        `/drive/v1/tasks/${trashed.task_id}`,
        { phase: 'PHASE_TYPE_PAUSED' },
      ],
    ];
    for (const [what, method, url, payload] of attempts) {
      const response = await call(a.headers, method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(404);
      expect(['not_found', 'file_not_found'], what).toContain(errorOf(response).error);
    }
    // Ids of both members in one call: the call refuses them all and deletes none.
    const mine = await storeFile(t, a.user.id, 'mine.txt', 'mine');
    const aShare = ok<{ share_id: string }>(
      await call(a.headers, 'POST', '/drive/v1/share', { file_ids: [mine.id] }),
    );
    const mixed = await call(a.headers, 'POST', '/drive/v1/share:batchDelete', {
      ids: [aShare.share_id, bShare.share_id],
    });
    expect(errorOf(mixed).error).toBe('not_found');
    expect(
      ok<{ data: { share_id: string }[] }>(
        await call(a.headers, 'GET', '/drive/v1/share/list'),
      ).data.map((item) => item.share_id),
    ).toEqual([aShare.share_id]);

    // b's share, session and events are untouched, and a sees none of b's.
    const bList = ok<{ data: { share_id: string; restore_limit: string; pass_code: string }[] }>(
      await call(b.headers, 'GET', '/drive/v1/share/list'),
    ).data;
    expect(bList).toEqual([
      expect.objectContaining({
        share_id: bShare.share_id,
        restore_limit: '-1',
        pass_code: bShare.pass_code,
      }),
    ]);
    expect(
      ok<{ sessions: { id: string }[] }>(
        await call(b.headers, 'GET', '/v1/user/sessions'),
      ).sessions.map((session) => session.id),
    ).toEqual(bSessions.map((session) => session.id));
    const aEvents = ok<{ events: { file_id?: string }[] }>(
      await call(a.headers, 'GET', '/drive/v1/events'),
    ).events;
    expect(aEvents.every((event) => event.file_id !== bFile.id)).toBe(true);
  });

  it('refuses a state change by session cookie from another origin on every route group, and lets GETs and the site through', async () => {
    const { user } = await member();
    const file = await storeFile(t, user.id, 'notes.txt', 'notes');
    const signedIn = await post(
      t,
      '/v1/auth/signin',
      { client_id: 'web', username: user.email, password: user.password },
      { origin: 'http://nimbus.test' },
    );
    const cookie = `nimbus_session=${sessionCookieOf(signedIn)}`;
    const changes: [Method, string, unknown][] = [
      ['PATCH', '/v1/user/me', { name: 'Mallory' }],
      [
        'POST',
        '/v1/user/password',
        { old_password: user.password, new_password: 'mallory was here 1' },
      ],
      ['POST', '/v1/user/two-factor/setup', {}],
      ['POST', '/v1/user/deletion', { password: user.password }],
      ['POST', '/v1/auth/revoke', {}],
      ['POST', '/drive/v1/share', { file_ids: [file.id] }],
      ['POST', '/drive/v1/files:batchTrash', { ids: [file.id] }],
      ['POST', '/vip/v1/activity/invite', { from: 'web' }],
      ['POST', '/config/v1/basic', { client: 'web' }],
      ['POST', '/drive/v1/feedback', { category: 'bug', message: 'A message sent by a stranger.' }],
    ];
    for (const [method, url, payload] of changes) {
      const strangers: Headers[] = [
        {},
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
        { origin: 'null' },
      ];
      for (const origin of strangers) {
        const response = await call({ cookie, ...origin }, method, url, payload);
        expect(response.statusCode, `${url} ${JSON.stringify(origin)}: ${response.body}`).toBe(403);
        expect(errorOf(response).error).toBe('origin_not_allowed');
      }
    }
    // Nothing changed: the name, the password, the session and the file are as they were.
    const asSite = { cookie, origin: 'http://nimbus.test' };
    expect(ok<{ name: string }>(await call({ cookie }, 'GET', '/v1/user/me')).name).toBe(
      'Test Member',
    );
    expect(
      ok<{ files: { trashed: boolean }[] }>(
        await call({ cookie, origin: 'https://evil.example' }, 'GET', '/drive/v1/files?parent_id='),
      ).files,
    ).toEqual([expect.objectContaining({ trashed: false })]);
    expect(
      ok<{ name: string }>(await call(asSite, 'PATCH', '/v1/user/me', { name: 'Ada' })).name,
    ).toBe('Ada');
    expect(
      ok<{ name: string }>(
        await call({ cookie, referer: 'http://nimbus.test/drive' }, 'PATCH', '/v1/user/me', {
          name: 'Grace',
        }),
      ).name,
    ).toBe('Grace');
    // A bearer token is no ambient credential: no Origin is needed.
    const token = await signIn(t, user.email, user.password);
    expect(
      ok<{ name: string }>(
        await call(
          { authorization: `Bearer ${token.access_token}`, origin: 'https://evil.example' },
          'PATCH',
          '/v1/user/me',
          { name: 'Hopper' },
        ),
      ).name,
    ).toBe('Hopper');
  });

  it('sends counts as decimal strings and keeps answers about the member out of shared caches', async () => {
    const { user, headers } = await member();
    await storeFile(t, user.id, 'notes.txt', 'notes');
    const isCount = (value: unknown) => typeof value === 'string' && /^-?\d+$/.test(value);
    const page = await call(headers, 'GET', '/vip/v1/activity/inviteExtActivityPage');
    const referral = ok<{ data: Record<string, unknown> }>(page).data;
    for (const field of ['invited_count', 'monthly_limit', 'monthly_remaining']) {
      expect(isCount(referral[field]), `${field}: ${String(referral[field])}`).toBe(true);
    }
    const tasks = ok<{ tasks: { type: string; progress: unknown; target: unknown }[] }>(
      await call(headers, 'GET', '/vip/v1/task/status?scene=beginner'),
    ).tasks;
    expect(tasks.find((task) => task.type === 'upload_file')).toMatchObject({
      progress: '1',
      target: '1',
    });
    expect(tasks.every((task) => isCount(task.progress) && isCount(task.target))).toBe(true);
    const twoFactor = ok<{ recovery_codes_left: unknown }>(
      await call(headers, 'GET', '/v1/user/two-factor'),
    );
    expect(twoFactor.recovery_codes_left).toBe('0');

    const about = ok<{
      quota: Record<string, unknown>;
      quotas: Record<string, Record<string, unknown>>;
    }>(await call(headers, 'GET', '/drive/v1/about'));
    expect(
      [
        about.quota.limit,
        about.quota.usage,
        about.quota.usage_in_trash,
        about.quotas.cloud_download?.limit,
        about.quotas.download_traffic?.usage,
      ].every(isCount),
    ).toBe(true);

    const personal: [Method, string, unknown][] = [
      ['GET', '/v1/user/me', undefined],
      ['PATCH', '/v1/user/me', { name: 'Ada' }],
      ['GET', '/v1/user/sessions', undefined],
      ['GET', '/v1/user/two-factor', undefined],
      ['GET', '/drive/v1/about', undefined],
      ['GET', '/drive/v1/privilege/vip', undefined],
      ['GET', '/drive/v1/privilege/area_country_code', undefined],
      ['GET', '/access_controller/v1/area_accessible', undefined],
      ['GET', '/vip/v1/task/status?scene=beginner', undefined],
      ['GET', '/drive/v1/events', undefined],
      ['GET', '/drive/v1/share/list', undefined],
      ['GET', '/drive/v1/tasks', undefined],
    ];
    for (const [method, url, payload] of personal) {
      const response = await call(
        { ...headers, 'x-request-id': 'contract-check-1' },
        method,
        url,
        payload,
      );
      expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-request-id'], url).toBe('contract-check-1');
    }
  });
  it('answers an x-client-id that names no registered client with unauthorized_client, on every path group', async () => {
    const { user, headers } = await member();
    for (const clientId of ['web', 'tv', 'desktop', 'extension', 'android', 'ios']) {
      ok(await call({ ...headers, 'x-client-id': clientId }, 'GET', '/v1/user/me'));
    }
    const strangers: [Method, string, unknown, Headers][] = [
      ['GET', '/v1/user/me', undefined, headers],
      ['GET', '/drive/v1/files?parent_id=', undefined, headers],
      [
        'POST',
        '/v1/auth/signin',
        { client_id: 'tv', username: user.email, password: user.password },
        {},
      ],
      ['GET', '/drive/v1/share?share_id=nope', undefined, {}],
      ['POST', '/config/v1/basic', { client: 'web' }, {}],
      ['GET', '/vip/v1/task/status?scene=beginner', undefined, headers],
    ];
    for (const [method, url, payload, base] of strangers) {
      for (const clientId of ['toaster', '', 'WEB']) {
        const response = await call(
          { ...base, 'x-client-id': clientId, 'accept-language': 'zh-TW' },
          method,
          url,
          payload,
        );
        expect(response.statusCode, `${url} as ${clientId}: ${response.body}`).toBe(401);
        expect(errorOf(response).error).toBe('unauthorized_client');
        expect(localizedOf(errorOf(response))?.locale).toBe('zh-TW');
      }
    }
  });
});
