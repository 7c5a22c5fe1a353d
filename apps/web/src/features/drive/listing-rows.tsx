'use client';

import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';
import { ListingSkeleton } from './browser/browser-parts';
import type { VirtualRowsProps } from '@/features/items/virtual-rows';

const loadVirtualRows = () =>
  import('@/features/items/virtual-rows').then((module) => module.VirtualRows);

/** The virtualized rows once their code has arrived, for every listing shown afterwards. */
let loadedRows: ComponentType<VirtualRowsProps> | undefined;

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
 * The rows of a listing (`VirtualRows`, loaded on its own); should the items come before the
 * rows' code, the listing's placeholder stays until it has arrived.
 */
export function ListingRows(props: VirtualRowsProps) {
  const [Rows, setRows] = useState(() => loadedRows);
  useEffect(() => {
    if (!Rows) {
      void loadVirtualRows().then((component) => setRows(() => component));
    }
  }, [Rows]);
  return Rows ? (
    <Rows {...props} />
  ) : (
    <ListingSkeleton view={props.gridClassName === undefined ? 'list' : 'grid'} />
  );
}
