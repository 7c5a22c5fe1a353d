import { describe, expect, it } from 'vitest';
import type { DriveFile, DriveFilePage } from './drive-api';
import type { Listing } from './listing-cache';
import {
  compareCodePoints,
  emptyListing,
  firstPageOnly,
  insertRows,
  insertRowsAtTop,
  itemOrderOf,
  mergeFirstPage,
  patchRows,
  putRowsBack,
  removeRows,
  scopeOfKey,
  unpatchRows,
} from './listing-cache';
import { listingQueryKey } from './query-keys';
import { testDriveFile } from './test-drive-file';

function file(name: string, fields: Partial<DriveFile> = {}): DriveFile {
  return testDriveFile({ id: `id-${name}`, parent_id: 'folder', name, ...fields });
}

function page(names: string[], next = 'more'): DriveFilePage {
  return { files: names.map((name) => file(name)), next_page_token: next };
}

function listing(...pages: DriveFilePage[]): Listing {
  return { pages, pageParams: pages.map((_, index) => (index === 0 ? undefined : `t${index}`)) };
}

const names = (data: Listing) => data.pages.map((each) => each.files.map((row) => row.name));
const byName = itemOrderOf('NAME_ASC', false);

describe('scopeOfKey', () => {
  it('tells folders, the trash, the starred items, the recent events and other listings apart', () => {
    expect(scopeOfKey(listingQueryKey('f1', 'NAME_ASC', true, ''))).toEqual({
      kind: 'folder',
      parentId: 'f1',
      order: 'NAME_ASC',
      foldersFirst: true,
    });
    expect(scopeOfKey(listingQueryKey('', 'SIZE_DESC', false, '')).kind).toBe('folder');
    expect(
      scopeOfKey(
        listingQueryKey('*', 'MODIFY_TIME_DESC', true, JSON.stringify({ trashed: { eq: true } })),
      ),
    ).toEqual({ kind: 'trash', order: 'MODIFY_TIME_DESC', foldersFirst: true });
    expect(scopeOfKey(listingQueryKey('events', 'MODIFY_TIME_DESC', false, '')).kind).toBe(
      'events',
    );
    expect(
      scopeOfKey(
        listingQueryKey('*', 'NAME_ASC', false, JSON.stringify({ starred: { eq: true } })),
      ),
    ).toEqual({ kind: 'starred', order: 'NAME_ASC', foldersFirst: false });
    expect(
      scopeOfKey(
        listingQueryKey('*', 'NAME_ASC', false, JSON.stringify({ name: { contains: 'a' } })),
      ).kind,
    ).toBe('other');
  });
});

describe('itemOrderOf', () => {
  it('sorts as the server: folded names, then ids, folders first when asked', () => {
    const rows = [
      file('b'),
      file('A', { id: 'id-a2' }),
      file('a', { id: 'id-a1' }),
      file('zeta', { kind: 'drive#folder' }),
    ];
    expect([...rows].sort(byName).map((row) => row.id)).toEqual([
      'id-a1',
      'id-a2',
      'id-b',
      'id-zeta',
    ]);
    expect([...rows].sort(itemOrderOf('NAME_ASC', true)).map((row) => row.id)).toEqual([
      'id-zeta',
      'id-a1',
      'id-a2',
      'id-b',
    ]);
    expect([...rows].sort(itemOrderOf('NAME_DESC', true)).map((row) => row.id)).toEqual([
      'id-zeta',
      'id-b',
      'id-a2',
      'id-a1',
    ]);
  });

  it('sorts sizes as numbers and times and extensions as text', () => {
    const small = file('small', { size: '9', modified_time: '2026-03-01T00:00:00.000Z' });
    const large = file('large', { size: '10', modified_time: '2026-02-01T00:00:00.000Z' });
    expect([large, small].sort(itemOrderOf('SIZE_ASC', false))[0]).toBe(small);
    expect([small, large].sort(itemOrderOf('SIZE_DESC', false))[0]).toBe(large);
    expect([large, small].sort(itemOrderOf('MODIFY_TIME_DESC', false))[0]).toBe(small);
    expect([small, large].sort(itemOrderOf('MODIFY_TIME_ASC', false))[0]).toBe(large);
    const zip = file('z', { file_extension: '.zip' });
    expect([small, zip].sort(itemOrderOf('TYPE_DESC', false))[0]).toBe(zip);
  });

  it('compares by code point, as the database compares UTF-8 bytes', () => {
    // U+1F600 (a surrogate pair in UTF-16) sorts after U+FF21 by code point.
    expect(compareCodePoints('\u{1F600}', '\uFF21')).toBeGreaterThan(0);
    expect('\u{1F600}' < '\uFF21').toBe(true);
    expect(compareCodePoints('ab', 'abc')).toBeLessThan(0);
    expect(compareCodePoints('abc', 'abc')).toBe(0);
  });
});

