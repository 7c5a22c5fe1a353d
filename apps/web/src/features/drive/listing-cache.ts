import type { InfiniteData } from '@tanstack/react-query';
import type { SortOrder } from '@nimbus/contracts';
import type { DriveFile, DriveFilePage } from './drive-api';

/*
 * The drive's changes written into the pages a listing already holds, so that a change made in
 * a folder of 100,000 items with 300 pages scrolled costs no request for those pages: rows leave,
 * change or come in where the listing's sort order puts them. Pure functions of the cached pages
 * (TanStack Query's infinite data); each keeps the pages it leaves alone as they were, and each
 * change can be taken back (an optimistic change that the server refused).
 */

/** The pages of one listing as TanStack Query keeps them. */
export type Listing = InfiniteData<DriveFilePage, string | undefined>;

/** Orders two items as a listing does; undefined where the order is not one of the items'. */
export type ItemOrder = (left: DriveFile, right: DriveFile) => number;

/** A row taken out of a listing: its page, its place in that page, and the row. */
export interface RemovedRow {
  page: number;
  index: number;
  file: DriveFile;
}

/** What a listing's cache key says it holds (`listingQueryKey`). */
export type ListingScope =
  /** One folder's items (not trashed); `""` is the root. */
  | { kind: 'folder'; parentId: string; order: SortOrder; foldersFirst: boolean }
  /** The trash: trashed items of every folder. */
  | { kind: 'trash'; order: SortOrder; foldersFirst: boolean }
  /** The starred items of every folder (not trashed). */
  | { kind: 'starred'; order: SortOrder; foldersFirst: boolean }
  /** The recent events, newest first. */
  | { kind: 'events' }
  /** Any other listing (filters the drive cannot follow here). */
  | { kind: 'other' };

/** The `filters` of the trash listing as its cache key holds them. */
export const trashFilters = JSON.stringify({ trashed: { eq: true } });

/** The `filters` of the starred listing as its cache key holds them. */
export const starredFilters = JSON.stringify({ starred: { eq: true } });

/** What a listing holds, from its cache key `['drive', 'files', parent, order, foldersFirst, filters]`. */
export function scopeOfKey(key: readonly unknown[]): ListingScope {
  const [, , parentId, order, foldersFirst, filters] = key;
  if (parentId === 'events') {
    return { kind: 'events' };
  }
  if (
    typeof parentId !== 'string' ||
    typeof order !== 'string' ||
    typeof foldersFirst !== 'boolean'
  ) {
    return { kind: 'other' };
  }
  const sort = { order: order as SortOrder, foldersFirst };
  if (parentId === '*') {
    if (filters === trashFilters) {
      return { kind: 'trash', ...sort };
    }
    return filters === starredFilters ? { kind: 'starred', ...sort } : { kind: 'other' };
  }
  return filters === '' ? { kind: 'folder', parentId, ...sort } : { kind: 'other' };
}

/** Folds a name as the server does for sorting by name (NFC, full case folding). */
export function foldName(name: string): string {
  return name.normalize('NFC').toUpperCase().toLowerCase();
}

/**
 * Compares strings by code point (the byte order of their UTF-8, as the database compares
 * them), not by UTF-16 unit: a character above U+FFFF sorts after U+E000..U+FFFF.
 */
export function compareCodePoints(left: string, right: string): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const a = left.charCodeAt(index);
    const b = right.charCodeAt(index);
    if (a !== b) {
      return codePointRank(a) - codePointRank(b);
    }
  }
  return left.length - right.length;
}

/** A UTF-16 unit moved so that surrogates (characters above U+FFFF) rank above U+FFFF. */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) {
    return unit + 0x2000;
  }
  return unit >= 0xe000 ? unit - 0x800 : unit;
}

