import { describe, expect, it } from 'vitest';
import { dialects, errorOf, ok } from '../helper';
import { expectError, useFilesApp, type FileBody } from './files-fixture';

describe.each(dialects)('the files API on %s', (dialect) => {
  const f = useFilesApp(dialect);
  const { member, call, folder, get, list, storedFile, refCount } = f;

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
      await f.t.app.inject({ method: 'GET', url: `/drive/v1/files/${ownerFile.id}` }),
      401,
      'unauthenticated',
    );
  });
});
