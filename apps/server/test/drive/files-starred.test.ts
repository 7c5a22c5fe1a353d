import { describe, expect, it } from 'vitest';
import { dialects, ok } from '../helper';
import { expectError, useFilesApp, type Headers } from './files-fixture';

/*
 * The Starred view's listing: `parent_id=*` with the `starred` filter lists the member's own
 * starred items of every folder, page by page, never the trash's and never another member's.
 */
describe.each(dialects)('the starred listing on %s', (dialect) => {
  const f = useFilesApp(dialect);
  const { member, call, folder, list, storedFile } = f;

  const star = async (headers: Headers, ids: string[], starred = true) =>
    call(headers, 'POST', `/drive/v1/files:${starred ? 'star' : 'unstar'}`, { ids });

  /** Every page of the member's starred items, `limit` at a time. */
  const starredNames = async (headers: Headers, limit: number) => {
    const names: string[] = [];
    let pageToken = '';
    let pages = 0;
    do {
      const page = await list(headers, {
        parent_id: '*',
        order: 'NAME_ASC',
        filters: JSON.stringify({ starred: { eq: true } }),
        limit: String(limit),
        ...(pageToken ? { page_token: pageToken } : {}),
      });
      expect(page.files.length).toBeLessThanOrEqual(limit);
      expect(page.files.every((file) => file.starred)).toBe(true);
      names.push(...page.files.map((file) => file.name));
      pageToken = page.next_page_token;
      pages += 1;
    } while (pageToken !== '');
    return { names, pages };
  };

  it("lists the member's starred items of every folder in pages, without the trash's or another member's", async () => {
    const owner = await member();
    const other = await member();
    const photos = await folder(owner.headers, 'Photos');
    const year = await folder(owner.headers, '2024', photos.id);
    const beach = await storedFile(owner.user.id, 'beach.jpg', 'sand', year.id);
    const notes = await storedFile(owner.user.id, 'notes.txt', 'text');
    const plain = await storedFile(owner.user.id, 'plain.txt', 'plain');
    const gone = await storedFile(owner.user.id, 'gone.txt', 'gone');
    ok(await star(owner.headers, [photos.id, beach.id, notes.id, gone.id]));
    ok(await call(owner.headers, 'POST', '/drive/v1/files:batchTrash', { ids: [gone.id] }));

    const theirs = await storedFile(other.user.id, 'their-notes.txt', 'theirs');
    ok(await star(other.headers, [theirs.id]));
    // Another member's ids cannot be starred, and starring them leaves the owner's stars alone.
    expectError(await star(other.headers, [plain.id]), 404, 'file_not_found');

    expect(await starredNames(owner.headers, 2)).toEqual({
      names: ['beach.jpg', 'notes.txt', 'Photos'],
      pages: 2,
    });
    expect((await starredNames(other.headers, 100)).names).toEqual(['their-notes.txt']);

    // Unstarred, an item leaves the listing; starred again, it comes back.
    ok(await star(owner.headers, [notes.id], false));
    expect((await starredNames(owner.headers, 100)).names).toEqual(['beach.jpg', 'Photos']);
    ok(await star(owner.headers, [plain.id]));
    expect((await starredNames(owner.headers, 1)).names).toEqual([
      'beach.jpg',
      'Photos',
      'plain.txt',
    ]);
  });

  it('answers an empty page when nothing is starred', async () => {
    const { user, headers } = await member();
    await storedFile(user.id, 'a.txt', 'a');
    expect(await starredNames(headers, 10)).toEqual({ names: [], pages: 1 });
  });
});