function compareSizes(left: string, right: string): number {
  const a = BigInt(/^\d+$/.test(left) ? left : '0');
  const b = BigInt(/^\d+$/.test(right) ? right : '0');
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * The order of a files listing, as the server sorts its keyset pages (`sortKeysOf`): folders
 * first when asked, then the order's column, then the id, both in the order's direction.
 */
export function itemOrderOf(order: SortOrder, foldersFirst: boolean): ItemOrder {
  const column = ((): ((left: DriveFile, right: DriveFile) => number) => {
    switch (order) {
      case 'NAME_ASC':
      case 'NAME_DESC':
        return (left, right) => compareCodePoints(foldName(left.name), foldName(right.name));
      case 'TYPE_DESC':
        return (left, right) => compareCodePoints(left.file_extension, right.file_extension);
      case 'MODIFY_TIME_ASC':
      case 'MODIFY_TIME_DESC':
        return (left, right) => compareCodePoints(left.modified_time, right.modified_time);
      case 'SIZE_ASC':
      case 'SIZE_DESC':
        return (left, right) => compareSizes(left.size, right.size);
    }
  })();
  const direction = order.endsWith('_DESC') ? -1 : 1;
  return (left, right) => {
    if (foldersFirst) {
      const folders = Number(isFolderRow(right)) - Number(isFolderRow(left));
      if (folders !== 0) {
        return folders;
      }
    }
    return direction * (column(left, right) || compareCodePoints(left.id, right.id));
  };
}

function isFolderRow(file: DriveFile): boolean {
  return file.kind === 'drive#folder';
}

/** The listing with `pages` changed; `data` itself when no page changed. */
function withPages(data: Listing, pages: DriveFilePage[], changed: boolean): Listing {
  return changed ? { ...data, pages } : data;
}

/** Takes the rows of `ids` out of every page; the rows taken say where they were. */
export function removeRows(
  data: Listing,
  ids: ReadonlySet<string>,
): { data: Listing; removed: RemovedRow[] } {
  const removed: RemovedRow[] = [];
  let changed = false;
  const pages = data.pages.map((page, pageIndex) => {
    if (!page.files.some((file) => ids.has(file.id))) {
      return page;
    }
    changed = true;
    const files: DriveFile[] = [];
    page.files.forEach((file, index) => {
      if (ids.has(file.id)) {
        removed.push({ page: pageIndex, index, file });
      } else {
        files.push(file);
      }
    });
    return { ...page, files };
  });
  return { data: withPages(data, pages, changed), removed };
}

/**
 * Puts rows taken out by `removeRows` back where they were (a change the server refused). Rows
 * listed again meanwhile are left where they are now.
 */
export function putRowsBack(data: Listing, removed: readonly RemovedRow[]): Listing {
  const present = new Set<string>();
  for (const page of data.pages) {
    for (const file of page.files) {
      present.add(file.id);
    }
  }
  const byPage = new Map<number, RemovedRow[]>();
  for (const row of removed) {
    if (!present.has(row.file.id) && row.page < data.pages.length) {
      byPage.set(row.page, [...(byPage.get(row.page) ?? []), row]);
    }
  }
  if (byPage.size === 0) {
    return data;
  }
  const pages = data.pages.map((page, pageIndex) => {
    const rows = byPage.get(pageIndex);
    if (!rows) {
      return page;
    }
    const files = [...page.files];
    for (const row of [...rows].sort((left, right) => left.index - right.index)) {
      files.splice(Math.min(row.index, files.length), 0, row.file);
    }
    return { ...page, files };
  });
  return { ...data, pages };
}

/**
 * Changes the rows of `ids` by `patch`; `before` holds the same fields as they were, per id, to
 * put them back.
 */
export function patchRows(
  data: Listing,
  ids: ReadonlySet<string>,
  patch: Partial<DriveFile>,
): { data: Listing; before: Map<string, Partial<DriveFile>> } {
  const before = new Map<string, Partial<DriveFile>>();
  const fields = Object.keys(patch) as (keyof DriveFile)[];
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.files.some((file) => ids.has(file.id))) {
      return page;
    }
    changed = true;
    return {
      ...page,
      files: page.files.map((file) => {
        if (!ids.has(file.id)) {
          return file;
        }
        if (!before.has(file.id)) {
          before.set(file.id, Object.fromEntries(fields.map((field) => [field, file[field]])));
        }
        return { ...file, ...patch };
      }),
    };
  });
  return { data: withPages(data, pages, changed), before };
}

