import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ListedItems } from '../listed-items';
import { listedFile, listedIndex } from '../listed-items';
import type { SelectionState } from '@/features/items/selection';
import { emptySelection, keepListed, selectAll, selectedInOrder } from '@/features/items/selection';

/** The part of the listing's query the selection follows (Ctrl+A fetches the rest). */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The selection of a drive listing: what is selected and focused, the item renamed in place, and
 * Ctrl+A in a folder not fully loaded (the rest is fetched, then all selected). A new folder or
 * section starts with nothing selected; items that left the listing drop out.
 */
export function useBrowserSelection(viewKey: string, listed: ListedItems, query: PagedQuery) {
  const order = listed.order;
  const [selection, setSelection] = useState<SelectionState>(emptySelection);
  /** The item whose name is an input (inline rename). */
  const [renaming, setRenaming] = useState<string>();
  /** Ctrl+A in a folder not fully loaded: the rest is being fetched to be selected too. */
  const [selectingAll, setSelectingAll] = useState(false);

  const [selectionScope, setSelectionScope] = useState(viewKey);
  if (selectionScope !== viewKey) {
    setSelectionScope(viewKey);
    setSelection(emptySelection);
    setSelectingAll(false);
    setRenaming(undefined);
  }
  // Memoized: a listing of 100,000 items re-renders for every page it fetches.
  const isListed = useCallback((id: string) => listedIndex(listed, id) >= 0, [listed]);
  const current = useMemo(() => keepListed(selection, isListed), [selection, isListed]);
  const selectedIds = useMemo(() => selectedInOrder(current, order), [current, order]);
  const selectedFiles = useMemo(
    () => selectedIds.map((id) => listedFile(listed, id)).filter((file) => file !== undefined),
    [selectedIds, listed],
  );

  // Ctrl+A selects the whole folder: the pages not loaded yet are fetched, then all selected.
  // Meanwhile the selection bar says so and offers no action, so none applies to a part only.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const fetchFailed = query.isFetchNextPageError;
  if (selectingAll && (fetchFailed || (!hasNextPage && !isFetchingNextPage))) {
    setSelectingAll(false);
    if (!fetchFailed) {
      setSelection((state) => selectAll(state, order));
    }
  }
  useEffect(() => {
    if (selectingAll && !fetchFailed && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [selectingAll, hasNextPage, isFetchingNextPage, fetchNextPage, fetchFailed]);

  const focusIndex = current.focus === undefined ? -1 : listedIndex(listed, current.focus);
  // Bumped by every key that moves the focus, so Home scrolls back even when the focus was on
  // the first item already.
  const [focusMoves, setFocusMoves] = useState(0);
  const bumpFocus = useCallback(() => setFocusMoves((moves) => moves + 1), []);

  return {
    order,
    setSelection,
    current,
    isListed,
    selectedFiles,
    selecting: current.selected.size > 0,
    renaming,
    setRenaming,
    selectingAll,
    setSelectingAll,
    focusIndex,
    focusMoves,
    bumpFocus,
  } as const;
}
