'use client';

import { useState } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SortOrder } from '@nimbus/contracts';
import type { ListFilesParams } from '@/features/folders/folder-api';
import { listFiles } from '@/features/folders/folder-api';
import type { DriveFile, DriveFilePage } from './drive-api';
import { listedItems, noListedItems } from './listed-items';
import { getFile, listRecent } from './drive-api';
import type { Crumb } from './breadcrumbs';
import { buildBreadcrumbs } from './breadcrumbs';
import { fileQueryKey, listingPageSize, listingQueryKey } from './query-keys';

const noPages: readonly DriveFilePage[] = [];

export interface ListingInput {
  /** `files` (a folder, the trash) or `events` (the recent page, newest first). */
  source?: 'files' | 'events';
  parentId: string;
  order: SortOrder;
  foldersFirst: boolean;
  filters?: ListFilesParams['filters'];
}

/**
 * A listing fetched page by page (keyset tokens) as it scrolls: the items loaded so far, in
 * order and without duplicates (with their ids and an index of them), and the query to fetch
 * more.
 */
export function useListing(input: ListingInput) {
  const filters = input.filters ? JSON.stringify(input.filters) : '';
  const events = input.source === 'events';
  const query = useInfiniteQuery({
    // Actions change these pages in place (listing-updates.ts); a listing they cannot follow
    // fetches its first page again through this page function.
    queryKey: listingQueryKey(
      events ? 'events' : input.parentId,
      input.order,
      input.foldersFirst,
      filters,
    ),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }): Promise<DriveFilePage> =>
      events
        ? listRecent(pageParam, listingPageSize, signal)
        : listFiles(
            {
              parentId: input.parentId,
              order: input.order,
              foldersFirst: input.foldersFirst,
              limit: listingPageSize,
              ...(input.filters ? { filters: input.filters } : {}),
              ...(pageParam ? { pageToken: pageParam } : {}),
            },
            signal,
          ),
    getNextPageParam: (last) => last.next_page_token || undefined,
  });
  // Each fetched page is appended to what the pages before it gave (a listing of 100,000 items
  // is not read again for every page), starting from the items of the render before.
  const pages = query.data?.pages ?? noPages;
  const [read, setRead] = useState(() => ({ pages, listed: listedItems(noListedItems, pages) }));
  let listed = read.listed;
  if (read.pages !== pages) {
    listed = listedItems(read.listed, pages);
    setRead({ pages, listed });
  }
  return { listed, items: listed.items, query };
}

/**
 * The breadcrumbs of a folder: its ancestors fetched one by one (each cached, so moving up and
 * down a path costs nothing twice).
 */
export function useBreadcrumbs(folderId: string, rootName: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['drive', 'path', folderId],
    queryFn: async ({ signal }): Promise<Crumb[]> => {
      const known = new Map<string, DriveFile>();
      for (;;) {
        const result = buildBreadcrumbs(folderId, known, rootName);
        if (result.complete || result.missing === undefined) {
          return result.crumbs;
        }
        const missing = result.missing;
        const folder = await queryClient.fetchQuery({
          queryKey: fileQueryKey(missing),
          queryFn: () => getFile(missing, signal),
          staleTime: 60_000,
        });
        known.set(folder.id, folder);
      }
    },
    placeholderData: (previous) => previous,
  });
}
