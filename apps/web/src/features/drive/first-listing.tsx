'use client';

import type { ReactNode } from 'react';
import { useState } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
import { hydrate, useQueryClient } from '@tanstack/react-query';

/**
 * Puts the listing page the server loaded (`loadDriveFirstLoad`) into the drive's cache before
 * the listing reads it, once, and only where the cache has no such listing yet: a folder this
 * browser page already holds keeps the pages it has loaded and changed in place.
 */
export function FirstListing({
  state,
  children,
}: {
  state: DehydratedState | undefined;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  useState(() => {
    if (state) {
      const cache = queryClient.getQueryCache();
      const queries = state.queries.filter(
        (query) => cache.find({ queryKey: query.queryKey, exact: true }) === undefined,
      );
      hydrate(queryClient, { ...state, queries });
    }
    return true;
  });
  return children;
}
