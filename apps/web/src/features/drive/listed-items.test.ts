import { describe, expect, it } from 'vitest';
import type { DriveFile, DriveFilePage } from './drive-api';
import { listedFile, listedIndex, listedItems, noListedItems } from './listed-items';

function file(id: string, name = id): DriveFile {
  return { id, name } as DriveFile;
}

function page(...ids: string[]): DriveFilePage {
  return { files: ids.map((id) => file(id)), next_page_token: 'next' };
}

const ids = (listed: { items: readonly DriveFile[] }) => listed.items.map((item) => item.id);

describe('listedItems', () => {
  it('reads the pages in order without duplicates', () => {
    const listed = listedItems(noListedItems, [page('a', 'b'), page('b', 'c'), page('a', 'd')]);
    expect(ids(listed)).toEqual(['a', 'b', 'c', 'd']);
    expect(listed.order).toEqual(['a', 'b', 'c', 'd']);
    expect(listedIndex(listed, 'c')).toBe(2);
    expect(listedIndex(listed, 'x')).toBe(-1);
    expect(listedFile(listed, 'd')?.id).toBe('d');
  });

  it('appends a fetched page to the snapshot before and leaves that snapshot as it was', () => {
    const first = page('a', 'b');
    const one = listedItems(noListedItems, [first]);
    const two = listedItems(one, [first, page('c', 'a', 'd')]);
    expect(ids(two)).toEqual(['a', 'b', 'c', 'd']);
    expect(two.items.slice(0, 2)).toEqual(one.items);
    expect(ids(one)).toEqual(['a', 'b']);
    expect(listedIndex(one, 'c')).toBe(-1);
    expect(listedFile(one, 'd')).toBeUndefined();
    expect(listedIndex(two, 'd')).toBe(3);
  });

  it('returns the same snapshot for the same pages', () => {
    const pages = [page('a'), page('b')];
    const listed = listedItems(noListedItems, pages);
    expect(listedItems(listed, [...pages])).toBe(listed);
  });

  it('keeps snapshots grown from the same one apart', () => {
    const first = page('a');
    const base = listedItems(noListedItems, [first]);
    const left = listedItems(base, [first, page('x', 'y')]);
    const right = listedItems(base, [first, page('y', 'z')]);
    expect(ids(left)).toEqual(['a', 'x', 'y']);
    expect(ids(right)).toEqual(['a', 'y', 'z']);
    expect(listedIndex(right, 'x')).toBe(-1);
    expect(listedIndex(right, 'y')).toBe(1);
    expect(listedIndex(right, 'z')).toBe(2);
    expect(listedIndex(base, 'y')).toBe(-1);
  });

  it('reads the pages anew when an earlier page changed', () => {
    const pages = [page('a', 'b'), page('c')];
    const listed = listedItems(noListedItems, pages);
    const renamed = { files: [file('a', 'renamed'), file('b')], next_page_token: 'next' };
    const after = listedItems(listed, [renamed, pages[1] as DriveFilePage]);
    expect(after.items[0]?.name).toBe('renamed');
    expect(ids(after)).toEqual(['a', 'b', 'c']);
    expect(listedFile(listed, 'a')?.name).toBe('a');
    const fewer = listedItems(after, [page('b')]);
    expect(ids(fewer)).toEqual(['b']);
    expect(listedIndex(fewer, 'c')).toBe(-1);
    expect(listedItems(fewer, []).items).toEqual([]);
  });
});
