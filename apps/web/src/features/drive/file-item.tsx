'use client';

import type { MouseEvent, PointerEvent, ReactNode } from 'react';
import { memo, useMemo } from 'react';
import type { LucideIcon } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useLocale, useTimeZone } from 'next-intl';
import { cn } from '@/lib/cn';
import type { DriveFile } from './drive-api';
import { isFolder } from './drive-api';
import { ItemIcon } from '@/features/items/item-icons';
import {
  itemGlyph,
  itemName,
  itemPicture,
  itemSizeText,
  itemTileClass,
} from '@/features/items/item-parts';
import { modifiedTextFormatter } from './modified-text';
import { formatDuration } from '@/lib/format-duration';

/** One action offered for items (context menu, "more" menu, selection bar). */
export interface ItemAction {
  key: string;
  label: string;
  icon: LucideIcon;
  danger?: boolean;
  run: () => void;
}

/** The item whose "more actions" menu is open, its button, and where that button was. */
export interface MoreMenuTarget {
  file: DriveFile;
  anchor: HTMLElement;
  rect: { left: number; top: number; width: number; height: number };
}

const loadItemMenu = () => import('./item-menu');
const LoadedItemMenu = dynamic(() => loadItemMenu().then((module) => module.ItemMenu), {
  ssr: false,
});

/**
 * The "more actions" menu of a listing (the listing's one item menu, `./item-menu`), opened under
 * the item's button and loaded when a "more" button is first hovered, focused or pressed: the
 * first screen of the drive does without the menu's code. A click elsewhere that closes it leaves
 * the focus where that click put it.
 */
export function ItemMoreMenu({
  target,
  actionsOf,
  onClose,
}: {
  target: MoreMenuTarget | undefined;
  actionsOf: (file: DriveFile) => ItemAction[];
  onClose: () => void;
}) {
  return target ? (
    <LoadedItemMenu
      key={target.file.id}
      at={target.rect}
      placement="button"
      actions={actionsOf(target.file)}
      returnFocus={target.anchor}
      refocusAfterOutside={false}
      onClose={onClose}
    />
  ) : null;
}

/**
 * The "more actions" button of an item: shown on hover and focus, always on touch screens. It
 * opens the listing's one "more" menu (`ItemMoreMenu`) for its item.
 */
function MoreButton({
  file,
  label,
  open,
  onOpen,
}: {
  file: DriveFile;
  label: string;
  open: boolean;
  onOpen: (file: DriveFile, anchor: HTMLElement) => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      data-testid="item-more"
      onPointerEnter={() => void loadItemMenu()}
      onFocus={() => void loadItemMenu()}
      onClick={(event) => {
        event.stopPropagation();
        onOpen(file, event.currentTarget);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          event.stopPropagation();
          onOpen(file, event.currentTarget);
        }
      }}
      onDoubleClick={(event) => event.stopPropagation()}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground opacity-100 hover:bg-background hover:text-foreground focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring data-[state=open]:opacity-100 md:size-8 md:opacity-0 md:group-hover:opacity-100"
    >
      <ItemIcon name="more" className="size-4" />
    </button>
  );
}

/** When an item changed: relative within a week ("3 minutes ago"), else the locale's date. */
export function useModifiedText(): (iso: string) => string {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return useMemo(() => {
    const format = modifiedTextFormatter(locale, timeZone);
    return (iso: string) => format(iso);
  }, [locale, timeZone]);
}

export interface FileItemProps {
  file: DriveFile;
  view: 'list' | 'grid';
  selected: boolean;
  focused: boolean;
  /** Whether the listing has the keyboard focus (the focused item shows its ring). */
  showFocus: boolean;
  /** Whether any item is selected (check boxes show on every item then). */
  selecting: boolean;
  modified: string;
  starredLabel: string;
  onClick: (file: DriveFile, event: MouseEvent) => void;
  onDoubleClick: (file: DriveFile) => void;
  onCheck: (file: DriveFile) => void;
  onContextMenu: (file: DriveFile) => void;
  onPointerDown: (file: DriveFile, event: PointerEvent) => void;
  onPointerEnd: () => void;
  /** The label of the item's "more actions" button. */
  moreLabel: (name: string) => string;
  /** Opens the listing's "more" menu for the item, next to `anchor`. */
  onMore: (file: DriveFile, anchor: HTMLElement) => void;
  /** Whether the "more" menu is open for the item. */
  moreOpen: boolean;
  /** The list row's quick share button (shown on hover and focus); none where sharing is not offered. */
  quickShare?: { label: (name: string) => string; run: (file: DriveFile) => void };
  /** The inline rename field, shown instead of the name while the item is renamed. */
  rename?: ReactNode;
  /** Where the item is (a search result's folder path), under its name. */
  location?: ReactNode;
  /** Whether dragged items would land in this folder if dropped now. */
  dropTarget?: boolean;
  /** Whether the item is being dragged. */
  dragged?: boolean;
}