/** Puts fields changed by `patchRows` back as they were. */
export function unpatchRows(
  data: Listing,
  before: ReadonlyMap<string, Partial<DriveFile>>,
): Listing {
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.files.some((file) => before.has(file.id))) {
      return page;
    }
    changed = true;
    return {
      ...page,
      files: page.files.map((file) => {
        const fields = before.get(file.id);
        return fields ? { ...file, ...fields } : file;
      }),
    };
  });
  return withPages(data, pages, changed);
}

/** Where `file` goes in sorted `files`: after every row that sorts before it or equal. */
function insertionIndex(files: readonly DriveFile[], file: DriveFile, order: ItemOrder): number {
  let low = 0;
  let high = files.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (order(files[middle] as DriveFile, file) <= 0) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/**
 * Puts rows where the listing's order puts them among the rows loaded (a row listed already is
 * moved to its place, with its new fields). A row that sorts after the last loaded one while
 * pages are still to come is left out: that page brings it when the listing scrolls there.
 */
export function insertRows(data: Listing, files: readonly DriveFile[], order: ItemOrder): Listing {
  if (files.length === 0 || data.pages.length === 0) {
    return data;
  }
  let current = removeRows(data, new Set(files.map((file) => file.id))).data;
  for (const file of files) {
    const pages = current.pages;
    const lastPage = pages.length - 1;
    // The first page whose last row sorts after the new one holds its place.
    let target = -1;
    for (let index = 0; index < pages.length; index += 1) {
      const last = pages[index]?.files.at(-1);
      if (last && order(last, file) > 0) {
        target = index;
        break;
      }
    }
    if (target < 0) {
      if (pages[lastPage]?.next_page_token) {
        continue;
      }
      target = lastPage;
    }
    const page = pages[target] as DriveFilePage;
    const files = [...page.files];
    files.splice(insertionIndex(files, file, order), 0, file);
    current = {
      ...current,
      pages: pages.map((each, index) => (index === target ? { ...page, files } : each)),
    };
  }
  return current;
}

/** Puts rows at the top of the listing (an order the rows cannot be placed in). */
export function insertRowsAtTop(data: Listing, files: readonly DriveFile[]): Listing {
  const first = data.pages[0];
  if (files.length === 0 || !first) {
    return data;
  }
  const rest = removeRows(data, new Set(files.map((file) => file.id))).data;
  const top = rest.pages[0] as DriveFilePage;
  return {
    ...rest,
    pages: [{ ...top, files: [...files, ...top.files] }, ...rest.pages.slice(1)],
  };
}

/**
 * The listing with a first page fetched again in its place, the pages after it kept (one request
 * instead of one per loaded page). Rows the fresh page no longer holds but the old one did stay
 * at its end when more pages follow (they were pushed out of its range, and the next page starts
 * after where the old first page ended), unless the listing's order places them within the
 * fresh page; rows of later pages that the fresh page now holds leave those pages.
 */
export function mergeFirstPage(data: Listing, fresh: DriveFilePage, order?: ItemOrder): Listing {
  const old = data.pages[0];
  if (!old || !fresh.next_page_token) {
    return { pages: [fresh], pageParams: data.pageParams.slice(0, 1) };
  }
  const freshIds = new Set(fresh.files.map((file) => file.id));
  const freshLast = fresh.files.at(-1);
  const pushedOut = old.files.filter(
    (file) => !freshIds.has(file.id) && (!order || !freshLast || order(freshLast, file) < 0),
  );
  const later = removeRows({ ...data, pages: data.pages.slice(1) }, freshIds).data.pages;
  return {
    pages: [
      {
        ...fresh,
        files: [...fresh.files, ...pushedOut],
        next_page_token: old.next_page_token,
      },
      ...later,
    ],
    pageParams: data.pageParams,
  };
}

/** The listing cut to its first page (what a listing no longer shown fetches again on return). */
export function firstPageOnly(data: Listing): Listing {
  return data.pages.length <= 1
    ? data
    : { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
}

/** A listing with nothing in it (the trash once emptied). */
export function emptyListing(data: Listing): Listing {
  return { pages: [{ files: [], next_page_token: '' }], pageParams: data.pageParams.slice(0, 1) };
}
