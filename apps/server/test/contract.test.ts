import { httpStatusOf, type ErrorReason } from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, localizedOf, makeUser, testClock, type TestApp } from './helper';
import { signIn } from './identity';
import { storeFile } from './support/stored-file';

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

describe.each(dialects)('the HTTP contract of files, tasks and shares on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, { PLAN_FREE_STORAGE_BYTES: '10000000', SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: '1000' }, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  async function member() {
    const user = await makeUser(t);
    const token = await signIn(t, user.email, user.password);
    return { user, headers: { authorization: `Bearer ${token.access_token}` } as Headers };
  }

  function call(headers: Headers, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
    if (payload === undefined) {
      return t.app.inject({ method, url, headers });
    }
    // Raw text goes as it is (malformed JSON); anything else as JSON, arrays and null included.
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: body });
  }

  function ok<T>(response: LightMyRequestResponse): T {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  }

  it('answers hostile input on every files, tasks and share route with the error object of API.md §1, never a 500', async () => {
    const a = await member();
    const b = await member();
    const file = await storeFile(t, a.user.id, 'notes.txt', 'the notes');
    const folder = ok<{ file: { id: string } }>(await call(a.headers, 'POST', '/drive/v1/files', { kind: 'drive#folder', name: 'Trip', parent_id: '' })).file;
    const made = ok<{ share_id: string }>(await call(a.headers, 'POST', '/drive/v1/share', { file_ids: [file.id, folder.id], pass_code_option: 'NOT_REQUIRED' }));
    const opened = ok<{ pass_code_token: string }>(await call({}, 'GET', `/drive/v1/share?share_id=${made.share_id}`));
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
      ['POST', `/drive/v1/files/${file.id}:prove`, { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] }],
      ['POST', '/drive/v1/task', { type: 'offline', create_type: 'RETRY', id: 'abc' }],
      ['PATCH', '/drive/v1/tasks/abc', { phase: 'PHASE_TYPE_PAUSED' }],
      ['POST', '/drive/v1/share', { file_ids: [file.id] }],
      ['PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 5 }],
      ['POST', '/drive/v1/share:batchDelete', { ids: [made.share_id] }],
      ['POST', '/drive/v1/share:batch_file_info', { share_id: made.share_id, pass_code_token: opened.pass_code_token, file_ids: [file.id] }],
      ['POST', '/drive/v1/share/restore', { share_id: made.share_id, pass_code_token: opened.pass_code_token }],
      ['POST', '/audit.admin/v1/share', { share_id: made.share_id }],
    ];
    const generic: Hostile[] = jsonRoutes.flatMap(([method, url, body]): Hostile[] => [
      [`${url}: malformed JSON`, method, url, '{"ids": [', 'invalid_argument'],
      // A call that reads no field (trash:empty) takes any JSON; the others want their object.
      ...(Object.keys(body).length === 0 ? [] : [[`${url}: an array for the object`, method, url, [body], 'invalid_argument'] as Hostile]),
      [`${url}: a body over the limit`, method, url, { ...body, padding: 'x'.repeat(1024 * 1024 + 1) }, 'payload_too_large'],
      [`${url}: a NUL in a field`, method, url, { ...body, nul: 'a\u0000b' }, 'invalid_argument'],
    ]);

    /**
     * Every path with an id in it, with a NUL in the id and an id longer than any (`:prove`
     * routes only ids of drive shape: any other names no path at all).
     */
    const idPaths: [Method, (id: string) => string, unknown, ErrorReason][] = [
      ['GET', (id) => `/drive/v1/files/${id}`, undefined, 'invalid_argument'],
      ['PATCH', (id) => `/drive/v1/files/${id}`, { name: 'x.txt' }, 'invalid_argument'],
      ['POST', (id) => `/drive/v1/files/${id}:prove`, { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] }, 'not_found'],
      ['GET', (id) => `/drive/v1/tasks/${id}`, undefined, 'invalid_argument'],
      ['PATCH', (id) => `/drive/v1/tasks/${id}`, { phase: 'PHASE_TYPE_PAUSED' }, 'invalid_argument'],
      ['PATCH', (id) => `/drive/v1/share/${id}`, { restore_limit: 5 }, 'invalid_argument'],
      ['HEAD', (id) => `/drive/v1/uploads/${id}`, undefined, 'invalid_argument'],
    ];
    const ids: Hostile[] = idPaths.flatMap(([method, path, body, notAnId]): Hostile[] => [
      [`${path('{id}')}: a NUL in the id`, method, path('a%00b'), body, notAnId],
      [`${path('{id}')}: an id of 65 characters`, method, path('i'.repeat(65)), body, notAnId],
      [`${path('{id}')}: an id cut inside a UTF-8 sequence`, method, path('%E0%A4%A'), body, 'invalid_argument'],
      [`${path('{id}')}: an id encoding a lone surrogate`, method, path('%ED%A0%80'), body, 'invalid_argument'],
      [`${path('{id}')}: an id past the router's length`, method, path('i'.repeat(9000)), body, 'invalid_argument'],
    ]);

    const specific: Hostile[] = [
      // Files: names with NUL, separators and too many characters; wrong types; unknown values.
      ['folder name with a NUL', 'POST', '/drive/v1/files', { kind: 'drive#folder', name: 'a\u0000b', parent_id: '' }, 'invalid_argument'],
      ['folder name with a slash', 'POST', '/drive/v1/files', { kind: 'drive#folder', name: '../etc', parent_id: '' }, 'invalid_argument'],
      ['folder name of 256 characters', 'POST', '/drive/v1/files', { kind: 'drive#folder', name: long, parent_id: '' }, 'invalid_argument'],
      ['folder name with a lone surrogate', 'POST', '/drive/v1/files', { kind: 'drive#folder', name: 'x\ud800', parent_id: '' }, 'invalid_argument'],
      ['folder in a NUL parent', 'POST', '/drive/v1/files', { kind: 'drive#folder', name: 'x', parent_id: '\u0000' }, 'invalid_argument'],
      ['upload name with a backslash', 'POST', '/drive/v1/files', { kind: 'drive#file', name: 'a\\b.bin', size: '1', upload_type: 'UPLOAD_TYPE_FORM' }, 'invalid_argument'],
      ['upload of a negative size', 'POST', '/drive/v1/files', { kind: 'drive#file', name: 'x.bin', size: -1, upload_type: 'UPLOAD_TYPE_FORM' }, 'invalid_argument'],
      ['upload of an unknown type', 'POST', '/drive/v1/files', { kind: 'drive#file', name: 'x.bin', size: '1', upload_type: 'UPLOAD_TYPE_CARRIER_PIGEON' }, 'invalid_argument'],
      ['upload with a NUL in its type', 'POST', '/drive/v1/files', { kind: 'drive#file', name: 'x.bin', size: '1', mime_type: 'text/plain\u0000', upload_type: 'UPLOAD_TYPE_FORM' }, 'invalid_argument'],
      ['URL task named with a slash', 'POST', '/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: 'https://example.com/a.bin' }, name: 'dir/a.bin' }, 'invalid_argument'],
      ['URL task named with a NUL', 'POST', '/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: 'https://example.com/a.bin' }, name: 'a\u0000.bin' }, 'invalid_argument'],
      ['URL task named with 256 characters', 'POST', '/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: 'https://example.com/a.bin' }, name: long }, 'invalid_argument'],
      ['URL task with a number for the URL', 'POST', '/drive/v1/files', { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: 42 } }, 'invalid_argument'],
      ['an unknown kind', 'POST', '/drive/v1/files', { kind: 'drive#shortcut', name: 'x', parent_id: '' }, 'invalid_argument'],
      ['rename to a NUL name', 'PATCH', `/drive/v1/files/${file.id}`, { name: 'x\u0000' }, 'invalid_argument'],
      ['rename to a path', 'PATCH', `/drive/v1/files/${file.id}`, { name: 'a/b.txt' }, 'invalid_argument'],
      ['rename to 256 characters', 'PATCH', `/drive/v1/files/${file.id}`, { name: long }, 'invalid_argument'],
      ['rename to a lone surrogate', 'PATCH', `/drive/v1/files/${file.id}`, { name: '\udfff.txt' }, 'invalid_argument'],
      ['rename to a number', 'PATCH', `/drive/v1/files/${file.id}`, { name: 7 }, 'invalid_argument'],
      ['trash a NUL id', 'POST', '/drive/v1/files:batchTrash', { ids: ['\u0000'] }, 'invalid_argument'],
      ['move into a NUL folder', 'POST', '/drive/v1/files:batchMove', { ids: [file.id], to: { parent_id: 'a\u0000' } }, 'invalid_argument'],
      ['copy with ids as a string', 'POST', '/drive/v1/files:batchCopy', { ids: file.id, to: { parent_id: '' } }, 'invalid_argument'],
      ['prove a negative offset', 'POST', `/drive/v1/files/${file.id}:prove`, { ranges: [{ offset: '-1', length: '1', sha1: 'a'.repeat(40) }] }, 'invalid_argument'],
      ['list a NUL folder', 'GET', '/drive/v1/files?parent_id=%00', undefined, 'invalid_argument'],
      ['list a huge limit', 'GET', '/drive/v1/files?limit=100000000000000000000', undefined, 'invalid_argument'],
      ['list a negative limit', 'GET', '/drive/v1/files?limit=-5', undefined, 'invalid_argument'],
      ['list an unknown order', 'GET', '/drive/v1/files?order=SIZE_SIDEWAYS', undefined, 'invalid_argument'],
      ['list an unknown thumbnail size', 'GET', '/drive/v1/files?thumbnail_size=SIZE_HUGE', undefined, 'invalid_argument'],
      ['filter an unknown phase', 'GET', `/drive/v1/files?filters=${filters({ phase: { eq: 'PHASE_TYPE_DONE' } })}`, undefined, 'invalid_argument'],
      ['filter an unknown category', 'GET', `/drive/v1/files?filters=${filters({ file_category: { in: 'IMAGE,MOVIE' } })}`, undefined, 'invalid_argument'],
      ['filter a time that is none', 'GET', `/drive/v1/files?filters=${filters({ modified_time: { gt: 'yesterday' } })}`, undefined, 'invalid_argument'],
      ['filter a NUL name prefix', 'GET', `/drive/v1/files?filters=${filters({ name: { prefix: 'a\u0000' } })}`, undefined, 'invalid_argument'],
      ['filter NUL names', 'GET', `/drive/v1/files?filters=${filters({ name: { in: 'a,b\u0000' } })}`, undefined, 'invalid_argument'],
      ['a page token with a fraction', 'GET', `/drive/v1/files?order=SIZE_ASC&page_token=${forgedToken({ o: 'SIZE_ASC:0', v: [1.5, 'x'] })}`, undefined, 'invalid_argument'],
      ['a page token past 2^53', 'GET', `/drive/v1/files?order=SIZE_ASC&page_token=${forgedToken({ o: 'SIZE_ASC:0', v: [1e308, 'x'] })}`, undefined, 'invalid_argument'],
      ['a page token with a NUL', 'GET', `/drive/v1/files?page_token=${forgedToken({ o: 'MODIFY_TIME_DESC:0', v: ['\u0000', 'x'] })}`, undefined, 'invalid_argument'],
      ['events page token with a NUL', 'GET', `/drive/v1/events?page_token=${forgedToken({ c: '\u0000', i: 'x' })}`, undefined, 'invalid_argument'],
      ['get for an unknown usage', 'GET', `/drive/v1/files/${file.id}?usage=STEAL`, undefined, 'invalid_argument'],
      ['get with an unknown thumbnail size', 'GET', `/drive/v1/files/${file.id}?thumbnail_size=SIZE_HUGE`, undefined, 'invalid_argument'],
      // Tasks.
      ['tasks page token with a NUL', 'GET', `/drive/v1/tasks?page_token=${forgedToken({ c: '\u0000', i: 'x' })}`, undefined, 'invalid_argument'],
      ['tasks filtered by a NUL id', 'GET', `/drive/v1/tasks?filters=${filters({ id: { in: 'a\u0000' } })}`, undefined, 'invalid_argument'],
      ['tasks with a negative limit', 'GET', '/drive/v1/tasks?limit=-1', undefined, 'invalid_argument'],
      ['delete a NUL task', 'DELETE', '/drive/v1/tasks?task_ids=%00', undefined, 'invalid_argument'],
      ['retry a NUL task', 'POST', '/drive/v1/task', { type: 'offline', create_type: 'RETRY', id: '\u0000' }, 'invalid_argument'],
      ['retry an upload task', 'POST', '/drive/v1/task', { type: 'upload', create_type: 'RETRY', id: 'abc' }, 'invalid_argument'],
      ['retry with a number id', 'POST', '/drive/v1/task', { type: 'offline', create_type: 'RETRY', id: 5 }, 'invalid_argument'],
      ['pause with a number phase', 'PATCH', '/drive/v1/tasks/abc', { phase: 4 }, 'invalid_argument'],
      // Shares.
      ['share titled with a NUL', 'POST', '/drive/v1/share', { file_ids: [file.id], title: 'a\u0000b' }, 'invalid_argument'],
      ['share titled with a lone surrogate', 'POST', '/drive/v1/share', { file_ids: [file.id], title: 'beach \ud83c' }, 'invalid_argument'],
      ['share titled with a line break', 'POST', '/drive/v1/share', { file_ids: [file.id], title: 'first\nsecond' }, 'invalid_argument'],
      ['share kept for 10^20 days', 'POST', '/drive/v1/share', { file_ids: [file.id], expiration_days: 1e20 }, 'invalid_argument'],
      ['share with a fraction of a day', 'POST', '/drive/v1/share', { file_ids: [file.id], expiration_days: 1.5 }, 'invalid_argument'],
      ['share with an unknown pass code option', 'POST', '/drive/v1/share', { file_ids: [file.id], pass_code_option: 'SOMETIMES' }, 'invalid_argument'],
      ['share of a NUL id', 'POST', '/drive/v1/share', { file_ids: ['\u0000'] }, 'invalid_argument'],
      ['share list page token with a NUL', 'GET', `/drive/v1/share/list?page_token=${forgedToken(['\u0000', 'x'])}`, undefined, 'invalid_argument'],
      ['share list with a huge limit', 'GET', '/drive/v1/share/list?limit=1001', undefined, 'invalid_argument'],
      ['share change to a negative limit', 'PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: -2 }, 'invalid_argument'],
      ['share change to 10^20 restores', 'PATCH', `/drive/v1/share/${made.share_id}`, { restore_limit: 1e20 }, 'invalid_argument'],
      ['share change with a number pass code', 'PATCH', `/drive/v1/share/${made.share_id}`, { custom_pass_code: 1234 }, 'invalid_argument'],
      ['open a NUL share', 'GET', '/drive/v1/share?share_id=%00', undefined, 'invalid_argument'],
      ['open with a negative limit', 'GET', `/drive/v1/share?${share}&limit=-1`, undefined, 'invalid_argument'],
      ['open with an unknown order', 'GET', `/drive/v1/share?${share}&order=99`, undefined, 'invalid_argument'],
      ['browse a NUL folder', 'GET', `/drive/v1/share/detail?${share}&parent_id=%00`, undefined, 'invalid_argument'],
      ['browse with a NUL token', 'GET', `/drive/v1/share/detail?share_id=${made.share_id}&pass_code_token=a%00`, undefined, 'invalid_argument'],
      ['one NUL item', 'GET', `/drive/v1/share/file_info?${share}&file_id=%00`, undefined, 'invalid_argument'],
      ['one item in an unknown size', 'GET', `/drive/v1/share/file_info?${share}&file_id=${file.id}&thumbnail_size=SIZE_HUGE`, undefined, 'invalid_argument'],
      ['items as numbers', 'POST', '/drive/v1/share:batch_file_info', { share_id: made.share_id, pass_code_token: opened.pass_code_token, file_ids: [1] }, 'invalid_argument'],
      ['save with a word for specify_parent_id', 'POST', '/drive/v1/share/restore', { share_id: made.share_id, pass_code_token: opened.pass_code_token, specify_parent_id: 'yes' }, 'invalid_argument'],
      ['save with gcids as a string', 'POST', '/drive/v1/share/restore', { share_id: made.share_id, pass_code_token: opened.pass_code_token, gcids: 'ABC' }, 'invalid_argument'],
      ['save into a NUL folder', 'POST', '/drive/v1/share/restore', { share_id: made.share_id, pass_code_token: opened.pass_code_token, parent_id: '\u0000' }, 'invalid_argument'],
      ['report with a NUL reason', 'POST', '/audit.admin/v1/share', { share_id: made.share_id, reason: 'spam\u0000' }, 'invalid_argument'],
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
    const root = ok<{ files: { id: string; name: string; trashed: boolean; starred: boolean }[] }>(await call(a.headers, 'GET', '/drive/v1/files?parent_id=&order=NAME_ASC'));
    expect(root.files.map((item) => [item.name, item.trashed, item.starred])).toEqual([
      ['notes.txt', false, false],
      ['Trip', false, false],
    ]);
    const summary = ok<{ data: { share_id: string; title: string; restore_limit: string; restore_count: string }[] }>(await call(a.headers, 'GET', '/drive/v1/share/list')).data;
    expect(summary.map((item) => [item.share_id, item.title, item.restore_limit, item.restore_count])).toEqual([[made.share_id, 'notes.txt', '-1', '0']]);
  });

  it('filters files only by values the fields hold, and by times in any RFC 3339 form', async () => {
    const { user, headers } = await member();
    await storeFile(t, user.id, 'early.txt', 'made at midnight');
    clock.advance(10 * 60 * 1000);
    await storeFile(t, user.id, 'late.png', 'made ten minutes later');
    async function names(value: unknown): Promise<string[]> {
      const page = ok<{ files: { name: string }[] }>(await call(headers, 'GET', `/drive/v1/files?parent_id=*&order=NAME_ASC&filters=${filters(value)}`));
      return page.files.map((item) => item.name);
    }
    // The stored times are 00:00:00.000Z and 00:10:00.000Z; the filters give them in other forms.
    expect(await names({ modified_time: { lt: '2030-01-01T00:10:00Z' } })).toEqual(['early.txt']);
    expect(await names({ modified_time: { gt: '2030-01-01T01:05:00+01:00' } })).toEqual(['late.png']);
    expect(await names({ created_time: { gt: '2029-12-31T23:59:59.9999Z', lt: '2030-01-01t00:00:00.001z' } })).toEqual(['early.txt']);
    expect(await names({ modified_time: { gt: '2030-01-01T00:00:00.000Z' } })).toEqual(['late.png']);
    expect(await names({ phase: { in: 'PHASE_TYPE_COMPLETE,PHASE_TYPE_PENDING' }, file_category: { eq: 'TEXT' } })).toEqual(['early.txt']);
    for (const refused of [
      { phase: { eq: 'complete' } },
      { file_category: { eq: 'image' } },
      { modified_time: { gt: '2030-13-01T00:00:00Z' } },
      { created_time: { lt: '1 Jan 2030' } },
      { modified_time: { gt: 1_893_456_000 } },
    ]) {
      const response = await call(headers, 'GET', `/drive/v1/files?parent_id=*&filters=${filters(refused)}`);
      expect(response.statusCode, JSON.stringify(refused)).toBe(400);
      expect(errorOf(response)).toMatchObject({ error: 'invalid_argument', error_code: 3 });
      expect(errorOf(response).error_description).toMatch(/^filters: /);
    }
  });

  it('saves a share into the root when specify_parent_id names the root, and into "Saved from shares" without it', async () => {
    const owner = await member();
    const saver = await member();
    const shared = await storeFile(t, owner.user.id, 'poster.txt', 'a shared poster');
    const made = ok<{ share_id: string }>(await call(owner.headers, 'POST', '/drive/v1/share', { file_ids: [shared.id], pass_code_option: 'NOT_REQUIRED' }));
    const toRoot = ok<{ share_status: string; restore_status: string; file_id: string }>(
      await call(saver.headers, 'POST', '/drive/v1/share/restore', { share_id: made.share_id, file_ids: [], specify_parent_id: true, parent_id: '', share_user_id: owner.user.id, gcids: [shared.gcid.toUpperCase()] }),
    );
    expect(toRoot).toMatchObject({ share_status: 'OK', restore_status: 'RESTORE_COMPLETE', file_id: '' });
    const saved = ok<{ share_status: string; file_id: string }>(await call(saver.headers, 'POST', '/drive/v1/share/restore', { share_id: made.share_id }));
    expect(saved.share_status).toBe('OK');
    const root = ok<{ files: { id: string; name: string; kind: string }[] }>(await call(saver.headers, 'GET', '/drive/v1/files?parent_id=&order=NAME_ASC'));
    expect(root.files.map((item) => [item.name, item.kind])).toEqual([
      ['poster.txt', 'drive#file'],
      ['Saved from shares', 'drive#folder'],
    ]);
    expect(root.files[1]?.id).toBe(saved.file_id);
  });

  it('gives each ShareSummary the thumbnail of its shared picture, as listings do', async () => {
    const { user, headers } = await member();
    const picture = await storeFile(t, user.id, 'beach.png', await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer());
    const text = await storeFile(t, user.id, 'notes.txt', 'no picture here');
    const pictureShare = ok<{ share_id: string }>(await call(headers, 'POST', '/drive/v1/share', { file_ids: [picture.id] }));
    const textShare = ok<{ share_id: string }>(await call(headers, 'POST', '/drive/v1/share', { file_ids: [text.id] }));
    const summaries = ok<{ data: { share_id: string; thumbnail_link: string }[] }>(await call(headers, 'GET', '/drive/v1/share/list')).data;
    const link = summaries.find((item) => item.share_id === pictureShare.share_id)?.thumbnail_link ?? '';
    expect(summaries.find((item) => item.share_id === textShare.share_id)?.thumbnail_link).toBe('');
    const listed = ok<{ files: { id: string; thumbnail_link: string }[] }>(await call(headers, 'GET', '/drive/v1/files?parent_id='));
    expect(link).not.toBe('');
    expect(link).toBe(listed.files.find((item) => item.id === picture.id)?.thumbnail_link);
    const thumbnail = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search, headers: { host: new URL(link).host } });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toMatch(/^image\//);
    const changed = ok<{ thumbnail_link: string; restore_limit: string }>(await call(headers, 'PATCH', `/drive/v1/share/${pictureShare.share_id}`, { restore_limit: 3 }));
    expect(changed).toMatchObject({ thumbnail_link: link, restore_limit: '3' });
    // A picture in the trash shows none.
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [picture.id] }));
    const after = ok<{ data: { share_id: string; thumbnail_link: string }[] }>(await call(headers, 'GET', '/drive/v1/share/list')).data;
    expect(after.find((item) => item.share_id === pictureShare.share_id)?.thumbnail_link).toBe('');
  });
});