/** One item of a listing: a row of the list view or a tile of the grid view. */
export const FileItem = memo(function FileItem(props: FileItemProps) {
  const { file, view, selected, focused, showFocus } = props;
  const locale = useLocale();
  const size = file.event_type_name ?? itemSizeText(file, locale);
  const check = (
    <span
      aria-hidden
      onClick={(event) => {
        event.stopPropagation();
        props.onCheck(file);
      }}
      className={cn(
        'inline-flex size-5 shrink-0 items-center justify-center rounded border',
        selected
          ? 'border-primary bg-primary text-primary-foreground'
          : 'border-border bg-background',
        selected || props.selecting ? 'opacity-100' : 'opacity-0 group-hover:opacity-100',
      )}
    >
      {selected ? <ItemIcon name="check" className="size-3.5" /> : null}
    </span>
  );
  const common = {
    id: `drive-item-${file.id}`,
    // A cell of the listing's grid, not a list box's option: it holds its own buttons (share,
    // more actions), which an option may not.
    role: 'gridcell',
    'aria-selected': selected,
    'data-testid': 'drive-item',
    'data-name': file.name,
    'data-kind': isFolder(file) ? 'folder' : 'file',
    // Folders take dropped items (drag-to-move).
    ...(isFolder(file) ? { 'data-drop-id': file.id } : {}),
    'data-drop-target': props.dropTarget ? 'true' : undefined,
    onClick: (event: MouseEvent) => props.onClick(file, event),
    onDoubleClick: () => props.onDoubleClick(file),
    onContextMenu: () => props.onContextMenu(file),
    onPointerDown: (event: PointerEvent) => props.onPointerDown(file, event),
    onPointerUp: props.onPointerEnd,
    onPointerLeave: props.onPointerEnd,
    onPointerCancel: props.onPointerEnd,
  } as const;
  const ring = props.dropTarget
    ? 'outline-2 -outline-offset-2 outline-primary outline bg-primary/15'
    : focused && showFocus
      ? 'outline-2 -outline-offset-2 outline-ring outline'
      : '';
  const faded = props.dragged ? 'opacity-50' : '';
  const star = file.starred ? (
    <ItemIcon
      name="star"
      label={props.starredLabel}
      className="size-4 shrink-0 fill-amber-400 text-amber-400"
    />
  ) : null;

  if (view === 'grid') {
    return (
      <div
        {...common}
        className={cn(
          itemTileClass(selected),
          'cursor-default',
          props.rename ? '' : 'overflow-hidden',
          ring,
          faded,
        )}
      >
        <div className="absolute left-2 top-2 z-10">{check}</div>
        <div className="absolute right-1 top-1 z-10">
          <MoreButton
            file={file}
            label={props.moreLabel(file.name)}
            open={props.moreOpen}
            onOpen={props.onMore}
          />
        </div>
        <div className="flex flex-1 items-center justify-center overflow-hidden rounded-lg bg-muted/60">
          {itemPicture(file)}
          {file.params.duration ? (
            <span
              className="absolute bottom-12 right-3 rounded bg-neutral-950/70 px-1.5 text-xs tabular-nums text-white"
              data-testid="item-duration"
            >
              {formatDuration(Number(file.params.duration))}
            </span>
          ) : null}
        </div>
        <div className="mt-2 flex items-center gap-1">
          {props.rename ?? itemName(file.name, 'flex-1 text-sm font-medium')}
          {star}
        </div>
        {/*
         * A recent change reads relatively ("12 seconds ago"), and the browser hydrating the
         * server's listing reads it a moment later: the server's text stays until the item
         * renders again, instead of React throwing the server's listing away and rendering it
         * all anew.
         */}
        {props.location ?? (
          <span className="truncate text-xs text-muted-foreground" suppressHydrationWarning>
            {file.event_type_name ? `${file.event_type_name} · ${props.modified}` : props.modified}
          </span>
        )}
      </div>
    );
  }

  return (
    <div
      {...common}
      className={cn(
        'group flex h-full cursor-default select-none items-center gap-3 rounded-lg px-3',
        selected ? 'bg-primary/10' : 'hover:bg-muted',
        ring,
        faded,
      )}
    >
      {check}
      {itemGlyph(file)}
      <span className="flex min-w-0 flex-1 flex-col justify-center">
        <span className="flex min-w-0 items-center gap-2">
          {props.rename ?? itemName(file.name, 'text-sm')}
          {star}
        </span>
        {props.location}
      </span>
      {/* See the tile's date: the server's "12 seconds ago" may be the browser's "14 seconds ago". */}
      <span
        className="hidden w-40 shrink-0 truncate text-sm text-muted-foreground sm:block"
        suppressHydrationWarning
      >
        {props.modified}
      </span>
      <span className="w-20 shrink-0 text-right text-sm tabular-nums text-muted-foreground sm:w-24">
        {size}
      </span>
      {props.quickShare ? (
        <button
          type="button"
          aria-label={props.quickShare.label(file.name)}
          title={props.quickShare.label(file.name)}
          data-testid="item-share"
          onClick={(event) => {
            event.stopPropagation();
            props.quickShare?.run(file);
          }}
          onDoubleClick={(event) => event.stopPropagation()}
          className="hidden size-8 shrink-0 items-center justify-center rounded-lg text-muted-foreground opacity-0 hover:bg-background hover:text-foreground focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-ring group-hover:opacity-100 md:inline-flex"
        >
          <ItemIcon name="share" className="size-4" />
        </button>
      ) : null}
      <MoreButton
        file={file}
        label={props.moreLabel(file.name)}
        open={props.moreOpen}
        onOpen={props.onMore}
      />
    </div>
  );
});
