import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { DriveFile, DriveFilePage } from './drive-api';
import type { Listing } from './listing-cache';
import { starredFilters, trashFilters } from './listing-cache';
import {
  copyInListings,
  createInListings,
  emptyTrashInListings,
  moveInListings,
  refreshFolderListings,
  renameInListings,
  restoreInListings,
  starInListings,
  trashInListings,
} from './listing-updates';
import { listingQueryKey } from './query-keys';
import { testDriveFile } from './test-drive-file';

function file(name: string, fields: Partial<DriveFile> = {}): DriveFile {
  return testDriveFile({ id: `id-${name}`, name, ...fields });
}

function listing(...pages: string[][]): Listing {
  return {
    pages: pages.map((names, index) => ({
      files: names.map((name) => file(name)),
      next_page_token: index < pages.length - 1 ? `t${index + 1}` : '',
    })),
    pageParams: pages.map((_, index) => (index === 0 ? undefined : `t${index}`)),
  };
}

const home = listingQueryKey('home', 'NAME_ASC', false, '');
const homeByTime = listingQueryKey('home', 'MODIFY_TIME_DESC', false, '');
const other = listingQueryKey('other', 'NAME_ASC', false, '');
const trash = listingQueryKey('*', 'NAME_ASC', false, trashFilters);
const events = listingQueryKey('events', 'MODIFY_TIME_DESC', false, '');
const starred = listingQueryKey('*', 'NAME_ASC', false, starredFilters);

function names(client: QueryClient, key: readonly unknown[]): string[][] | undefined {
  return client.getQueryData<Listing>(key)?.pages.map((page) => page.files.map((row) => row.name));
}

/** Makes a listing shown (observed) with a page function that records the pages it is asked for. */
function show(
  client: QueryClient,
  key: readonly unknown[],
  pages: Record<string, DriveFilePage>,
  asked: (string | undefined)[],
  hold?: Promise<void>,
) {
  const observer = new InfiniteQueryObserver(client, {
    queryKey: key,
    initialPageParam: undefined as string | undefined,
    staleTime: Infinity,
    queryFn: async ({ pageParam }) => {
      asked.push(pageParam);
      if (pageParam !== undefined && hold) {
        await hold;
      }
      const page = pages[pageParam ?? ''];
      if (!page) {
        throw new Error(`no page ${pageParam}`);
      }
      return page;
    },
    getNextPageParam: (last: DriveFilePage) => last.next_page_token || undefined,
  });
  const stop = observer.subscribe(() => undefined);
  return { observer, stop };
}

const clients: QueryClient[] = [];
function newClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  return client;
}
afterEach(() => {
  for (const client of clients.splice(0)) {
    client.clear();
  }
});

describe('a trash in the cached listings', () => {
  it('takes the rows out of every folder listing and the events, and puts them back on undo', async () => {
    const client = newClient();
    client.setQueryData(home, listing(['a', 'b', 'c'], ['d', 'e', 'f'], ['g']));
    client.setQueryData(other, listing(['x']));
    client.setQueryData(events, listing(['b', 'x']));
    const change = await trashInListings(client, ['id-b', 'id-f']);
    expect(names(client, home)).toEqual([['a', 'c'], ['d', 'e'], ['g']]);
    expect(names(client, other)).toEqual([['x']]);
    expect(names(client, events)).toEqual([['x']]);
    change.undo();
    expect(names(client, home)).toEqual([['a', 'b', 'c'], ['d', 'e', 'f'], ['g']]);
    expect(names(client, events)).toEqual([['b', 'x']]);
  });

  it('leaves the trash listing, not shown, its first page only, fetched again when shown', async () => {
    const client = newClient();
    client.setQueryData(trash, listing(['old1', 'old2'], ['old3']));
    const change = await trashInListings(client, ['id-b']);
    // Nothing happens before the server has trashed them.
    expect(names(client, trash)).toEqual([['old1', 'old2'], ['old3']]);
    change.settle();
    await Promise.resolve();
    expect(names(client, trash)).toEqual([['old1', 'old2']]);
    expect(client.getQueryState(trash)?.isInvalidated).toBe(true);
  });

  it('keeps a change when a page was being fetched meanwhile (that fetch is cancelled)', async () => {
    const client = newClient();
    const pages: Record<string, DriveFilePage> = {
      '': { files: [file('a'), file('b')], next_page_token: 't1' },
      t1: { files: [file('c')], next_page_token: '' },
    };
    const asked: (string | undefined)[] = [];
    let release: () => void = () => undefined;
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { observer, stop } = show(client, home, pages, asked, hold);
    await observer.refetch();
    const next = observer.fetchNextPage().catch(() => undefined);
    await Promise.resolve();
    await trashInListings(client, ['id-a']);
    release();
    await next;
    expect(names(client, home)?.[0]).toEqual(['b']);
    stop();
  });
});

