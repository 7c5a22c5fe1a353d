import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, ok, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import { expectError, type FileBody, type Headers } from './files-fixture';

interface FolderChainsBody {
  folders: { id: string; name: string; parent_id: string }[];
}

/*
 * The paths of search results (`POST /drive/v1/files:folderChains`): the folders that hold a page
 * of items and every folder above them, the member's own only, read in one query whatever the
 * number of items and levels.
 */
describe.each(dialects)('the folder chains of items on %s', (dialect) => {
  let t: TestApp;
  const queries: string[] = [];
  beforeEach(async () => {
    t = await buildTestApp(dialect, {}, { onQuery: (sql) => queries.push(sql) });
  });
  afterEach(async () => {
    await t.close();
  });

  const folder = async (headers: Headers, name: string, parentId = '') =>
    ok<{ file: FileBody }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files',
        headers,
        payload: { kind: 'drive#folder', name, parent_id: parentId },
      }),
    ).file;
  const chains = (headers: Headers, ids: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:folderChains',
      headers,
      payload: { ids },
    });

  it('answers each folder above the items, up to the root, in one query', async () => {
    const { user, headers } = await signedInMember(t);
    const photos = await folder(headers, 'Photos');
    const year = await folder(headers, '2024', photos.id);
    const summer = await folder(headers, 'Summer', year.id);
    const docs = await folder(headers, 'Docs');
    const beach = await storeFile(t, user.id, 'beach.jpg', 'sand', summer.id);
    const other = await signedInMember(t);
    const theirs = await folder(other.headers, 'Theirs');

    // A warm-up call, so that the session is read from its cache below.
    ok(await chains(headers, [docs.id]));
    queries.length = 0;
    const answer = ok<FolderChainsBody>(
      await chains(headers, [summer.id, beach.id, docs.id, docs.id, theirs.id, 'absent']),
    );
    const byName = [...answer.folders].sort((a, b) => a.name.localeCompare(b.name));
    expect(byName).toEqual([
      { id: year.id, name: '2024', parent_id: photos.id },
      { id: docs.id, name: 'Docs', parent_id: '' },
      { id: photos.id, name: 'Photos', parent_id: '' },
      { id: summer.id, name: 'Summer', parent_id: year.id },
    ]);
    expect(queries.filter((text) => /\bfiles\b/.test(text))).toHaveLength(1);

    // Another member sees none of these folders.
    expect(ok<FolderChainsBody>(await chains(other.headers, [summer.id])).folders).toEqual([]);
  });

  it('refuses an empty or oversized list', async () => {
    const { headers } = await signedInMember(t);
    expectError(await chains(headers, []), 400, 'invalid_argument');
    expectError(
      await chains(
        headers,
        Array.from({ length: 1001 }, (_, index) => `id${index}`),
      ),
      400,
      'invalid_argument',
    );
  });
});
