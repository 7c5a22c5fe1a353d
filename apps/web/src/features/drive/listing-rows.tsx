'use client';

import { DeferredRows } from '@/features/items/deferred-rows';
import type { VirtualRowsProps } from '@/features/items/virtual-rows';
import { ListingSkeleton } from './browser/browser-parts';

/**
 * The rows of a drive listing (`DeferredRows`: the first screen's items as the server rendered
 * them, then the virtual rows); a listing still without items shows its placeholder until then.
 */
export function ListingRows(props: VirtualRowsProps) {
  // The listing is a grid (file-browser.tsx): its rows are rows of item cells.
  return (
    <DeferredRows
      rowRole="row"
      {...props}
      empty={<ListingSkeleton view={props.gridClassName === undefined ? 'list' : 'grid'} />}
    />
  );
}
