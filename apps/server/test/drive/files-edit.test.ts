import { describe, expect, it } from 'vitest';
import { dialects, ok } from '../helper';
import { expectError, useFilesApp, type FileBody } from './files-fixture';

describe.each(dialects)('the files API on %s', (dialect) => {
  const f = useFilesApp(dialect);
  const { member, call, folder, get, list, storedFile, refCount } = f;

  it('renames, refuses a name taken in the folder, and allows a change of letter case', async () => {
    const { user, headers } = await member();
    const a = await folder(headers, 'a');
    await folder(headers, 'b');
    f.clock.advance(1000);
    const renamed = ok<FileBody>(
      await call(headers, 'PATCH', `/drive/v1/files/${a.id}`, { name: 'c' }),
    );
    expect(renamed).toMatchObject({
      id: a.id,
      name: 'c',
      modified_time: new Date(f.clock.now()).toISOString(),
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

  it('trashes a batch from several folders at once, a chosen item inside a chosen folder going with it', async () => {
    const { user, headers } = await member();
    const a = await folder(headers, 'a');
    const c = await folder(headers, 'c');
    const inner = await storedFile(user.id, 'inner.txt', 'i'.repeat(100), a.id);
    const other = await storedFile(user.id, 'other.txt', 'o'.repeat(20), c.id);
    const loose = await storedFile(user.id, 'loose.txt', 'l'.repeat(3));
    ok(
      await call(headers, 'POST', '/drive/v1/files:batchTrash', {
        ids: [inner.id, a.id, other.id, loose.id],
      }),
    );
    const trash = await list(headers, {
      parent_id: '*',
      filters: JSON.stringify({ trashed: { eq: true } }),
    });
    expect(trash.files.map((file) => file.id).sort()).toEqual([a.id, other.id, loose.id].sort());
    const about = ok<{ quota: { usage: string; usage_in_trash: string } }>(
      await call(headers, 'GET', '/drive/v1/about'),
    );
    expect(about.quota).toMatchObject({ usage: '0', usage_in_trash: '123' });
    // Each comes back to its own folder; the folder brings what it holds.
    ok(await call(headers, 'POST', '/drive/v1/files:batchUntrash', { ids: [other.id, a.id] }));
    expect(await get(headers, other.id)).toMatchObject({ parent_id: c.id, trashed: false });
    expect(await get(headers, inner.id)).toMatchObject({ parent_id: a.id, trashed: false });
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
    expect(await f.t.container.blobs.collectGarbage()).toEqual({ deleted: 2 });
  });

  it('purges what has been in the trash longer than the retention, releasing its blobs', async () => {
    const { user, headers } = await member();
    const old = await folder(headers, 'old');
    const oldFile = await storedFile(user.id, 'old.txt', 'old bytes', old.id);
    const recent = await storedFile(user.id, 'recent.txt', 'recent bytes');
    const live = await storedFile(user.id, 'live.txt', 'live bytes');
    ok(await call(headers, 'POST', '/drive/v1/files:batchTrash', { ids: [old.id] }));
    f.clock.advance(29 * 86_400_000);
    // Access tokens expire with the clock: the rest goes through the service.
    const files = f.t.container.files;
    await files.trash(user.id, [recent.id]);
    expect(await files.purgeExpiredTrash()).toBe(0);
    f.clock.advance(2 * 86_400_000);
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
      await f.t.app.inject({ method: 'GET', url: '/drive/v1/about' }),
      401,
      'unauthenticated',
    );
  });
});
