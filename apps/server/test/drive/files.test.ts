import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/modules/drive/file.repository';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';

/** The File of docs/api.md#files as the tests read it. */
interface FileBody {
  kind: 'drive#file' | 'drive#folder';
  id: string;
  parent_id: string;
  name: string;
  size: string;
  hash: string;
  file_extension: string;
  file_category: string;
  phase: string;
  starred: boolean;
  tags: { name: string }[];
  trashed: boolean;
  delete_time: string;
  modified_time: string;
}

interface FileListBody {
  kind: 'drive#fileList';
  files: FileBody[];
  next_page_token: string;
}

describe.each(dialects)('the files API on %s', (dialect) => {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(dialect, { PLAN_FREE_STORAGE_BYTES: '100000' }, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  const member = () => signedInMember(t);

  type Headers = Record<string, string>;

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  async function folder(headers: Headers, name: string, parentId = ''): Promise<FileBody> {
    return ok<{ file: FileBody }>(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name,
        parent_id: parentId,
      }),
    ).file;
  }

  async function get(headers: Headers, id: string): Promise<FileBody> {
    return ok<FileBody>(await call(headers, 'GET', `/drive/v1/files/${id}`));
  }

  async function list(headers: Headers, query: Record<string, string>): Promise<FileListBody> {
    return ok<FileListBody>(
      await call(headers, 'GET', `/drive/v1/files?${new URLSearchParams(query).toString()}`),
    );
  }

  /** A stored blob, and a file row pointing at it (the caller's reference taken for the row). */
  async function storedFile(
    userId: string,
    name: string,
    content: string,
    parentId = '',
  ): Promise<FileRecord> {
    const digest = await t.container.blobs.ingest(Readable.from([Buffer.from(content)]));
    return t.container.files.createFile(userId, { name, parentId, blob: digest });
  }

  async function refCount(sha256: string | null): Promise<number | undefined> {
    return (await t.container.blobRecords.find(sha256 ?? ''))?.refCount;
  }

  function expectError(response: LightMyRequestResponse, status: number, reason: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(errorOf(response).error).toBe(reason);
  }

  it('creates folders, renaming taken names to name(1), name(2) in any letter case', async () => {
    const { headers } = await member();
    const created = await call(headers, 'POST', '/drive/v1/files', {
      kind: 'drive#folder',
      name: 'Photos',
      parent_id: '',
    });
    const body = ok<{ upload_type: string; file: FileBody; task: null }>(created);
    expect(body.upload_type).toBe('UPLOAD_TYPE_UNKNOWN');
    expect(body.task).toBeNull();
    expect(body.file).toMatchObject({
      kind: 'drive#folder',
      name: 'Photos',
      parent_id: '',
      size: '0',
      phase: 'PHASE_TYPE_COMPLETE',
      starred: false,
      tags: [],
      trashed: false,
      delete_time: '',
      created_time: '2030-01-01T00:00:00.000Z',
    });
    expect(body.file.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect((await folder(headers, 'photos')).name).toBe('photos(1)');
    expect((await folder(headers, 'PHOTOS')).name).toBe('PHOTOS(2)');
    const inside = await folder(headers, 'Photos', body.file.id);
    expect(inside).toMatchObject({ name: 'Photos', parent_id: body.file.id });
    expect(await get(headers, body.file.id)).toEqual(body.file);
  });

  it('gives parallel creations of one name distinct names', async () => {
    const { headers } = await member();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(headers, 'POST', '/drive/v1/files', {
          kind: 'drive#folder',
          name: 'Same',
          parent_id: '',
        }),
      ),
    );
    const names = answers.map((answer) => ok<{ file: FileBody }>(answer).file.name);
    expect(new Set(names).size).toBe(8);
    expect(names).toContain('Same');
  });

  it.each([
    ['empty', '', 'file_name_invalid'],
    ['dot dot', '..', 'file_name_invalid'],
    ['dot', '.', 'file_name_invalid'],
    ['a slash', 'a/b', 'file_name_invalid'],
    ['a backslash', 'a\\b', 'file_name_invalid'],
    ['blanks around', ' name ', 'file_name_invalid'],
    ['a control character', 'a\u0001b', 'file_name_invalid'],
    ['a NUL, which no call of the drive takes', 'a\u0000b', 'invalid_argument'],
    ['a right-to-left override', 'photo\u202Egpj.exe', 'file_name_direction_control'],
    ['a right-to-left isolate', '\u2067report\u2069.pdf', 'file_name_direction_control'],
    ['a left-to-right mark', 'a\u200Eb', 'file_name_direction_control'],
    ['too long', 'x'.repeat(256), 'file_name_too_long'],
    ['too long in bytes, not characters', '写'.repeat(86), 'file_name_too_long'],
    ['far too long', 'y'.repeat(4000), 'file_name_too_long'],
    ['longer than any call takes', 'y'.repeat(5000), 'invalid_argument'],
  ])('refuses a name that is %s with its reason', async (_what, name, reason) => {
    const { headers } = await member();
    expectError(
      await call(headers, 'POST', '/drive/v1/files', { kind: 'drive#folder', name, parent_id: '' }),
      400,
      reason,
    );
    const target = await folder(headers, 'target');
    expectError(
      await call(headers, 'PATCH', `/drive/v1/files/${target.id}`, { name }),
      400,
      reason,
    );
  });

  it('keeps names of 255 bytes in any script, and names only Windows refuses', async () => {
    const { headers } = await member();
    for (const name of [
      'x'.repeat(255),
      'ж'.repeat(127),
      '写'.repeat(85),
      'תמונות מהטיול',
      'CON',
      'aux.c',
      'C:',
      'what?.txt',
      'name.',
    ]) {
      expect((await folder(headers, name)).name).toBe(name);
    }
    expect((await folder(headers, '写真 📷')).name).toBe('写真 📷');
  });

  it('answers file_not_found for an unknown parent and invalid_argument for a file as parent', async () => {
    const { user, headers } = await member();
    expectError(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'x',
        parent_id: 'nope',
      }),
      404,
      'file_not_found',
    );
    const file = await storedFile(user.id, 'a.txt', 'hello');
    expectError(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'x',
        parent_id: file.id,
      }),
      400,
      'invalid_argument',
    );
    expectError(await call(headers, 'GET', '/drive/v1/files/nope'), 404, 'file_not_found');
    expectError(
      await call(headers, 'POST', '/drive/v1/files', { kind: 'drive#file', name: 'x' }),
      400,
      'invalid_argument',
    );
  });

  it('maps a stored file to the File of docs/api.md#files', async () => {
    const { user, headers } = await member();
    const record = await storedFile(user.id, 'Holiday.JPG', 'not really a jpeg');
    const file = await get(headers, record.id);
    expect(file).toMatchObject({
      kind: 'drive#file',
      name: 'Holiday.JPG',
      size: String('not really a jpeg'.length),
      file_extension: 'jpg',
      file_category: 'IMAGE',
      phase: 'PHASE_TYPE_COMPLETE',
      web_content_link: expect.stringContaining('/content/v1/') as unknown,
      // The bytes are no JPEG, so no thumbnail is offered.
      thumbnail_link: '',
      links: {
        'application/octet-stream': expect.objectContaining({
          type: 'application/octet-stream',
        }) as unknown,
      },
      folder_type: '',
    });
    expect(file.hash).toMatch(/^[0-9A-F]{40}$/);
  });

  it('renames, refuses a name taken in the folder, and allows a change of letter case', async () => {
    const { user, headers } = await member();
    const a = await folder(headers, 'a');
    await folder(headers, 'b');
    clock.advance(1000);
    const renamed = ok<FileBody>(
      await call(headers, 'PATCH', `/drive/v1/files/${a.id}`, { name: 'c' }),
    );
    expect(renamed).toMatchObject({
      id: a.id,
      name: 'c',
      modified_time: new Date(clock.now()).toISOString(),
    });
    expectError(
      await call(headers, 'PATCH', `/drive/v1/files/${a.id}`, { name: 'B' }),
      400,
      'file_duplicated_name',
    );
    expect(
      ok<FileBody>(await call(headers, 'PATCH', `/drive/v1/files/${a.id}`, { name: 'C' })).name,
    ).toBe('C');
    const file = await storedFile(user.id, 'notes.txt', 'n');
    expect(
      ok<FileBody>(
        await call(headers, 'PATCH', `/drive/v1/files/${file.id}`, { name: 'song.mp3' }),
      ),
    ).toMatchObject({
      file_extension: 'mp3',
      file_category: 'AUDIO',
    });
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [a.id] }));
    expectError(
      await call(headers, 'PATCH', `/drive/v1/files/${a.id}`, { name: 'd' }),
      400,
      'file_in_recycle_bin',
    );
    expectError(
      await call(headers, 'PATCH', '/drive/v1/files/unknown', { name: 'd' }),
      404,
      'file_not_found',
    );
  });

  it('stars and unstars, keeping starred and the STAR tag together', async () => {
    const { headers } = await member();
    const a = await folder(headers, 'a');
    const b = await folder(headers, 'b');
    expect(
      ok<{ ids: string[] }>(
        await call(headers, 'POST', '/drive/v1/files:star', { ids: [a.id, b.id] }),
      ).ids,
    ).toEqual([a.id, b.id]);
    expect(await get(headers, a.id)).toMatchObject({ starred: true, tags: [{ name: 'STAR' }] });
    const starred = await list(headers, {
      parent_id: '*',
      filters: JSON.stringify({ starred: { eq: true } }),
    });
    expect(starred.files.map((file) => file.id).sort()).toEqual([a.id, b.id].sort());
    ok(await call(headers, 'POST', '/drive/v1/files:unstar', { ids: [a.id] }));
    expect(await get(headers, a.id)).toMatchObject({ starred: false, tags: [] });
    expectError(
      await call(headers, 'POST', '/drive/v1/files:star', { ids: [] }),
      400,
      'invalid_argument',
    );
  });

  it('trashes and untrashes, hiding what a trashed folder holds', async () => {
    const { user, headers } = await member();
    const a = await folder(headers, 'a');
    const b = await folder(headers, 'b', a.id);
    const inner = await storedFile(user.id, 'inner.txt', 'inner', b.id);
    const trashed = ok<{ task_id: string }>(
      await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [a.id] }),
    );
    expect(trashed.task_id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await get(headers, a.id)).toMatchObject({
      trashed: true,
      delete_time: '2030-01-01T00:00:00.000Z',
    });
    expect((await get(headers, inner.id)).trashed).toBe(true);
    expect((await list(headers, {})).files).toEqual([]);
    expect((await list(headers, { parent_id: '*' })).files).toEqual([]);
    const trash = await list(headers, {
      parent_id: '*',
      filters: JSON.stringify({ trashed: { eq: true } }),
    });
    expect(trash.files.map((file) => file.id)).toEqual([a.id]);
    expect((await list(headers, { parent_id: a.id })).files.map((file) => file.id)).toEqual([b.id]);
    expectError(
      await call(headers, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'x',
        parent_id: a.id,
      }),
      400,
      'file_in_recycle_bin',
    );
    expectError(
      await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [b.id] }),
      400,
      'file_in_recycle_bin',
    );
    ok(await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [a.id] }));
    expect(await get(headers, a.id)).toMatchObject({
      trashed: false,
      parent_id: '',
      delete_time: '',
    });
    expect((await get(headers, inner.id)).trashed).toBe(false);
    expect((await list(headers, { parent_id: b.id })).files.map((file) => file.id)).toEqual([
      inner.id,
    ]);

    // A name taken meanwhile in the original folder is renamed on the way back.
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [inner.id] }));
    await storedFile(user.id, 'inner.txt', 'newer', b.id);
    ok(await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [inner.id] }));
    expect(await get(headers, inner.id)).toMatchObject({
      parent_id: b.id,
      name: 'inner(1).txt',
      trashed: false,
    });
  });

  it('untrashes into the original folder made again when it was deleted, and renames on a collision', async () => {
    const { user, headers } = await member();
    const docs = await folder(headers, 'Docs');
    const year = await folder(headers, '2030', docs.id);
    const report = await storedFile(user.id, 'report.pdf', 'report', year.id);
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [report.id] }));
    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [docs.id] }));
    expectError(await call(headers, 'GET', `/drive/v1/files/${year.id}`), 404, 'file_not_found');
    ok(await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [report.id] }));
    const restored = await get(headers, report.id);
    expect(restored.trashed).toBe(false);
    const remadeYear = await get(headers, restored.parent_id);
    expect(remadeYear).toMatchObject({ kind: 'drive#folder', name: '2030' });
    expect(await get(headers, remadeYear.parent_id)).toMatchObject({ name: 'Docs', parent_id: '' });

    const again = await storedFile(user.id, 'report.pdf', 'second', remadeYear.id);
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [again.id] }));
    await storedFile(user.id, 'report.pdf', 'third', remadeYear.id);
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [remadeYear.parent_id] }));
    // The original folder is in the trash itself: the path is made again by name.
    ok(await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [again.id] }));
    const back = await get(headers, again.id);
    expect(back.parent_id).not.toBe(remadeYear.id);
    expect(again.name).toBe('report(1).pdf');
    expect(back.name).toBe('report(1).pdf');
    const newYear = await get(headers, back.parent_id);
    expect(newYear.name).toBe('2030');
    expect((await get(headers, newYear.parent_id)).name).toBe('Docs');
  });

  it('deletes for good, releasing blob references, and empties the trash', async () => {
    const { user, headers } = await member();
    const a = await folder(headers, 'a');
    const one = await storedFile(user.id, 'one.txt', 'shared content', a.id);
    const two = await storedFile(user.id, 'two.txt', 'shared content');
    const three = await storedFile(user.id, 'three.txt', 'other content');
    expect(await refCount(one.sha256)).toBe(2);
    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [a.id] }));
    expect(await refCount(one.sha256)).toBe(1);
    expectError(await call(headers, 'GET', `/drive/v1/files/${one.id}`), 404, 'file_not_found');
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [two.id, three.id] }));
    expect(await refCount(two.sha256)).toBe(1);
    ok(await call(headers, 'PATCH', '/drive/v1/files/trash:empty'));
    expect(await refCount(two.sha256)).toBe(0);
    expect(await refCount(three.sha256)).toBe(0);
    expect(
      (await list(headers, { parent_id: '*', filters: '{"trashed":{"eq":true}}' })).files,
    ).toEqual([]);
    expect(await t.container.blobs.collectGarbage()).toEqual({ deleted: 2 });
  });

  it('purges what has been in the trash longer than the retention, releasing its blobs', async () => {
    const { user, headers } = await member();
    const old = await folder(headers, 'old');
    const oldFile = await storedFile(user.id, 'old.txt', 'old bytes', old.id);
    const recent = await storedFile(user.id, 'recent.txt', 'recent bytes');
    const live = await storedFile(user.id, 'live.txt', 'live bytes');
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [old.id] }));
    clock.advance(29 * 86_400_000);
    // Access tokens expire with the clock: the rest goes through the service.
    const files = t.container.files;
    await files.trash(user.id, [recent.id]);
    expect(await files.purgeExpiredTrash()).toBe(0);
    clock.advance(2 * 86_400_000);
    expect(await files.purgeExpiredTrash()).toBe(1);
    expect(await files.purgeExpiredTrash()).toBe(0);
    await expect(files.get(user.id, old.id)).rejects.toMatchObject({ reason: 'file_not_found' });
    await expect(files.get(user.id, oldFile.id)).rejects.toMatchObject({
      reason: 'file_not_found',
    });
    expect(await refCount(oldFile.sha256)).toBe(0);
    expect((await files.get(user.id, recent.id)).trashed).toBe(1);
    expect((await files.get(user.id, live.id)).trashed).toBe(0);
    expect(await refCount(recent.sha256)).toBe(1);
  });

  it('moves into a folder, renaming collisions, and never into itself', async () => {
    const { headers } = await member();
    const target = await folder(headers, 'target');
    await folder(headers, 'x', target.id);
    const x = await folder(headers, 'x');
    const child = await folder(headers, 'child', x.id);
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [x.id],
        to: { parent_id: target.id },
      }),
    );
    expect(await get(headers, x.id)).toMatchObject({ parent_id: target.id, name: 'x(1)' });
    expectError(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [x.id],
        to: { parent_id: child.id },
      }),
      400,
      'invalid_argument',
    );
    expectError(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [x.id],
        to: { parent_id: x.id },
      }),
      400,
      'invalid_argument',
    );
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [x.id],
        to: { parent_id: '' },
      }),
    );
    expect(await get(headers, x.id)).toMatchObject({ parent_id: '', name: 'x(1)' });
    expectError(
      await call(headers, 'POST', '/drive/v1/files:batchMove', {
        ids: [x.id, 'missing'],
        to: { parent_id: target.id },
      }),
      404,
      'file_not_found',
    );
    expect((await get(headers, x.id)).parent_id).toBe('');
  });

  it('copies folders deeply, sharing blob references and never bytes', async () => {
    const { user, headers } = await member();
    const album = await folder(headers, 'album');
    const inner = await folder(headers, 'inner', album.id);
    const song = await storedFile(user.id, 'song.mp3', 'la la la', inner.id);
    const dest = await folder(headers, 'dest');
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [album.id],
        to: { parent_id: dest.id },
      }),
    );
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [album.id],
        to: { parent_id: dest.id },
      }),
    );
    expect(await refCount(song.sha256)).toBe(3);
    const copies = await list(headers, { parent_id: dest.id, order: 'NAME_ASC' });
    expect(copies.files.map((file) => file.name)).toEqual(['album', 'album(1)']);
    const copiedInner = (await list(headers, { parent_id: copies.files[0]?.id ?? '' })).files;
    expect(copiedInner.map((file) => file.name)).toEqual(['inner']);
    const copiedSong = (await list(headers, { parent_id: copiedInner[0]?.id ?? '' })).files;
    expect(copiedSong).toHaveLength(1);
    expect(copiedSong[0]).toMatchObject({
      name: 'song.mp3',
      size: String('la la la'.length),
      hash: (await get(headers, song.id)).hash,
    });
    expect(copiedSong[0]?.id).not.toBe(song.id);
    expectError(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [album.id],
        to: { parent_id: inner.id },
      }),
      400,
      'invalid_argument',
    );
    // Deleting the original leaves the copies' references.
    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [album.id] }));
    expect(await refCount(song.sha256)).toBe(2);
  });

  it('reports quota and usage, and refuses a copy beyond the quota', async () => {
    const { user, headers } = await member();
    const big = await storedFile(user.id, 'big.bin', 'b'.repeat(40_000));
    const small = await storedFile(user.id, 'small.bin', 's'.repeat(1_000));
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [small.id] }));
    const about = ok<Record<string, unknown>>(await call(headers, 'GET', '/drive/v1/about'));
    expect(about).toEqual({
      kind: 'drive#about',
      quota: {
        kind: 'drive#quota',
        limit: '100000',
        usage: '40000',
        usage_in_trash: '1000',
        is_unlimited: false,
      },
      quotas: {
        cloud_download: { limit: '5', usage: '0' },
        download_traffic: { limit: String(100 * 1024 ** 3), usage: '0' },
      },
      over_storage_limit: false,
      over_free_task_limit: false,
      expires_at: '',
    });
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [big.id],
        to: { parent_id: '' },
      }),
    );
    expectError(
      await call(headers, 'POST', '/drive/v1/files:batchCopy', {
        ids: [big.id],
        to: { parent_id: '' },
      }),
      403,
      'file_space_not_enough',
    );
    expect(await refCount(big.sha256)).toBe(2);
    expectError(
      await t.app.inject({ method: 'GET', url: '/drive/v1/about' }),
      401,
      'unauthenticated',
    );
  });

  it('filters by name prefix, kind, category and phase, case-insensitively in any script', async () => {
    const { user, headers } = await member();
    await folder(headers, 'Урок 1');
    await folder(headers, 'урок 2');
    await storedFile(user.id, 'УРОК 3.mp4', 'video');
    await storedFile(user.id, 'plan_100%.txt', 'text');
    await storedFile(user.id, 'planX100.txt', 'text2');
    const names = async (filters: unknown) =>
      (
        await list(headers, { parent_id: '*', order: 'NAME_ASC', filters: JSON.stringify(filters) })
      ).files.map((file) => file.name);
    expect(await names({ name: { prefix: 'урок' } })).toEqual(['Урок 1', 'урок 2', 'УРОК 3.mp4']);
    expect(await names({ name: { prefix: 'plan_100%' } })).toEqual(['plan_100%.txt']);
    expect(await names({ name: { contains: 'ОК 3' } })).toEqual(['УРОК 3.mp4']);
    expect(await names({ name: { contains: '_100%' } })).toEqual(['plan_100%.txt']);
    expect(await names({ name: { prefix: 'урок' }, kind: { eq: 'drive#folder' } })).toEqual([
      'Урок 1',
      'урок 2',
    ]);
    expect(await names({ file_category: { in: 'VIDEO,TEXT' } })).toHaveLength(3);
    expect(await names({ name: { eq: 'PLANX100.TXT' } })).toEqual(['planX100.txt']);
    expect(
      await names({ phase: { eq: 'PHASE_TYPE_COMPLETE' }, kind: { in: 'drive#file' } }),
    ).toHaveLength(3);
  });

  it.each([
    ['unknown field', { filters: '{"owner":{"eq":"x"}}' }],
    ['unknown operator', { filters: '{"name":{"like":"x"}}' }],
    ['operator a field does not take', { filters: '{"starred":{"prefix":"t"}}' }],
    ['value of the wrong kind', { filters: '{"starred":{"eq":"maybe"}}' }],
    ['object value', { filters: '{"name":{"eq":{"a":1}}}' }],
    ['filters not JSON', { filters: '{name' }],
    ['filters an array', { filters: '[]' }],
    ['prototype field', { filters: '{"__proto__":{"eq":"x"}}' }],
    ['page token of garbage', { page_token: '!!!' }],
    ['page token not JSON', { page_token: Buffer.from('hello').toString('base64url') }],
    [
      'page token of another shape',
      { page_token: Buffer.from('{"o":"NAME_ASC:0","v":[1]}').toString('base64url') },
    ],
    ['limit 0', { limit: '0' }],
    ['limit 1001', { limit: '1001' }],
    ['unknown order', { order: 'sideways' }],
  ])('answers invalid_argument for a listing with %s', async (_what, query) => {
    const { headers } = await member();
    expectError(
      await call(headers, 'GET', `/drive/v1/files?${new URLSearchParams(query).toString()}`),
      400,
      'invalid_argument',
    );
  });

  it('keeps a page token valid as items come and go (a position, not an offset)', async () => {
    const { headers } = await member();
    const made: FileBody[] = [];
    for (const name of ['b', 'd', 'f', 'h']) {
      made.push(await folder(headers, name));
    }
    const first = await list(headers, { order: 'NAME_ASC', limit: '2' });
    expect(first.files.map((file) => file.name)).toEqual(['b', 'd']);
    ok(await call(headers, 'POST', '/drive/v1/files:batchDelete', { ids: [made[0]?.id ?? ''] }));
    await folder(headers, 'a');
    await folder(headers, 'e');
    const second = await list(headers, {
      order: 'NAME_ASC',
      limit: '2',
      page_token: first.next_page_token,
    });
    expect(second.files.map((file) => file.name)).toEqual(['e', 'f']);
    const third = await list(headers, {
      order: 'NAME_ASC',
      limit: '2',
      page_token: second.next_page_token,
    });
    expect(third.files.map((file) => file.name)).toEqual(['h']);
    expect(third.next_page_token).toBe('');
  });

  it('refuses a page token given by another order', async () => {
    const { headers } = await member();
    for (let index = 0; index < 3; index += 1) {
      await folder(headers, `f${index}`);
    }
    const first = await list(headers, { order: 'NAME_ASC', limit: '1' });
    expect(first.next_page_token).not.toBe('');
    expectError(
      await call(
        headers,
        'GET',
        `/drive/v1/files?order=SIZE_ASC&limit=1&page_token=${first.next_page_token}`,
      ),
      400,
      'invalid_argument',
    );
  });

  describe('keyset pagination over 250 items', () => {
    const orders = [
      ['NAME_ASC', '1', 'name_asc'],
      ['NAME_DESC', '2', 'name_desc'],
      ['TYPE_DESC', '3', 'TYPE_DESC'],
      ['MODIFY_TIME_ASC', '5', 'mod_asc'],
      ['MODIFY_TIME_DESC', '6', 'mod_desc'],
      ['SIZE_ASC', '7', 'size_asc'],
      ['SIZE_DESC', '8', 'size_desc'],
    ] as const;

    function primaryKey(file: FileBody, order: string): string | number {
      if (order.startsWith('NAME')) {
        return file.name.toLowerCase();
      }
      if (order.startsWith('MODIFY')) {
        return file.modified_time;
      }
      if (order.startsWith('SIZE')) {
        return Number(file.size);
      }
      return file.file_extension;
    }

    it('pages every order in both notations, with ties, folders first or not, and no item twice', async () => {
      const { user, headers } = await member();
      const contents = ['a', 'bb', 'ccc'];
      const extensions = ['txt', 'jpg', 'mp4', 'pdf'];
      for (let index = 0; index < 250; index += 1) {
        if (index % 10 === 0) {
          clock.advance(1000);
        }
        const label = String(index).padStart(3, '0');
        if (index % 5 === 0) {
          await t.container.files.createFolder(user.id, { name: `Dir${label}`, parentId: '' });
        } else {
          await storedFile(
            user.id,
            `doc${label}.${extensions[index % 4] ?? 'txt'}`,
            contents[index % 3] ?? 'a',
          );
        }
      }
      for (const [key, code, text] of orders) {
        const descending = key.endsWith('DESC');
        for (const foldersFirst of ['true', 'false']) {
          const whole = await list(headers, {
            order: key,
            limit: '1000',
            folders_first: foldersFirst,
          });
          expect(whole.files).toHaveLength(250);
          expect(whole.next_page_token).toBe('');
          for (const notation of [key, code, text]) {
            const seen: FileBody[] = [];
            let token = '';
            let pages = 0;
            do {
              const page = await list(headers, {
                order: notation,
                limit: '17',
                folders_first: foldersFirst,
                ...(token === '' ? {} : { page_token: token }),
              });
              seen.push(...page.files);
              token = page.next_page_token;
              pages += 1;
            } while (token !== '' && pages < 40);
            expect(pages).toBe(15);
            expect(new Set(seen.map((file) => file.id)).size).toBe(250);
            expect(seen.map((file) => file.id)).toEqual(whole.files.map((file) => file.id));
          }
          // The database's order agrees with the sort key (ties broken by id, checked above).
          const ranks = whole.files.map(
            (file) =>
              [
                file.kind === 'drive#folder' && foldersFirst === 'true' ? 0 : 1,
                primaryKey(file, key),
              ] as const,
          );
          for (let index = 1; index < ranks.length; index += 1) {
            const [previousGroup, previous] = ranks[index - 1] ?? [0, 0];
            const [group, current] = ranks[index] ?? [0, 0];
            expect(previousGroup <= group).toBe(true);
            if (previousGroup === group) {
              if (typeof previous === 'number' || !key.startsWith('NAME')) {
                expect(
                  descending ? previous >= current : previous <= current,
                  `${key} at ${index}`,
                ).toBe(true);
              }
            }
          }
        }
      }
      const byName = (await list(headers, { order: 'name_asc', limit: '3' })).files.map(
        (file) => file.name,
      );
      expect(byName).toEqual(['Dir000', 'Dir005', 'Dir010']);
    }, 120_000);
  });

  it("answers file_not_found for another member's ids on every endpoint (IDOR walk)", async () => {
    const owner = await member();
    const other = await member();
    const ownerFolder = await folder(owner.headers, 'private');
    const ownerFile = await storedFile(owner.user.id, 'secret.txt', 'secret', ownerFolder.id);
    const otherFolder = await folder(other.headers, 'mine');
    const ids = [ownerFolder.id, ownerFile.id];
    const attempts: [
      string,
      'GET' | 'POST' | 'PATCH',
      string,
      Record<string, unknown> | undefined,
    ][] = [
      ['get', 'GET', `/drive/v1/files/${ownerFile.id}`, undefined],
      ['list', 'GET', `/drive/v1/files?parent_id=${ownerFolder.id}`, undefined],
      [
        'create in',
        'POST',
        '/drive/v1/files',
        { kind: 'drive#folder', name: 'x', parent_id: ownerFolder.id },
      ],
      ['rename', 'PATCH', `/drive/v1/files/${ownerFile.id}`, { name: 'mine.txt' }],
      ['star', 'POST', '/drive/v1/files:star', { ids }],
      ['unstar', 'POST', '/drive/v1/files:unstar', { ids }],
      ['trash', 'POST', '/drive/v1/files:batchTrash', { ids }],
      ['untrash', 'POST', '/drive/v1/files:batchUntrash', { ids }],
      ['delete', 'POST', '/drive/v1/files:batchDelete', { ids }],
      [
        'move theirs',
        'POST',
        '/drive/v1/files:batchMove',
        { ids, to: { parent_id: otherFolder.id } },
      ],
      [
        'move into theirs',
        'POST',
        '/drive/v1/files:batchMove',
        { ids: [otherFolder.id], to: { parent_id: ownerFolder.id } },
      ],
      ['copy theirs', 'POST', '/drive/v1/files:batchCopy', { ids, to: { parent_id: '' } }],
      [
        'copy into theirs',
        'POST',
        '/drive/v1/files:batchCopy',
        { ids: [otherFolder.id], to: { parent_id: ownerFolder.id } },
      ],
      [
        'mix of both',
        'POST',
        '/drive/v1/files:batchDelete',
        { ids: [otherFolder.id, ownerFile.id] },
      ],
    ];
    for (const [what, method, url, payload] of attempts) {
      const response = await call(other.headers, method, url, payload);
      expect(response.statusCode, `${what}: ${response.body}`).toBe(404);
      expect(errorOf(response).error, what).toBe('file_not_found');
    }
    // Their "not yours" looks exactly like "not there".
    const missing = await call(other.headers, 'GET', '/drive/v1/files/doesnotexist');
    const theirs = await call(other.headers, 'GET', `/drive/v1/files/${ownerFile.id}`);
    expect({ ...errorOf(theirs), details: [] }).toEqual({ ...errorOf(missing), details: [] });
    ok(await call(other.headers, 'PATCH', '/drive/v1/files/trash:empty'));
    expect(await get(owner.headers, ownerFile.id)).toMatchObject({
      name: 'secret.txt',
      trashed: false,
      starred: false,
    });
    expect(await get(owner.headers, ownerFolder.id)).toMatchObject({
      name: 'private',
      trashed: false,
    });
    expect(
      (await list(owner.headers, { parent_id: ownerFolder.id })).files.map((file) => file.id),
    ).toEqual([ownerFile.id]);
    expect(await get(other.headers, otherFolder.id)).toMatchObject({
      parent_id: '',
      trashed: false,
    });
    expect(await refCount(ownerFile.sha256)).toBe(1);
    expectError(
      await t.app.inject({ method: 'GET', url: `/drive/v1/files/${ownerFile.id}` }),
      401,
      'unauthenticated',
    );
  });
});
