import type { QueryClient } from '@tanstack/react-query';
import type { DriveFile, DriveFilePage } from './drive-api';
import type { ItemOrder, Listing, ListingScope } from './listing-cache';
import {
  emptyListing,
  firstPageOnly,
  insertRows,
  itemOrderOf,
  mergeFirstPage,
  patchRows,
  putRowsBack,
  removeRows,
  scopeOfKey,
  unpatchRows,
} from './listing-cache';
import { listingsQueryKey } from './query-keys';

/*
 * The drive's actions written into every cached listing (folders in each sort order, the trash,
 * the recent events) instead of fetching their pages again: `listing-cache.ts` changes the
 * pages, this file picks for each listing what a change does to it. A listing whose rows cannot
 * be known here (the trash after a trash, the events after an upload) is "stale": the one shown
 * fetches its first page again and keeps the pages after it; one not shown keeps its first page
 * only and fetches that one page when it is shown again.
 */

/** What an action does to one listing: its new pages and how to take the change back. */
export interface ListingEdit {
  data: Listing;
  undo?: (data: Listing) => Listing;
}

/** An action's change of the cached listings. */
export interface ListingChange {
  /** Takes the change back (the server refused it). */
  undo(): void;
  /** After the server made the change: the listings that could not be changed here catch up. */
  settle(): void;
  /**
   * After a change the server may have made in part (one of several batch calls failed): every
   * listing it touched fetches its first page again.
   */
  refresh(): void;
}

/** The order of a listing's rows, where they are sorted by their fields. */
function orderOf(scope: ListingScope): ItemOrder | undefined {
  return scope.kind === 'folder' || scope.kind === 'trash' || scope.kind === 'starred'
    ? itemOrderOf(scope.order, scope.foldersFirst)
    : undefined;
}

/**
 * A listing whose rows cannot be worked out here: the one shown fetches its first page again in
 * place (one request, the pages after it kept); one not shown keeps its first page only, marked
 * to be fetched again (one request when it is shown).
 */
export async function refreshListing(client: QueryClient, key: readonly unknown[]): Promise<void> {
  const query = client.getQueryCache().find<Listing>({ queryKey: key, exact: true });
  if (!query?.state.data) {
    return;
  }
  if (query.getObserversCount() === 0) {
    client.setQueryData<Listing>(key, (data) => data && firstPageOnly(data));
    await client.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    return;
  }
  // The listing's own page function (the one `useListing` gave it), for its first page.
  const fetchPage = query.options.queryFn as
    ((context: ListingPageContext) => Promise<DriveFilePage>) | undefined;
  if (typeof fetchPage !== 'function') {
    return;
  }
  try {
    const fresh = await fetchPage({
      client,
      queryKey: key,
      pageParam: undefined,
      direction: 'forward',
      meta: undefined,
      signal: new AbortController().signal,
    });
    const order = orderOf(scopeOfKey(key));
    client.setQueryData<Listing>(key, (data) => data && mergeFirstPage(data, fresh, order));
  } catch {
    // A quiet refresh: the rows shown stay as they are; the next change or visit tries again.
  }
}

/** What a listing's page function is called with (TanStack Query's infinite query context). */
interface ListingPageContext {
  client: QueryClient;
  queryKey: readonly unknown[];
  pageParam: string | undefined;
  direction: 'forward';
  meta: undefined;
  signal: AbortSignal;
}

/**
 * Changes every cached listing by `edit`: its new pages, `'stale'` when it cannot be changed
 * here, or undefined to leave it. A listing fetching a page meanwhile has that fetch cancelled
 * first (it would write the pages it started from over the change).
 */
