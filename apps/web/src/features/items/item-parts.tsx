import type { ReactNode } from 'react';
import { formatBytes } from '@nimbus/contracts';
import { clsx } from 'clsx';
import type { DriveFile } from '@nimbus/contracts';
import { ItemIcon, itemIconOf } from './item-icons';

/*
 * The parts of an item's row and tile that the drive's listings (file-item.tsx) and the share
 * page's list (share-file-list.tsx) both draw. Plain functions that return elements rather than
 * components: a row of a virtual list re-renders on every scroll step that hands it another item,
 * and these add no component of their own to it. The icons are the listing's SVG symbols
 * (`ItemIconSymbols`, rendered once beside the list).
 */

/** What a row shows of an item: a drive item or an item of a share. */
export type ShownItem = Pick<
  DriveFile,
  'kind' | 'name' | 'size' | 'file_category' | 'thumbnail_link'
>;

/** An item's size in the locale (base 1024), or a dash for a folder or an unknown size. */
export function itemSizeText(item: Pick<ShownItem, 'kind' | 'size'>, locale: string): string {
  return item.kind === 'drive#folder' || item.size === ''
    ? '—'
    : formatBytes(item.size, { locale });
}

/** An item's icon by its kind and category, in its colour; `tile` is the grid's large one. */
export function itemGlyph(
  item: Pick<ShownItem, 'kind' | 'file_category'>,
  tile = false,
): ReactNode {
  const icon = itemIconOf(item);
  return (
    <ItemIcon
      name={icon.name}
      className={clsx(tile ? 'size-12' : 'size-6', 'shrink-0', icon.className)}
    />
  );
}

/** The picture of a grid tile: the item's thumbnail, else its large icon. */
export function itemPicture(item: ShownItem): ReactNode {
  return item.thumbnail_link ? (
    // eslint-disable-next-line @next/next/no-img-element -- signed thumbnail URLs on the content origin
    <img src={item.thumbnail_link} alt="" loading="lazy" className="size-full object-cover" />
  ) : (
    itemGlyph(item, true)
  );
}

/** An item's name, cut with an ellipsis where it does not fit (the whole name as its title). */
export function itemName(name: string, className?: string): ReactNode {
  return (
    <span className={clsx('min-w-0 truncate', className)} title={name}>
      {name}
    </span>
  );
}

/** The frame of a grid tile, selected or not. */
export function itemTileClass(selected: boolean): string {
  return clsx(
    'group relative flex h-full select-none flex-col rounded-xl border p-2',
    selected ? 'border-primary bg-primary/10' : 'border-border bg-background hover:bg-muted',
  );
}
