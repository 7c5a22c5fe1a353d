'use client';

import type { ReactNode, RefObject } from 'react';
import { memo, useEffect, useMemo, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cn } from '@/lib/cn';
import { RowSlots } from './row-slots';

export interface VirtualRowsProps {
  /** The scrolling element the rows are laid out in. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The items loaded so far. */
  count: number;
  /** Items a row holds: 1 in the list view, the tiles that fit across in the grid view. */
  columns: number;
  rowHeight: number;
  view: 'list' | 'grid';
  /** Whether more pages follow: a placeholder row ends the rows, and nearing it fetches one. */
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The index of the item with the keyboard focus, -1 for none; its row is kept in view. */
  focusIndex: number;
  /** Bumped by every key that moves the focus, so Home scrolls back to a focused first item. */
  focusMoves: number;
  /** The index of an item whose row draws over the next one (the inline rename's message). */
  raisedIndex: number;
  /** The item at an index, keyed by `slot` (its place in its row). */
  renderItem: (index: number, slot: number) => ReactNode;
}

/**
 * The rows of a listing in view (TanStack Virtual), fetching the next page as the end nears. Its
 * own component so that a scroll re-renders the rows alone, not the page around them.
 */
export const VirtualRows = memo(function VirtualRows({
  scrollRef,
  count,
  columns,
  rowHeight,
  view,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  focusIndex,
  focusMoves,
  raisedIndex,
  renderItem,
}: VirtualRowsProps) {
  const itemRows = Math.ceil(count / columns);
  const rowCount = itemRows + (hasNextPage ? 1 : 0);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    // Rows are of one fixed height: a few beyond the view are enough to cover a fast scroll.
    overscan: view === 'grid' ? 2 : 4,
  });
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
  // A row scrolled out of view hands its elements to a row scrolled in (RowSlots).
  const [slots] = useState(() => new RowSlots());
  const keys = useMemo(
    () => slots.assign(virtualRows.map((row) => row.index)),
    [slots, virtualRows],
  );
  return (
    <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
      {virtualRows.map((row, position) => {
        const start = row.index * columns;
        const end = Math.min(start + columns, count);
        const raised = row.index === raisedRow;
        const cells: ReactNode[] = [];
        for (let index = start; index < end; index += 1) {
          cells.push(renderItem(index, index - start));
        }
        return (
          <div
            key={keys[position]}
            role="presentation"
            className={cn(
              'absolute left-0 top-0 w-full',
              view === 'grid' ? 'grid gap-3 px-2 pb-3' : '',
            )}
            style={{
              height: row.size,
              transform: `translateY(${row.start}px)`,
              // A row is laid out and painted on its own, except the one whose rename message
              // overlaps the next row.
              contain: raised ? 'layout style' : 'strict',
              ...(raised ? { zIndex: 10 } : {}),
              ...(view === 'grid'
                ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }
                : {}),
            }}
          >
            {cells.length === 0 ? (
              <div className="h-full animate-pulse rounded-lg bg-muted/60" aria-hidden />
            ) : (
              cells
            )}
          </div>
        );
      })}
    </div>
  );
});