describe('a listing that cannot be followed while it is shown', () => {
  it('fetches its first page again, once, and keeps the pages after it', async () => {
    const client = newClient();
    const asked: (string | undefined)[] = [];
    const pages: Record<string, DriveFilePage> = {
      '': { files: [file('a'), file('b'), file('c')], next_page_token: 't1' },
      t1: { files: [file('d'), file('e')], next_page_token: 't2' },
      t2: { files: [file('f')], next_page_token: '' },
    };
    const { observer, stop } = show(client, home, pages, asked);
    await observer.refetch();
    await observer.fetchNextPage();
    await observer.fetchNextPage();
    expect(asked).toEqual([undefined, 't1', 't2']);
    // A copy into the folder shown: the server names the copies, so the first page is asked again.
    pages[''] = { files: [file('a'), file('a(1)'), file('b')], next_page_token: 'fresh' };
    const change = await copyInListings(client, 'home');
    change.settle();
    await expect.poll(() => names(client, home)?.[0]).toEqual(['a', 'a(1)', 'b', 'c']);
    expect(asked).toEqual([undefined, 't1', 't2', undefined]);
    expect(names(client, home)?.slice(1)).toEqual([['d', 'e'], ['f']]);
    stop();
  });
});

describe('a restore in the cached listings', () => {
  it('takes the rows out of the trash and puts them in their folders where the order puts them', async () => {
    const client = newClient();
    client.setQueryData(trash, listing(['b', 'z']));
    client.setQueryData(home, listing(['a', 'c'], ['e']));
    client.setQueryData(homeByTime, listing(['c', 'a']));
    const trashed = file('b', { trashed: true, delete_time: '2026-02-01T00:00:00.000Z' });
    const change = await restoreInListings(client, [trashed]);
    expect(names(client, trash)).toEqual([['z']]);
    expect(names(client, home)).toEqual([['a', 'b', 'c'], ['e']]);
    const restored = client.getQueryData<Listing>(home)?.pages[0]?.files[1];
    expect(restored).toMatchObject({ trashed: false, delete_time: '' });
    // The same modified time: newest first falls back on the ids, descending.
    expect(names(client, homeByTime)).toEqual([['c', 'b', 'a']]);
    change.undo();
    expect(names(client, trash)).toEqual([['b', 'z']]);
    expect(names(client, home)).toEqual([['a', 'c'], ['e']]);
  });
});

describe('a move in the cached listings', () => {
  it('takes the rows out of their folder and puts them in the destination, and back', async () => {
    const client = newClient();
    client.setQueryData(home, listing(['a', 'b', 'c']));
    client.setQueryData(other, listing(['m', 'z']));
    const moved = [file('b'), file('c')];
    await moveInListings(client, moved, 'other');
    expect(names(client, home)).toEqual([['a']]);
    expect(names(client, other)).toEqual([['b', 'c', 'm', 'z']]);
    expect(client.getQueryData<Listing>(other)?.pages[0]?.files[0]?.parent_id).toBe('other');
    // The undo of the move moves them back.
    await moveInListings(
      client,
      moved.map((row) => ({ ...row, parent_id: 'other' })),
      'home',
    );
    expect(names(client, home)).toEqual([['a', 'b', 'c']]);
    expect(names(client, other)).toEqual([['m', 'z']]);
  });
});

