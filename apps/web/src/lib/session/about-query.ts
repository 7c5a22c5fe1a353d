import type { QueryClient } from '@tanstack/react-query';
import type { DriveAbout } from '@nimbus/contracts';
import { aboutCall } from './account-api';

/*
 * The member's quota (`GET /drive/v1/about`, docs/api.md#drive) as one cached query: the
 * drive's storage meter and notices read it, and the profile refresh of docs/product.md#states
 * reads it through the same cache on a drive page, so a page load asks for it once.
 */

/** The cache key of the quota. */
export const aboutQueryKey = ['drive', 'about'] as const;

/** The quota's query: its key and its fetcher, for `useQuery` and `fetchQuery` alike. */
export const aboutQuery = {
  queryKey: aboutQueryKey,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<DriveAbout> => aboutCall({ signal }),
};

// The data cache of the page, when it has one (the drive's); typed only, so pages without it
// load no query library for the profile refresh.
let pageQueryClient: QueryClient | undefined;

/** Makes the page's data cache the one the profile refresh reads the quota through. */
export function shareQuotaCache(client: QueryClient): void {
  pageQueryClient = client;
}

/**
 * The quota for the profile refresh: through the page's cache when there is one (`reuse` takes
 * an answer the cache still holds as fresh, else it asks again and the cache keeps the answer),
 * else straight from the server.
 */
export function fetchQuotaAbout(reuse: boolean): Promise<DriveAbout> {
  if (!pageQueryClient) {
    return aboutCall({ retries: 0 });
  }
  return pageQueryClient.fetchQuery(reuse ? aboutQuery : { ...aboutQuery, staleTime: 0 });
}
