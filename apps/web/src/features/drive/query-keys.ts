import type { SortOrder } from '@nimbus/contracts';

export { aboutQueryKey } from '@/lib/session/about-query';

/** The prefix of every listing's cache key; changes invalidate them all. */
export const listingsQueryKey = ['drive', 'files'] as const;

/** Items fetched per page as the member scrolls (the server renders the first page too). */
export const listingPageSize = 300;

/** The cache key of one listing. */
export function listingQueryKey(
  parentId: string,
  order: SortOrder,
  foldersFirst: boolean,
  filters: string,
) {
  return [...listingsQueryKey, parentId, order, foldersFirst, filters] as const;
}

/** The cache key of one item. */
export function fileQueryKey(id: string) {
  return ['drive', 'file', id] as const;
}

/** The cache key of the folders inside one folder (the destination trees). */
export { folderChildrenQueryKey } from '@/features/folders/folder-api';

/** The cache key of the recent events. */
export const recentQueryKey = ['drive', 'recent'] as const;