describe('a star, a rename, new items and an emptied trash', () => {
  it('changes starred rows wherever listed and changes them back', async () => {
    const client = newClient();
    client.setQueryData(home, listing(['a', 'b']));
    client.setQueryData(events, listing(['b']));
    const change = await starInListings(client, ['id-b'], true);
    expect(client.getQueryData<Listing>(home)?.pages[0]?.files.map((row) => row.starred)).toEqual([
      false,
      true,
    ]);
    expect(client.getQueryData<Listing>(events)?.pages[0]?.files[0]?.starred).toBe(true);
    change.undo();
    expect(client.getQueryData<Listing>(home)?.pages[0]?.files[1]?.starred).toBe(false);
  });

  it('takes unstarred and trashed rows out of the starred listing, and catches up on a star', async () => {
    const client = newClient();
    client.setQueryData(starred, listing(['a', 'b'], ['c']));
    const unstar = await starInListings(client, ['id-b'], false);
    expect(names(client, starred)).toEqual([['a'], ['c']]);
    unstar.undo();
    expect(names(client, starred)).toEqual([['a', 'b'], ['c']]);
    await trashInListings(client, ['id-c']);
    expect(names(client, starred)).toEqual([['a', 'b'], []]);
    const star = await starInListings(client, ['id-x'], true);
    star.settle();
    await Promise.resolve();
    expect(client.getQueryState(starred)?.isInvalidated).toBe(true);
  });

  it('moves a renamed row where the order puts it and renames it in the events', async () => {
    const client = newClient();
    client.setQueryData(home, listing(['a', 'b', 'c'], ['d', 'e']));
    client.setQueryData(homeByTime, listing(['a', 'b', 'c']));
    client.setQueryData(events, listing(['b']));
    const renamed = file('dd', { id: 'id-b', modified_time: '2026-05-01T00:00:00.000Z' });
    (await renameInListings(client, renamed)).settle();
    expect(names(client, home)).toEqual([
      ['a', 'c'],
      ['d', 'dd', 'e'],
    ]);
    // Newest first: the rename made it the newest.
    expect(names(client, homeByTime)).toEqual([['dd', 'a', 'c']]);
    expect(names(client, events)).toEqual([['dd']]);
  });

  it('puts new items into their folder listings in each order, and the events catch up', async () => {
    const client = newClient();
    client.setQueryData(home, listing(['a', 'c'], ['e']));
    client.setQueryData(homeByTime, listing(['c', 'a']));
    client.setQueryData(other, listing(['m']));
    client.setQueryData(events, listing(['x'], ['y']));
    const made = file('b', { modified_time: '2026-06-01T00:00:00.000Z' });
    const change = await createInListings(client, [made], { event: true });
    change.settle();
    expect(names(client, home)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(names(client, homeByTime)).toEqual([['b', 'c', 'a']]);
    expect(names(client, other)).toEqual([['m']]);
    await expect.poll(() => names(client, events)).toEqual([['x']]);
    expect(client.getQueryState(events)?.isInvalidated).toBe(true);
  });

  it('refreshes the folders of a large upload and empties the trash', async () => {
    const client = newClient();
    client.setQueryData(home, listing(['a'], ['b']));
    client.setQueryData(other, listing(['m'], ['n']));
    client.setQueryData(trash, listing(['t'], ['u']));
    (await refreshFolderListings(client, ['home'])).settle();
    await expect.poll(() => names(client, home)).toEqual([['a']]);
    expect(names(client, other)).toEqual([['m'], ['n']]);
    const change = await emptyTrashInListings(client);
    expect(names(client, trash)).toEqual([[]]);
    change.undo();
    expect(names(client, trash)).toEqual([['t'], ['u']]);
  });
});
