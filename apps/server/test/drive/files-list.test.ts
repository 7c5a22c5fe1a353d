import { describe, expect, it } from 'vitest';
import { dialects, ok } from '../helper';
import { expectError, useFilesApp, type FileBody } from './files-fixture';

describe.each(dialects)('the files API on %s', (dialect) => {
  const f = useFilesApp(dialect);
  const { member, call, folder, list, storedFile } = f;

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
          f.clock.advance(1000);
        }
        const label = String(index).padStart(3, '0');
        if (index % 5 === 0) {
          await f.t.container.files.createFolder(user.id, { name: `Dir${label}`, parentId: '' });
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
});

// Refused listings change nothing: one app answers them all, each caller a member of its own.
describe.each(dialects)('the files API on %s', (dialect) => {
  const { member, call } = useFilesApp(dialect, { shared: true });

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
    ['limit 1.5', { limit: '1.5' }],
    ['limit -1', { limit: '-1' }],
    ['unknown order', { order: 'sideways' }],
  ])('answers invalid_argument for a listing with %s', async (_what, query) => {
    const { headers } = await member();
    expectError(
      await call(headers, 'GET', `/drive/v1/files?${new URLSearchParams(query).toString()}`),
      400,
      'invalid_argument',
    );
  });
});
