import { useCallback, useMemo, useState } from 'react';
import type { ListedItems } from '../listed-items';
import { listedFile, listedIndex } from '../listed-items';
import { useListSelection } from '@/features/items/use-list-selection';

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
  // Memoized: a listing of 100,000 items re-renders for every page it fetches.
  const isListed = useCallback((id: string) => listedIndex(listed, id) >= 0, [listed]);
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const selection = useListSelection({
    scope: viewKey,
    order,
    isListed,
    paging: {
      hasNextPage,
      fetching: isFetchingNextPage,
      failed: isFetchNextPageError,
      fetchNextPage,
    },
  });
  const { current, selectedIds, setSelection, selectingAll, setSelectingAll } = selection;
  /** The item whose name is an input (inline rename). */
  const [renaming, setRenaming] = useState<string>();
  const [renamingScope, setRenamingScope] = useState(viewKey);
  if (renamingScope !== viewKey) {
    setRenamingScope(viewKey);
    setRenaming(undefined);
  }
  const selectedFiles = useMemo(
    () => selectedIds.map((id) => listedFile(listed, id)).filter((file) => file !== undefined),
    [selectedIds, listed],
  );

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
    selecting: selection.selecting,
    renaming,
    setRenaming,
    selectingAll,
    setSelectingAll,
    focusIndex,
    focusMoves,
    bumpFocus,
  } as const;
}
