'use client';

import type { MouseEvent, PointerEvent, RefObject } from 'react';
import { Download, EyeOff } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import {
  itemGlyph,
  itemName,
  itemPicture,
  itemSizeText,
  itemTileClass,
} from '@/features/items/item-parts';
import { clsx } from 'clsx';
import { ItemCheckbox } from '@/features/items/item-checkbox';
import type { useShareActions } from './share-actions';
import { zipBodyOf } from './share-pick';
import { isSensitiveStatus } from './share-preferences';
import { shareFolderPath } from './share-route';
import type { ShareFile } from './share-api';

export interface ShareListItemProps {
  file: ShareFile;
  shareId: string;
  parentIds: string[];
  grid: boolean;
  coverLifted: boolean;
  selected: boolean;
  picking: boolean;
  /** Whether the last pointer on an item was a finger (its long press picks). */
  lastPointer: RefObject<string>;
  /** A click on the name: true when it opens the item, false when it picked. */
  onNameClick: (file: ShareFile, event: MouseEvent) => boolean;
  onCheckClick: (file: ShareFile, event: MouseEvent) => void;
  onItemPointerDown: (file: ShareFile, event: PointerEvent) => void;
  onItemPointerEnd: () => void;
  onPreview: (id: string) => void;
  requestZip: ReturnType<typeof useShareActions>['requestZip'];
  requestDownload: ReturnType<typeof useShareActions>['requestDownload'];
}

/**
 * One item of a share page's listing, a row or a card: its check box, its name (a folder's page
 * or the viewer), its size and a download button; a cover over its picture while it is under
 * review as sensitive and the visitor has not lifted the cover.
 */
export function ShareListItem({
  file,
  shareId,
  parentIds,
  grid,
  coverLifted,
  selected,
  picking,
  lastPointer,
  onNameClick,
  onCheckClick,
  onItemPointerDown,
  onItemPointerEnd,
  onPreview,
  requestZip,
  requestDownload,
}: ShareListItemProps) {
  const t = useTranslations('share');
  const locale = useLocale();
  const sizeOf = (item: ShareFile) => itemSizeText(item, locale);
  const folder = file.kind === 'drive#folder';
  const covered = isSensitiveStatus(file.audit?.status) && !coverLifted;
  const href = folder ? shareFolderPath(shareId, [...parentIds, file.id]) : undefined;
  const focusClass =
    'focus-visible:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';
  const openFile = (event: MouseEvent) => {
    if (onNameClick(file, event)) {
      onPreview(file.id);
    }
  };
  const followLink = (event: MouseEvent) => {
    onNameClick(file, event);
  };
  const pointer = {
    onPointerDown: (event: PointerEvent) => onItemPointerDown(file, event),
    onPointerUp: onItemPointerEnd,
    onPointerLeave: onItemPointerEnd,
    onPointerCancel: onItemPointerEnd,
    onContextMenu: (event: MouseEvent) => {
      // The long press picks; the phone's link menu would cover the page.
      if (lastPointer.current === 'touch') {
        event.preventDefault();
      }
    },
  };
  const check = (
    <ItemCheckbox
      checked={selected}
      label={t('selection.select', { name: file.name })}
      onToggle={(event) => onCheckClick(file, event)}
      testId="share-check"
      compact
      className={clsx(
        grid &&
          !selected &&
          !picking &&
          'opacity-0 group-hover:opacity-100 focus-within:opacity-100 pointer-coarse:opacity-100',
      )}
    />
  );
  const downloadButton = (
    <button
      type="button"
      aria-label={t(folder ? 'download.folder' : 'download.file', { name: file.name })}
      title={t('download.label')}
      data-testid="share-download"
      onClick={() =>
        folder ? requestZip(zipBodyOf(shareId, parentIds, [file.id])) : requestDownload(file)
      }
      className={clsx(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground md:size-9',
        focusClass,
      )}
    >
      <Download aria-hidden className="size-4" />
    </button>
  );
  if (grid) {
    const picture = covered ? (
      <span className="flex size-full flex-col items-center justify-center gap-1 bg-neutral-800 text-xs text-neutral-100">
        <EyeOff aria-hidden className="size-6" />
        {t('cover.file')}
      </span>
    ) : (
      itemPicture(file)
    );
    const body = (
      <>
        <span className="flex h-32 w-full items-center justify-center overflow-hidden rounded-lg bg-muted/60">
          {picture}
        </span>
        {itemName(file.name, 'mt-2 block w-full text-sm font-medium')}
      </>
    );
    return (
      <div {...pointer} className={clsx(itemTileClass(selected), '[-webkit-touch-callout:none]')}>
        <span className="absolute left-1 top-1 z-10 rounded-lg bg-background/80">{check}</span>
        {href ? (
          <Link
            href={href}
            onClick={followLink}
            data-primary
            className={clsx('flex flex-col rounded-lg', focusClass)}
          >
            {body}
          </Link>
        ) : (
          <button
            type="button"
            onClick={openFile}
            aria-label={t('preview', { name: file.name })}
            data-testid="share-open"
            data-primary
            className={clsx('flex flex-col rounded-lg text-left', focusClass)}
          >
            {body}
          </button>
        )}
        <span className="flex items-center justify-between gap-1 text-xs text-muted-foreground">
          <span className="truncate">{sizeOf(file)}</span>
          {downloadButton}
        </span>
      </div>
    );
  }
  const content = (
    <>
      {itemGlyph(file)}
      {itemName(file.name, 'flex-1')}
      {covered ? (
        <span className="flex shrink-0 items-center gap-1 text-xs text-muted-foreground">
          <EyeOff aria-hidden className="size-4" />
          <span className="hidden sm:inline">{t('cover.file')}</span>
        </span>
      ) : null}
      <span className="w-20 shrink-0 text-right text-sm text-muted-foreground sm:w-28">
        {sizeOf(file)}
      </span>
    </>
  );
  return (
    <div
      {...pointer}
      className={clsx(
        'flex h-full select-none items-center border-b pr-1 [-webkit-touch-callout:none]',
        selected && 'bg-primary/10',
      )}
    >
      {check}
      {href ? (
        <Link
          href={href}
          onClick={followLink}
          data-primary
          className={clsx(
            'flex h-full min-w-0 flex-1 items-center gap-3 pr-3 hover:bg-muted',
            focusClass,
          )}
        >
          {content}
        </Link>
      ) : (
        <button
          type="button"
          onClick={openFile}
          aria-label={t('preview', { name: file.name })}
          data-testid="share-open"
          data-primary
          className={clsx(
            'flex h-full min-w-0 flex-1 items-center gap-3 pr-3 text-left hover:bg-muted',
            focusClass,
          )}
        >
          {content}
        </button>
      )}
      <span className="flex w-11 shrink-0 justify-center md:w-9">{downloadButton}</span>
    </div>
  );
}
