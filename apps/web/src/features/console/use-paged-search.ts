'use client';

import type { FormEvent } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocale } from 'next-intl';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';

/** A console list as last searched: its filters, the rows read so far and the next page's token. */
export interface PagedListing<Filters, Row> {
  filters: Filters;
  rows: Row[];
  nextPageToken: string;
  loading: boolean;
  error?: string;
}

/**
 * A console list searched by filters and read a page at a time (members, audit log): the filters
 * being typed (`draft`), the listing, `load` to read a page after the rows already shown, and
 * `search` for the filter form. The first page of no filters is read on mount; a page that
 * answers after a newer read began is dropped. `fetchPage` must keep its identity (a module
 * function).
 */
export function usePagedSearch<Filters, Row>(
  noFilters: Filters,
  fetchPage: (
    filters: Filters,
    pageToken: string,
  ) => Promise<{ rows: Row[]; nextPageToken: string }>,
  errorTexts: ErrorTexts,
) {
  const locale = useLocale();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [listing, setListing] = useState<PagedListing<Filters, Row>>({
    filters: noFilters,
    rows: [],
    nextPageToken: '',
    loading: true,
  });
  const generation = useRef(0);

  /** Reads a page after `before` into the listing (already marked as loading). */
  const fetchInto = useCallback(
    (filters: Filters, pageToken: string, before: Row[]) => {
      const mine = ++generation.current;
      fetchPage(filters, pageToken).then(
        (page) =>
          mine === generation.current &&
          setListing({
            filters,
            rows: [...before, ...page.rows],
            nextPageToken: page.nextPageToken,
            loading: false,
          }),
        (cause: unknown) =>
          mine === generation.current &&
          setListing({
            filters,
            rows: before,
            nextPageToken: '',
            loading: false,
            error: errorText(cause, locale, errorTexts) ?? '',
          }),
      );
    },
    [fetchPage, locale, errorTexts],
  );

  const load = useCallback(
    (filters: Filters, pageToken: string, before: Row[]) => {
      setListing({ filters, rows: before, nextPageToken: pageToken, loading: true });
      fetchInto(filters, pageToken, before);
    },
    [fetchInto],
  );

  useEffect(() => fetchInto(noFilters, '', []), [fetchInto, noFilters]);

  function search(event: FormEvent<HTMLFormElement>): void {
    event.preventDefault();
    load(draft, '', []);
  }

  return { draft, setDraft, listing, load, search };
}
