'use client';

import type { ComponentType, HTMLAttributes, ReactElement, ReactNode, RefObject } from 'react';
import { useCallback } from 'react';
import type { VirtualRowsProps } from './virtual-rows';

export interface ItemListProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Above the scrolling rows: the column headers (a click sorts), a "select all" box. */
  header?: ReactNode;
  /** The scrolling element, for the rows and for the listing's own needs. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Told of the scrolling element as it comes and goes (what measures it re-runs). */
  onScrollElement?: (element: HTMLDivElement | null) => void;
  /** Wraps the scrolling element (the drive's context menu, which adds its handlers to it). */
  wrap?: (list: ReactElement<HTMLAttributes<HTMLDivElement>>) => ReactNode;
  /** What the scrolling element shows: the rows, or instead of them what `body` says. */
  body?: (rows: ReactNode) => ReactNode;
  /**
   * The virtual rows (`VirtualRows`, or a listing's wrapper that loads them on their own, off
   * the page's first load).
   */
  Rows: ComponentType<VirtualRowsProps>;
  /** The rows: how many, their layout, paging, and each item's row or tile. */
  rows: Omit<VirtualRowsProps, 'scrollRef'>;
}

/**
 * A listing of items with check boxes, one scrolling element of virtual rows under its headers:
 * the drive's files, a share page's files and the member's shared links. Each passes its own
 * columns, row (with its actions), roles and keys; the selection is `useListSelection`'s and
 * the bar of what is selected `SelectionBar`.
 */
export function ItemList({
  header,
  scrollRef,
  onScrollElement,
  wrap,
  body,
  Rows,
  rows,
  ...listProps
}: ItemListProps) {
  const ref = useCallback(
    (element: HTMLDivElement | null) => {
      scrollRef.current = element;
      onScrollElement?.(element);
    },
    [scrollRef, onScrollElement],
  );
  const virtualRows = <Rows scrollRef={scrollRef} {...rows} />;
  const list = (
    <div ref={ref} {...listProps}>
      {body ? body(virtualRows) : virtualRows}
    </div>
  );
  return (
    <>
      {header}
      {wrap ? wrap(list) : list}
    </>
  );
}
