'use client';

import type { ComponentType, ReactNode } from 'react';
import { startTransition, useEffect, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import { RowFrame, rowCells } from './row-frame';
import type { VirtualRowsProps } from './virtual-rows';

const loadVirtualRows = () => import('./virtual-rows').then((module) => module.VirtualRows);

/** The virtualized rows once their code has arrived, for every listing shown afterwards. */
let loadedRows: ComponentType<VirtualRowsProps> | undefined;

/** The height the first rows fill: a tall window's listing. */
const firstRowsPx = 1200;

// The rows' code (TanStack Virtual) is not part of a listing page's first load: it is fetched as
// soon as the page's code runs, while the page checks the session and asks for the listing's
// first page, so it is there before the items are.
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
  rowRole = 'presentation',
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

export interface DeferredRowsProps extends VirtualRowsProps {
  /** What shows instead of the first rows while there are no items (a skeleton); none by default. */
  empty?: ReactNode;
}

/**
 * A listing's rows (`VirtualRows`, loaded on its own): until its code has arrived, and while the
 * page hydrates what the server rendered, the items of the first screen show as they are; the
 * virtual rows then take their place in a transition, which yields to input instead of blocking
 * the page. A key press that scrolls a row into view (`handle`) waits for the virtual rows.
 */
export function DeferredRows({ empty, ...props }: DeferredRowsProps) {
  const hydrated = useHydrated();
  const [Rows, setRows] = useState(() => (hydrated ? loadedRows : undefined));
  useEffect(() => {
    if (!Rows) {
      void loadVirtualRows().then((component) => startTransition(() => setRows(() => component)));
    }
  }, [Rows]);
  if (Rows) {
    return <Rows {...props} />;
  }
  return props.count > 0 || empty === undefined ? <FirstRows {...props} /> : empty;
}