export async function editListings(
  client: QueryClient,
  edit: (scope: ListingScope, data: Listing) => ListingEdit | 'stale' | undefined,
): Promise<ListingChange> {
  const cached = client.getQueriesData<Listing>({ queryKey: listingsQueryKey });
  const planned: { key: readonly unknown[]; edit: ListingEdit }[] = [];
  const stale: (readonly unknown[])[] = [];
  for (const [key, data] of cached) {
    if (!data) {
      continue;
    }
    const result = edit(scopeOfKey(key), data);
    if (result === 'stale') {
      stale.push(key);
    } else if (result && result.data !== data) {
      planned.push({ key, edit: result });
    }
  }
  await Promise.all(
    planned
      .filter(({ key }) => client.isFetching({ queryKey: key, exact: true }) > 0)
      .map(({ key }) => client.cancelQueries({ queryKey: key, exact: true })),
  );
  const applied: typeof planned = [];
  for (const { key } of planned) {
    // Read again: a cancelled fetch put the listing back as it was before that fetch.
    const data = client.getQueryData<Listing>(key);
    if (!data) {
      continue;
    }
    const result = edit(scopeOfKey(key), data);
    if (result && result !== 'stale' && result.data !== data) {
      client.setQueryData<Listing>(key, result.data);
      applied.push({ key, edit: result });
    }
  }
  return {
    undo() {
      for (const { key, edit: done } of applied) {
        const undo = done.undo;
        if (undo) {
          client.setQueryData<Listing>(key, (data) => data && undo(data));
        } else {
          void refreshListing(client, key);
        }
      }
    },
    settle() {
      for (const key of stale) {
        void refreshListing(client, key);
      }
    },
    refresh() {
      for (const key of [...stale, ...applied.map(({ key }) => key)]) {
        void refreshListing(client, key);
      }
    },
  };
}

/** Takes rows out of a listing, to be put back where they were. */
function removal(data: Listing, ids: ReadonlySet<string>): ListingEdit {
  const { data: next, removed } = removeRows(data, ids);
  return { data: next, undo: (current) => putRowsBack(current, removed) };
}

/** Changes fields of rows, to be changed back. */
function patching(data: Listing, ids: ReadonlySet<string>, patch: Partial<DriveFile>): ListingEdit {
  const { data: next, before } = patchRows(data, ids, patch);
  return { data: next, undo: (current) => unpatchRows(current, before) };
}

/** Puts rows in by the listing's order; taking it back takes them out again. */
function insertion(data: Listing, files: readonly DriveFile[], order: ItemOrder): ListingEdit {
  const ids = new Set(files.map((file) => file.id));
  return {
    data: insertRows(data, files, order),
    undo: (current) => removeRows(current, ids).data,
  };
}

/** Whether any loaded row of the listing is one of `ids`. */
function holdsAny(data: Listing, ids: ReadonlySet<string>): boolean {
  return data.pages.some((page) => page.files.some((file) => ids.has(file.id)));
}

/** Items moved to the trash: they leave folders and the recent events; the trash catches up. */
export function trashInListings(
  client: QueryClient,
  ids: readonly string[],
): Promise<ListingChange> {
  const gone = new Set(ids);
  return editListings(client, (scope, data) => {
    switch (scope.kind) {
      case 'folder':
      case 'events':
      case 'starred':
        return removal(data, gone);
      case 'trash':
      case 'other':
        return 'stale';
    }
  });
}

/**
 * Items back from the trash (a restore, or the undo of a trash): they leave the trash and come
 * back into their folders' listings where the order puts them; the recent events catch up.
 */
export function restoreInListings(
  client: QueryClient,
  files: readonly DriveFile[],
): Promise<ListingChange> {
  const ids = new Set(files.map((file) => file.id));
  const restored = files.map((file) => ({ ...file, trashed: false, delete_time: '' }));
  return editListings(client, (scope, data) => {
    switch (scope.kind) {
      case 'trash':
        return removal(data, ids);
      case 'folder':
      case 'starred': {
        const back = restored.filter((file) =>
          scope.kind === 'folder' ? file.parent_id === scope.parentId : file.starred,
        );
        return back.length > 0
          ? insertion(data, back, itemOrderOf(scope.order, scope.foldersFirst))
          : undefined;
      }
      case 'events':
      case 'other':
        return 'stale';
    }
  });
}

/** Items deleted for good: they leave the trash. */
export function deleteInListings(
  client: QueryClient,
  ids: readonly string[],
): Promise<ListingChange> {
  const gone = new Set(ids);
  return editListings(client, (scope, data) => {
    switch (scope.kind) {
      case 'trash':
        return removal(data, gone);
      case 'other':
        return holdsAny(data, gone) ? 'stale' : undefined;
      case 'folder':
      case 'events':
      case 'starred':
        return undefined;
    }
  });
}