describe('removeRows and putRowsBack', () => {
  it('takes rows out of any page, leaves other pages untouched, and puts them back in place', () => {
    const data = listing(page(['a', 'b', 'c']), page(['d', 'e', 'f']), page(['g'], ''));
    const { data: next, removed } = removeRows(data, new Set(['id-b', 'id-f']));
    expect(names(next)).toEqual([['a', 'c'], ['d', 'e'], ['g']]);
    expect(next.pages[2]).toBe(data.pages[2]);
    expect(next.pageParams).toBe(data.pageParams);
    expect(removed.map((row) => [row.page, row.index, row.file.name])).toEqual([
      [0, 1, 'b'],
      [1, 2, 'f'],
    ]);
    expect(names(putRowsBack(next, removed))).toEqual(names(data));
  });

  it('gives the same listing when no row is listed', () => {
    const data = listing(page(['a']));
    expect(removeRows(data, new Set(['id-x'])).data).toBe(data);
  });

  it('does not put back a row that came back meanwhile', () => {
    const data = listing(page(['a', 'b']));
    const { data: next, removed } = removeRows(data, new Set(['id-b']));
    const again = insertRows(next, [file('b')], byName);
    expect(names(putRowsBack(again, removed))).toEqual([['a', 'b']]);
  });
});

describe('patchRows and unpatchRows', () => {
  it('changes the fields of the rows and changes them back', () => {
    const data = listing(page(['a', 'b']), page(['c'], ''));
    const { data: next, before } = patchRows(data, new Set(['id-a', 'id-c']), { starred: true });
    expect(next.pages.flatMap((each) => each.files.map((row) => row.starred))).toEqual([
      true,
      false,
      true,
    ]);
    expect(before.get('id-a')).toEqual({ starred: false });
    // A rename meanwhile stays: only the patched fields go back.
    const renamed = patchRows(next, new Set(['id-a']), { name: 'a2' }).data;
    const back = unpatchRows(renamed, before);
    expect(back.pages[0]?.files[0]).toMatchObject({ name: 'a2', starred: false });
    expect(back.pages[1]?.files[0]?.starred).toBe(false);
  });
});

