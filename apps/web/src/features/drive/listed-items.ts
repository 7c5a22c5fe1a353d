import type { DriveFile, DriveFilePage } from './drive-api';

/*
 * The items of a listing fetched page by page, in order and without duplicates. A listing of
 * 100,000 items grows by a page at a time while it scrolls, so a new page is appended to what the
 * pages before it gave instead of every page being read again: the id index is shared by the
 * snapshots of one listing and only ever added to, and a snapshot reads it through `listedIndex`,
 * which ignores what later snapshots (or ones React threw away) added.
 */

/** The items read from `pages`. */
export interface ListedItems {
  readonly pages: readonly DriveFilePage[];
  readonly items: readonly DriveFile[];
  /** The ids of `items`, in the same order. */
  readonly order: readonly string[];
  /** Shared between snapshots; read through `listedIndex`. */
  readonly indexes: Map<string, number>;
}

/** No pages read. */
export const noListedItems: ListedItems = {
  pages: [],
  items: [],
  order: [],
  indexes: new Map(),
};

/** Where `id` is in the snapshot's items, or -1. */
export function listedIndex(listed: ListedItems, id: string): number {
  const index = listed.indexes.get(id);
  return index !== undefined && index < listed.order.length && listed.order[index] === id
    ? index
    : -1;
}

/** The item `id` of the snapshot, if listed. */
export function listedFile(listed: ListedItems, id: string): DriveFile | undefined {
  const index = listedIndex(listed, id);
  return index < 0 ? undefined : listed.items[index];
}

/**
 * The items of `pages`: `previous` extended by the pages added after its own when they come
 * first in `pages` unchanged (the next page of the listing was fetched), else read anew.
 */
export function listedItems(previous: ListedItems, pages: readonly DriveFilePage[]): ListedItems {
  const extended =
    previous.pages.length > 0 &&
    pages.length >= previous.pages.length &&
    previous.pages.every((page, index) => pages[index] === page);
  if (extended && pages.length === previous.pages.length) {
    return previous;
  }
  const base = extended ? previous : { ...noListedItems, indexes: new Map<string, number>() };
  const { indexes } = base;
  const start = base.order.length;
  const added: DriveFile[] = [];
  const addedIds: string[] = [];
  for (const page of pages.slice(base.pages.length)) {
    for (const file of page.files) {
      const known = indexes.get(file.id);
      const duplicate =
        known !== undefined &&
        (known < start ? base.order[known] === file.id : addedIds[known - start] === file.id);
      if (!duplicate) {
        indexes.set(file.id, start + addedIds.length);
        added.push(file);
        addedIds.push(file.id);
      }
    }
  }
  return {
    pages,
    items: base.items.concat(added),
    order: base.order.concat(addedIds),
    indexes,
  };
}
