'use client';

import type { ComponentType } from 'react';
import { startTransition, useEffect, useState } from 'react';
import { RowFrame, rowCells } from '@/features/items/row-frame';
import type { VirtualRowsProps } from '@/features/items/virtual-rows';
import { useHydrated } from '@/lib/use-hydrated';
import { ListingSkeleton } from './browser/browser-parts';

const loadVirtualRows = () =>
  import('@/features/items/virtual-rows').then((module) => module.VirtualRows);

/** The virtualized rows once their code has arrived, for every listing shown afterwards. */
let loadedRows: ComponentType<VirtualRowsProps> | undefined;

/** The height the first rows fill: a tall window's listing. */
const firstRowsPx = 1200;

// The rows' code (TanStack Virtual) is not part of the drive's first load: it is fetched as soon
// as the drive's code runs, while the page checks the session and asks for the listing's first
// page, so it is there before the items are.
if (typeof window !== 'undefined') {
  loadVirtualRows().then(
    (component) => {
      loadedRows = component;
    },
    () => undefined,
  );
}

/**
 * The rows that fill the first screen, laid out as the virtual rows lay them out: what the
 * server renders of a listing it has the first page of, and what shows until the virtual rows'
 * code has arrived.
 */
function FirstRows({
  count,
  columns,
  rowHeight,
  gridClassName,
  contained = false,
  hasNextPage,
  role,
  rowRole,
  renderItem,
}: VirtualRowsProps) {
  const itemRows = Math.ceil(count / columns);
  const shown = Math.min(itemRows, Math.ceil(firstRowsPx / rowHeight));
  return (
    <div
      role={role}
      style={{
        height: (itemRows + (hasNextPage ? 1 : 0)) * rowHeight,
        position: 'relative',
        width: '100%',
      }}
    >
      {Array.from({ length: shown }, (_, row) => (
        <RowFrame
          key={row}
          start={row * rowHeight}
          height={rowHeight}
          columns={columns}
          gridClassName={gridClassName}
          contained={contained}
          raised={false}
          role={rowRole}
        >
          {rowCells(row, columns, count, renderItem)}
        </RowFrame>
      ))}
    </div>
  );
}

/**
 * The rows of a listing (`VirtualRows`, loaded on its own). Until its code has arrived, and while
 * the page hydrates what the server rendered, the items of the first screen show as they are (a
 * listing still without items shows its placeholder); the virtual rows then take their place in
 * a transition, which yields to input instead of blocking the page.
 */
export function ListingRows(props: VirtualRowsProps) {
  const hydrated = useHydrated();
  const [Rows, setRows] = useState(() => (hydrated ? loadedRows : undefined));
  useEffect(() => {
    if (!Rows) {
      void loadVirtualRows().then((component) => startTransition(() => setRows(() => component)));
    }
  }, [Rows]);
  // The listing is a grid (file-browser.tsx): its rows are rows of item cells.
  if (Rows) {
    return <Rows rowRole="row" {...props} />;
  }
  return props.count > 0 ? (
    <FirstRows rowRole="row" {...props} />
  ) : (
    <ListingSkeleton view={props.gridClassName === undefined ? 'list' : 'grid'} />
  );
}