/** The trash emptied: its listings hold nothing. */
export function emptyTrashInListings(client: QueryClient): Promise<ListingChange> {
  return editListings(client, (scope, data) => {
    if (scope.kind === 'other') {
      return 'stale';
    }
    return scope.kind === 'trash' ? { data: emptyListing(data), undo: () => data } : undefined;
  });
}

/**
 * Items starred or unstarred: their rows change wherever they are listed; unstarred, they leave
 * the starred listing, which catches up when items are starred.
 */
export function starInListings(
  client: QueryClient,
  ids: readonly string[],
  starred: boolean,
): Promise<ListingChange> {
  const changed = new Set(ids);
  return editListings(client, (scope, data) => {
    switch (scope.kind) {
      case 'other':
        return 'stale';
      case 'starred':
        return starred ? 'stale' : removal(data, changed);
      case 'folder':
      case 'trash':
      case 'events':
        return patching(data, changed, { starred });
    }
  });
}

/**
 * Items moved into folder `to` (or back, for an undo): they leave the listings of other folders
 * and come into `to`'s listings where the order puts them.
 */
export function moveInListings(
  client: QueryClient,
  files: readonly DriveFile[],
  to: string,
): Promise<ListingChange> {
  const ids = new Set(files.map((file) => file.id));
  const moved = files.map((file) => ({ ...file, parent_id: to }));
  return editListings(client, (scope, data) => {
    switch (scope.kind) {
      case 'folder':
        return scope.parentId === to
          ? insertion(data, moved, itemOrderOf(scope.order, scope.foldersFirst))
          : removal(data, ids);
      case 'other':
        return holdsAny(data, ids) ? 'stale' : undefined;
      case 'starred':
        return holdsAny(data, ids) ? patching(data, ids, { parent_id: to }) : undefined;
      case 'trash':
      case 'events':
        return undefined;
    }
  });
}

/** Copies made in folder `to`: their ids and names are the server's, so `to` catches up. */
export function copyInListings(client: QueryClient, to: string): Promise<ListingChange> {
  return editListings(client, (scope) =>
    (scope.kind === 'folder' && scope.parentId === to) || scope.kind === 'other'
      ? 'stale'
      : undefined,
  );
}

/**
 * An item renamed (the server's answer): its row changes wherever listed, and moves where a
 * listing's order now puts it.
 */
export function renameInListings(client: QueryClient, renamed: DriveFile): Promise<ListingChange> {
  const ids = new Set([renamed.id]);
  const fields = { name: renamed.name, modified_time: renamed.modified_time };
  return editListings(client, (scope, data) => {
    if (!holdsAny(data, ids)) {
      return undefined;
    }
    const order = orderOf(scope);
    if (scope.kind === 'other') {
      return 'stale';
    }
    if (!order) {
      return patching(data, ids, fields);
    }
    const row = data.pages.flatMap((page) => page.files).find((file) => file.id === renamed.id);
    return row ? { data: insertRows(data, [{ ...row, ...fields }], order) } : undefined;
  });
}

/**
 * Items created (a new folder, finished uploads): they come into their folder's listings where
 * the order puts them. `event` when the server records them as recent events (uploads).
 */
export function createInListings(
  client: QueryClient,
  files: readonly DriveFile[],
  options: { event?: boolean } = {},
): Promise<ListingChange> {
  return editListings(client, (scope, data) => {
    switch (scope.kind) {
      case 'folder': {
        const here = files.filter((file) => file.parent_id === scope.parentId);
        return here.length > 0
          ? insertion(data, here, itemOrderOf(scope.order, scope.foldersFirst))
          : undefined;
      }
      case 'events':
        return options.event ? 'stale' : undefined;
      case 'other':
        return 'stale';
      case 'trash':
      case 'starred':
        return undefined;
    }
  });
}

/**
 * A folder whose new items are too many to fetch one by one (a large upload): its listings fetch
 * their first page again, and the recent events catch up.
 */
export function refreshFolderListings(
  client: QueryClient,
  parentIds: readonly string[],
): Promise<ListingChange> {
  const parents = new Set(parentIds);
  return editListings(client, (scope) =>
    (scope.kind === 'folder' && parents.has(scope.parentId)) || scope.kind === 'events'
      ? 'stale'
      : undefined,
  );
}
