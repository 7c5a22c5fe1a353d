import type { RefObject } from 'react';
import { useEffect, useState } from 'react';
import { RowSlots } from '@/features/items/row-slots';

const listRowHeight = 48;
const mobileRowHeight = 56;
const gridTileWidth = 176;
const gridRowHeight = 204;

/** The width of the listing, followed as the window or the sidebar changes it. */
function useWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) {
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      setWidth(entry?.contentRect.width ?? 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/**
 * How a drive listing's rows are laid out: the tiles that fit across the grid, a row's height,
 * and the row elements a scroll hands from the rows that leave the view to those that come in
 * (a listing of 100,000 items scrolls without creating elements).
 */
export function useListingLayout(
  scrollRef: RefObject<HTMLDivElement | null>,
  view: 'list' | 'grid',
  isMobile: boolean,
) {
  const width = useWidth(scrollRef);
  const [slots] = useState(() => new RowSlots());
  return {
    columns: view === 'grid' ? Math.max(2, Math.floor((width - 16) / gridTileWidth)) : 1,
    rowHeight: view === 'grid' ? gridRowHeight : isMobile ? mobileRowHeight : listRowHeight,
    slots,
  };
}
