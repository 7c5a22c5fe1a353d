'use client';

import { useMemo } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SortOrder } from '@nimbus/contracts';
import type { DriveFile, DriveFilePage, ListFilesParams } from './drive-api';
import { getFile, listFiles, listRecent } from './drive-api';
import type { Crumb } from './breadcrumbs';
import { buildBreadcrumbs } from './breadcrumbs';
import { fileQueryKey, listingQueryKey } from './query-keys';

/** Items fetched per page as the member scrolls. */
export const listingPageSize = 300;

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
 * order and without duplicates, and the query to fetch more.
 */
export function useListing(input: ListingInput) {
  const filters = input.filters ? JSON.stringify(input.filters) : '';
  const events = input.source === 'events';
  const query = useInfiniteQuery({
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
  const items = useMemo(() => {
    const seen = new Set<string>();
    const list: DriveFile[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const file of page.files) {
        if (!seen.has(file.id)) {
          seen.add(file.id);
          list.push(file);
        }
      }
    }
    return list;
  }, [query.data]);
  return { items, query };
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