describe('insertRows', () => {
  it('puts a row where the order puts it, in the page that holds that place', () => {
    const data = listing(page(['a', 'c']), page(['e', 'g']), page(['i']));
    expect(names(insertRows(data, [file('d')], byName))).toEqual([
      ['a', 'c'],
      ['d', 'e', 'g'],
      ['i'],
    ]);
    expect(names(insertRows(data, [file('0')], byName))[0]).toEqual(['0', 'a', 'c']);
    expect(names(insertRows(data, [file('f')], byName))[1]).toEqual(['e', 'f', 'g']);
  });

  it('leaves out a row that sorts past the loaded rows while pages are to come', () => {
    const data = listing(page(['a', 'c']));
    expect(insertRows(data, [file('z')], byName)).toEqual(data);
  });

  it('appends a row past the end of a listing loaded to its end', () => {
    const data = listing(page(['a', 'c']), page(['e'], ''));
    expect(names(insertRows(data, [file('z')], byName))).toEqual([
      ['a', 'c'],
      ['e', 'z'],
    ]);
    expect(names(insertRows(listing(page([], '')), [file('z')], byName))).toEqual([['z']]);
  });

  it('moves a listed row to its new place with its new fields (a rename)', () => {
    const data = listing(page(['a', 'b', 'c']), page(['d', 'e'], ''));
    const renamed = { ...file('b'), name: 'dd' };
    expect(names(insertRows(data, [renamed], byName))).toEqual([
      ['a', 'c'],
      ['d', 'dd', 'e'],
    ]);
  });

  it('puts folders first in a folders-first listing', () => {
    const order = itemOrderOf('NAME_ASC', true);
    const data = listing({
      files: [file('m', { kind: 'drive#folder' }), file('a'), file('b')],
      next_page_token: '',
    });
    expect(names(insertRows(data, [file('z', { kind: 'drive#folder' })], order))).toEqual([
      ['m', 'z', 'a', 'b'],
    ]);
  });

  it('puts rows at the top when asked', () => {
    const data = listing(page(['a', 'b']), page(['c'], ''));
    expect(names(insertRowsAtTop(data, [file('c'), file('n')]))).toEqual([
      ['c', 'n', 'a', 'b'],
      [],
    ]);
  });
});

describe('mergeFirstPage', () => {
  it('puts the fresh first page in place and keeps the pages after it', () => {
    const data = listing(page(['a', 'b', 'c'], 't1'), page(['d', 'e'], 't2'), page(['f'], ''));
    // Since then "0" was added and "b" deleted elsewhere; the page still holds three rows.
    const fresh = { files: [file('0'), file('a'), file('c')], next_page_token: 'new' };
    const merged = mergeFirstPage(data, fresh, byName);
    expect(names(merged)).toEqual([['0', 'a', 'c'], ['d', 'e'], ['f']]);
    // The next page still starts where the old first page ended.
    expect(merged.pages[0]?.next_page_token).toBe('t1');
    expect(merged.pages[1]).toBe(data.pages[1]);
    expect(merged.pageParams).toBe(data.pageParams);
  });

  it('keeps rows pushed out of the first page by new ones', () => {
    const data = listing(page(['b', 'c'], 't1'), page(['d'], ''));
    const fresh = { files: [file('a'), file('b')], next_page_token: 'new' };
    expect(names(mergeFirstPage(data, fresh, byName))).toEqual([['a', 'b', 'c'], ['d']]);
    // Without an order (the recent events) pushed-out rows are kept too.
    expect(names(mergeFirstPage(data, fresh))).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('drops rows of later pages that the fresh first page holds now, and rows gone from its range', () => {
    const data = listing(page(['a', 'b'], 't1'), page(['c', 'd'], ''));
    // "b" was deleted elsewhere: it sorts inside the fresh page's range, which no longer holds it.
    const fresh = { files: [file('a'), file('c')], next_page_token: 'new' };
    expect(names(mergeFirstPage(data, fresh, byName))).toEqual([['a', 'c'], ['d']]);
  });

  it('takes a fresh page that ends the listing as the whole listing', () => {
    const data = listing(page(['a', 'b'], 't1'), page(['c'], ''));
    const fresh = { files: [file('a')], next_page_token: '' };
    const merged = mergeFirstPage(data, fresh, byName);
    expect(names(merged)).toEqual([['a']]);
    expect(merged.pageParams).toEqual([undefined]);
  });
});

describe('firstPageOnly and emptyListing', () => {
  it('cuts a listing to its first page, or to nothing', () => {
    const data = listing(page(['a']), page(['b'], ''));
    expect(names(firstPageOnly(data))).toEqual([['a']]);
    expect(firstPageOnly(data).pageParams).toEqual([undefined]);
    const one = listing(page(['a'], ''));
    expect(firstPageOnly(one)).toBe(one);
    expect(emptyListing(data)).toEqual({
      pages: [{ files: [], next_page_token: '' }],
      pageParams: [undefined],
    });
  });
});
