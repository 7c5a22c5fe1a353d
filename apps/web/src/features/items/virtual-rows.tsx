'use client';

import type { ReactNode, Ref, RefObject } from 'react';
import { memo, useEffect, useImperativeHandle, useMemo } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { RowFrame, rowCells } from './row-frame';
import type { RowSlots } from './row-slots';

/** What a listing asks of its rows from outside: a key press scrolls a row into view. */
export interface VirtualRowsHandle {
  scrollToRow: (row: number) => void;
}

export interface VirtualRowsProps {
  /** The scrolling element the rows are laid out in. */
  scrollRef: RefObject<HTMLElement | null>;
  /** The items loaded so far. */
  count: number;
  /** Items a row holds: 1 in the list view, the tiles that fit across in the grid view. */
  columns: number;
  rowHeight: number;
  /** Rows drawn beyond the view on each side. */
  overscan: number;
  /** The classes of a row of the grid view (`columns` > 1 lays a row out as a grid). */
  gridClassName?: string;
  /** Whether more pages follow: a placeholder row ends the rows, and nearing it fetches one. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The placeholder row's content; gray by default. */
  renderMore?: () => ReactNode;
  /** The index of the item with the keyboard focus, -1 for none; its row is kept in view. */
  focusIndex?: number;
  /** Bumped by every key that moves the focus, so Home scrolls back to a focused first item. */
  focusMoves?: number;
  /** The index of an item whose row draws over the next one (the inline rename's message). */
  raisedIndex?: number;
  /**
   * Whether each row is laid out and painted on its own (CSS containment; rows of a fixed height
   * whose content never draws outside them).
   */
  contained?: boolean;
  /**
   * Hands the elements of a row scrolled out of view to a row scrolled in, instead of React
   * removing the one and creating the other (a listing of 100,000 items); rows are keyed by
   * their index without it.
   */
  slots?: RowSlots;
  /** The role of the element holding the rows (a table's `rowgroup`). */
  role?: string;
  /** The role of a row of items (a grid's `row`); the placeholder row stays presentational. */
  rowRole?: string;
  handle?: Ref<VirtualRowsHandle>;
  /** The item at an index, keyed by `slot` (its place in its row). */
  renderItem: (index: number, slot: number) => ReactNode;
}

const grayRow = () => <div className="h-full animate-pulse rounded-lg bg-muted/60" aria-hidden />;

/**
 * The rows of a listing in view (TanStack Virtual), fetching the next page as the end nears: the
 * drive's listings, a share page's files and the member's shared links. Its own component so
 * that a scroll re-renders the rows alone, not the page around them.
 */
export const VirtualRows = memo(function VirtualRows({
  scrollRef,
  count,
  columns,
  rowHeight,
  overscan,
  gridClassName,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  renderMore = grayRow,
  focusIndex = -1,
  focusMoves = 0,
  raisedIndex = -1,
  contained = false,
  slots,
  role,
  rowRole = 'presentation',
  handle,
  renderItem,
}: VirtualRowsProps) {
  const itemRows = Math.ceil(count / columns);
  const rowCount = itemRows + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  useImperativeHandle(
    handle,
    () => ({ scrollToRow: (row) => virtualizer.scrollToIndex(row, { align: 'auto' }) }),
    [virtualizer],
  );
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight, columns]);
  const virtualRows = virtualizer.getVirtualItems();
  const lastRow = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastRow >= itemRows - 10) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastRow, itemRows]);
  useEffect(() => {
    if (focusIndex >= 0) {
      virtualizer.scrollToIndex(Math.floor(focusIndex / columns), { align: 'auto' });
    }
  }, [focusIndex, columns, virtualizer, focusMoves]);

  const raisedRow = raisedIndex >= 0 ? Math.floor(raisedIndex / columns) : -1;
  const keys = useMemo(() => {
    const indexes = virtualRows.map((row) => row.index);
    return slots ? slots.assign(indexes) : indexes;
  }, [slots, virtualRows]);
  return (
    <div
      role={role}
      style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}
    >
      {virtualRows.map((row, position) => {
        const cells = rowCells(row.index, columns, count, renderItem);
        return (
          <RowFrame
            key={keys[position]}
            start={row.start}
            height={row.size}
            columns={columns}
            gridClassName={gridClassName}
            contained={contained}
            raised={row.index === raisedRow}
            role={cells.length === 0 ? 'presentation' : rowRole}
          >
            {cells.length === 0 ? renderMore() : cells}
          </RowFrame>
        );
      })}
    </div>
  );
});
