import { useCallback, useEffect, useMemo, useState } from 'react';
import type { SelectionState } from './selection';
import {
  checkItem,
  clearSelection,
  emptySelection,
  keepListed,
  selectAll,
  selectedInOrder,
  toggleItem,
} from './selection';

/** The paging of a listing that "select all" waits on: the pages not loaded yet are fetched. */
export interface SelectAllPaging {
  hasNextPage: boolean;
  /** A page is on its way. */
  fetching: boolean;
  /** The last page asked for failed: select all gives up rather than pick a part only. */
  failed: boolean;
  fetchNextPage: () => unknown;
}

/** What "select all" in a listing not fully loaded does next. */
export type SelectAllStep = 'fetch' | 'wait' | 'select' | 'give-up';

/**
 * The next step of "select all" while pages are still to come: fetch the next page, wait for
 * the one on its way, select everything once all are loaded, or give up when a page failed.
 */
export function selectAllStep(paging: Omit<SelectAllPaging, 'fetchNextPage'>): SelectAllStep {
  if (paging.failed) {
    return 'give-up';
  }
  if (paging.fetching) {
    return 'wait';
  }
  return paging.hasNextPage ? 'fetch' : 'select';
}

/**
 * The selection of a listing (the drive's files, a share page's items, the member's shared
 * links) over the pure model of `selection.ts`: what is selected, focused and the anchor of a
 * Shift range, with the ids that left the listing dropped; "select all" fetching the pages not
 * loaded yet first (meanwhile `selectingAll`, so the selection bar offers no action on a part).
 * A new `scope` (another folder, section or filter) starts with nothing selected.
 */
export function useListSelection({
  scope,
  order,
  isListed,
  paging,
}: {
  scope: string;
  /** The listed ids in display order. */
  order: readonly string[];
  /** Whether an id is listed, when a set of `order` would be too costly to build. */
  isListed?: (id: string) => boolean;
  /** Without paging, "select all" selects the items loaded. */
  paging?: SelectAllPaging;
}) {
  const [selection, setSelection] = useState<SelectionState>(emptySelection);
  const [selectingAll, setSelectingAll] = useState(false);
  const [selectionScope, setSelectionScope] = useState(scope);
  if (selectionScope !== scope) {
    setSelectionScope(scope);
    setSelection(emptySelection);
    setSelectingAll(false);
  }
  // Memoized: a listing re-renders on every scroll frame and every page it fetches.
  const current = useMemo(
    () => keepListed(selection, isListed ?? order),
    [selection, isListed, order],
  );
  const selectedIds = useMemo(() => selectedInOrder(current, order), [current, order]);

  const step = selectingAll && paging ? selectAllStep(paging) : undefined;
  if (step === 'give-up' || step === 'select' || (selectingAll && !paging)) {
    setSelectingAll(false);
    if (step !== 'give-up') {
      setSelection((state) => selectAll(state, order));
    }
  }
  const fetchNextPage = paging?.fetchNextPage;
  useEffect(() => {
    if (step === 'fetch') {
      void fetchNextPage?.();
    }
  }, [step, fetchNextPage]);

  const hasNextPage = paging?.hasNextPage ?? false;
  const selectAllItems = useCallback(() => {
    setSelection((state) => selectAll(state, order));
    setSelectingAll(hasNextPage);
  }, [order, hasNextPage]);
  const clear = useCallback(() => {
    setSelection((state) => clearSelection(state));
    setSelectingAll(false);
  }, []);
  const toggle = useCallback((id: string) => setSelection((state) => toggleItem(state, id)), []);
  /** A click on an item's check box; with Shift (`range`), the range from the last one ticked. */
  const check = useCallback(
    (id: string, range: boolean) => setSelection((state) => checkItem(state, order, id, range)),
    [order],
  );

  return {
    setSelection,
    current,
    selectedIds,
    selecting: current.selected.size > 0,
    selectingAll,
    setSelectingAll,
    selectAll: selectAllItems,
    clear,
    toggle,
    check,
  } as const;
}
