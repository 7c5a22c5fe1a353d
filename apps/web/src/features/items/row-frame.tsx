'use client';

import type { ReactNode } from 'react';
import { clsx } from 'clsx';

export interface RowFrameProps {
  /** Its top, from the start of the rows. */
  start: number;
  height: number;
  columns: number;
  /** The classes of a row of the grid view. */
  gridClassName: string | undefined;
  /** Whether the row is laid out and painted on its own (`contain: strict`). */
  contained: boolean;
  /** Whether the row draws over the next one (the inline rename's message). */
  raised: boolean;
  /** The row's role: a grid's `row`, else presentational. */
  role?: string | undefined;
  children: ReactNode;
}

/**
 * One row of a listing's rows, placed at its offset: the virtual rows' rows, and the first rows
 * the server renders before the virtual rows' code runs, laid out alike.
 */
export function RowFrame({
  start,
  height,
  columns,
  gridClassName,
  contained,
  raised,
  role = 'presentation',
  children,
}: RowFrameProps) {
  const grid = gridClassName !== undefined;
  return (
    <div
      role={role}
      className={clsx('absolute left-0 top-0 w-full', grid ? gridClassName : '')}
      style={{
        height,
        transform: `translateY(${start}px)`,
        // A row is laid out and painted on its own, except the one whose rename message
        // overlaps the next row.
        ...(contained ? { contain: raised ? 'layout style' : 'strict' } : {}),
        ...(raised ? { zIndex: 10 } : {}),
        ...(grid ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : {}),
      }}
    >
      {children}
    </div>
  );
}

/** The items of one row: `columns` of them from the row's first, fewer in the last row. */
export function rowCells(
  row: number,
  columns: number,
  count: number,
  renderItem: (index: number, slot: number) => ReactNode,
): ReactNode[] {
  const start = row * columns;
  const end = Math.min(start + columns, count);
  const cells: ReactNode[] = [];
  for (let index = start; index < end; index += 1) {
    cells.push(renderItem(index, index - start));
  }
  return cells;
}
