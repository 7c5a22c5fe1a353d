'use client';

import type { KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { defaultStorage } from '@nimbus/client';
import type { SharedDisplayMode, SortOrder } from '@nimbus/contracts';
import { defaultSharedDisplayMode } from '@nimbus/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  Download,
  EyeOff,
  HardDriveDownload,
  LayoutGrid,
  List,
  LoaderCircle,
  X,
} from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import Link from 'next/link';
import type { ErrorTexts } from '@/lib/api/error-text';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { errorText } from '@/lib/api/error-text';
import { browserClient } from '@/lib/api/browser-client';
import { ItemIconSymbols } from '@/features/drive/item-icons';
import { LongPress } from '@/features/drive/long-press';
import {
  itemGlyph,
  itemName,
  itemPicture,
  itemSizeText,
  itemTileClass,
} from '@/features/drive/item-parts';
import type { PreviewFile } from '@/features/drive/preview';
import { FilePreview } from '@/features/drive/preview';
import type { SelectionState } from '@/features/drive/selection';
import {
  clearSelection,
  clickItem,
  emptySelection,
  keepListed,
  selectAll,
  selectedInOrder,
  toggleItem,
} from '@/features/drive/selection';
import { useLayoutStore } from '@/lib/layout-store';
import { cn } from '@/lib/cn';
import { peekRestore } from './restore-continue';
import { useShareActions } from './share-actions';
import {
  downloadOf,
  zipBodyOf,
  extendTo,
  gestureOf,
  maxPickedItems,
  maxZipItems,
  pendingPickOf,
  pickedRestoreBody,
} from './share-pick';
import {
  isCoverLifted,
  isSensitiveStatus,
  liftCover,
  readSharedDisplayMode,
  storeSsrViewType,
  writeSharedDisplayMode,
} from './share-preferences';
import { shareFolderPath } from './share-route';
import type { OpenShareAnswer, ShareDetailAnswer, ShareFile } from './share-types';
import { sharePageSize } from './share-types';

const rowHeight = 56;
const cardHeight = 208;
const cardMinWidth = 160;

/** The sort orders the share page offers. */
const sortChoices = [
  'MODIFY_TIME_DESC',
  'MODIFY_TIME_ASC',
  'NAME_ASC',
  'NAME_DESC',
  'SIZE_DESC',
  'SIZE_ASC',
] as const satisfies readonly SortOrder[];

export interface ShareFileListProps {
  shareId: string;
  /** The folders from the share's root to the one listed; empty at the root. */
  parentIds: string[];
  token: string;
  /** The first page as the server rendered it (default display mode). */
  initialFiles: ShareFile[];
  initialNextPageToken: string;
  /** The view the server rendered (the "ssr view type" cookie). */
  initialViewType: SharedDisplayMode['viewType'];
  errorTexts: ErrorTexts;
}

/** One page of the listed folder: the share's root or a folder inside it. */
async function fetchPage(
  shareId: string,
  parentId: string | undefined,
  token: string,
  pageToken: string,
  mode: SharedDisplayMode,
): Promise<{ files: ShareFile[]; next: string; status: string; text: string }> {
  const query = {
    share_id: shareId,
    pass_code_token: token,
    page_token: pageToken,
    limit: sharePageSize,
    order: mode.orderType,
    folders_first: mode.pinFoldersTop ? 'true' : 'false',
    thumbnail_size: 'SIZE_SMALL',
  };
  const answer =
    parentId === undefined
      ? await browserClient().get<OpenShareAnswer>('/drive/v1/share', { query })
      : await browserClient().get<ShareDetailAnswer>('/drive/v1/share/detail', {
          query: { ...query, parent_id: parentId },
        });
  return {
    files: answer.files,
    next: answer.next_page_token,
    status: answer.share_status,
    text: answer.share_status_text,
  };
}

/** Whether the server's first page was listed in this display mode. */
function isDefaultOrder(mode: SharedDisplayMode): boolean {
  return (
    mode.orderType === defaultSharedDisplayMode.orderType &&
    mode.pinFoldersTop === defaultSharedDisplayMode.pinFoldersTop
  );
}

/** How many cards fit in a row of the grid. */
function useColumns(element: HTMLElement | null, grid: boolean): number {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    if (!element || !grid) {
      return;
    }
    const measure = () =>
      setColumns(Math.max(1, Math.floor((element.clientWidth - 8) / cardMinWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, grid]);
  return grid ? columns : 1;
}

/**
 * The files of a shared folder in the share display mode (list or grid, sort order, folders on
 * top; kept in local storage as the "shared display mode"): a virtualized list or grid of
 * thumbnails (a thousand items stay fast) that loads the next pages as it scrolls. A folder opens
 * its own page `/s/{shareId}/.../{folderId}`; a file opens the viewer (scene
 * SHARE_PREVIEW_WINDOW) and has a download button. Items under review as sensitive show a cover
 * until the visitor lifts it for the share ("hidden shared content cover").
 *
 * Items are picked with their check boxes, Ctrl/Cmd-click, Shift-click (a range), Space and
 * Shift with the arrows, Ctrl/Cmd+A (the whole folder, its other pages fetched first) and let go
 * with Esc; on a phone by a long press, then taps. The selection bar ("N selected") saves the
 * picked items (with the folders opened to reach them) or downloads their files one at a time.
 */
export function ShareFileList(props: ShareFileListProps) {
  const { shareId, parentIds, token, errorTexts } = props;
  const t = useTranslations('share');
  const locale = useLocale();
  const { requestDownload, requestZip, requestSave, setPreviewing, saving } = useShareActions();
  const isMobile = useLayoutStore((state) => state.isMobile);
  const [mode, setMode] = useState<SharedDisplayMode>({
    ...defaultSharedDisplayMode,
    viewType: props.initialViewType,
  });
  const [files, setFiles] = useState(props.initialFiles);
  const [next, setNext] = useState(props.initialNextPageToken);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const [coverLifted, setCoverLifted] = useState(false);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const generation = useRef(0);
  const [previewId, setPreviewId] = useState<string | undefined>(undefined);
  const previewable = files.filter((file) => file.kind !== 'drive#folder');
  const previewIndex = previewable.findIndex((file) => file.id === previewId);
  const grid = mode.viewType === 'grid';
  const columns = useColumns(scrollElement, grid);

  // ---- Picking items ----------------------------------------------------------------------
  const [selection, setSelection] = useState<SelectionState>(emptySelection);
  /** Ctrl+A with pages not loaded yet: they are fetched, then everything is picked. */
  const [selectingAll, setSelectingAll] = useState(false);
  const order = useMemo(() => files.map((file) => file.id), [files]);
  const byId = useMemo(() => new Map(files.map((file) => [file.id, file])), [files]);
  // Memoized: a folder of a thousand items renders on every scroll frame.
  const current = useMemo(() => keepListed(selection, order), [selection, order]);
  const pickedIds = useMemo(() => selectedInOrder(current, order), [current, order]);
  const picking = pickedIds.length > 0;
  const allPicked = picking && !next && pickedIds.length === files.length;
  const lastPointer = useRef('mouse');
  const [longPress] = useState(() => new LongPress());

  const loadFile = useCallback(
    async (id: string): Promise<PreviewFile> => {
      const answer = await browserClient().get<{
        share_status: string;
        file_info: PreviewFile | null;
      }>('/drive/v1/share/file_info', {
        query: {
          share_id: shareId,
          file_id: id,
          pass_code_token: token,
          thumbnail_size: 'SIZE_LARGE',
        },
      });
      if (answer.share_status !== 'OK' || !answer.file_info) {
        throw new Error(answer.share_status);
      }
      return answer.file_info;
    },
    [shareId, token],
  );

  /** Lists the folder again from its first page in a display mode. */
  const relist = useCallback(
    async (target: SharedDisplayMode) => {
      const run = ++generation.current;
      setLoading(true);
      setError('');
      try {
        const page = await fetchPage(shareId, parentIds.at(-1), token, '', target);
        if (run !== generation.current) {
          return;
        }
        if (page.status !== 'OK') {
          setError(page.text || t('list.error'));
          setNext('');
          return;
        }
        setFiles(page.files);
        setNext(page.next);
      } catch (cause) {
        if (run === generation.current) {
          setError(errorText(cause, locale, errorTexts) ?? t('list.error'));
        }
      } finally {
        if (run === generation.current) {
          setLoading(false);
        }
      }
    },
    [shareId, parentIds, token, t, locale, errorTexts],
  );

  // The visitor's stored display mode and lifted cover; the server rendered the defaults.
  useEffect(() => {
    const storage = defaultStorage();
    const stored = readSharedDisplayMode(storage);
    const lifted = isCoverLifted(storage, shareId);
    // A save waiting for the sign-in shows the items it picks here as picked again.
    const waiting = pendingPickOf(peekRestore(storage, shareId, Date.now())?.body, parentIds);
    if (stored.viewType !== props.initialViewType) {
      storeSsrViewType(stored.viewType);
    }
    void Promise.resolve().then(() => {
      setMode(stored);
      setCoverLifted(lifted);
      if (waiting.length > 0) {
        setSelection({ selected: new Set(waiting), anchor: waiting[0], focus: undefined });
      }
      if (!isDefaultOrder(stored)) {
        void relist(stored);
      }
    });
    // Only once per page: later changes go through `changeMode`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shareId]);

  const changeMode = (change: Partial<SharedDisplayMode>) => {
    const nextMode = writeSharedDisplayMode(defaultStorage(), change);
    const reorder =
      nextMode.orderType !== mode.orderType || nextMode.pinFoldersTop !== mode.pinFoldersTop;
    setMode(nextMode);
    storeSsrViewType(nextMode.viewType);
    if (reorder) {
      void relist(nextMode);
    }
  };

  useEffect(() => {
    setPreviewing(previewIndex >= 0);
  }, [previewIndex, setPreviewing]);

  const lines = Math.ceil(files.length / columns) + (next ? 1 : 0);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read in render on purpose
  const virtualizer = useVirtualizer({
    count: lines,
    getScrollElement: () => scrollElement,
    estimateSize: () => (grid ? cardHeight : rowHeight),
    overscan: grid ? 3 : 10,
  });
  useEffect(() => {
    virtualizer.measure();
  }, [grid, columns, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const lastLine = rows.at(-1)?.index ?? -1;

  const loadMore = useCallback(async () => {
    if (!next || loading) {
      return;
    }
    const run = generation.current;
    setLoading(true);
    try {
      const page = await fetchPage(shareId, parentIds.at(-1), token, next, mode);
      if (run !== generation.current) {
        return;
      }
      if (page.status !== 'OK') {
        setError(page.text || t('list.error'));
        setNext('');
      } else {
        setFiles((current) => [...current, ...page.files]);
        setNext(page.next);
      }
    } catch (cause) {
      setError(errorText(cause, locale, errorTexts) ?? t('list.error'));
    } finally {
      if (run === generation.current) {
        setLoading(false);
      }
    }
  }, [next, loading, shareId, parentIds, token, mode, t, locale, errorTexts]);

  useEffect(() => {
    if (next && !error && (lastLine + 1) * columns >= files.length - 10) {
      void loadMore();
    }
  }, [next, error, lastLine, columns, files.length, loadMore]);

  // Ctrl+A picks the whole folder: the pages not loaded yet are fetched first; meanwhile the
  // selection bar says so and offers no action, so none applies to a part only.
  useEffect(() => {
    if (!selectingAll || loading) {
      return;
    }
    if (error) {
      void Promise.resolve().then(() => setSelectingAll(false));
      return;
    }
    if (next) {
      void loadMore();
      return;
    }
    void Promise.resolve().then(() => {
      setSelectingAll(false);
      setSelection((state) => selectAll(state, order));
    });
  }, [selectingAll, loading, error, next, loadMore, order]);

  const pickAll = useCallback(() => {
    setSelection((state) => selectAll(state, order));
    setSelectingAll(Boolean(next));
  }, [order, next]);

  const clearPick = useCallback(() => {
    setSelection((state) => clearSelection(state));
    setSelectingAll(false);
  }, []);

  /** A click on an item's name: opens it, or picks with Ctrl/Cmd, Shift, or a tap while picking. */
  const onNameClick = (file: ShareFile, event: MouseEvent) => {
    if (longPress.takeFired()) {
      event.preventDefault();
      return false;
    }
    const gesture = gestureOf(event, { picking, touch: lastPointer.current === 'touch' });
    if (gesture === 'open') {
      return true;
    }
    event.preventDefault();
    setSelection((state) => clickItem(keepListed(state, order), order, file.id, gesture.modifiers));
    return false;
  };

  /** A click on an item's check box: toggles it, or adds the range from the anchor with Shift. */
  const onCheckClick = (file: ShareFile, event: MouseEvent) => {
    event.stopPropagation();
    if (longPress.takeFired()) {
      // The long press picked the item already.
      return;
    }
    setSelection((state) =>
      event.shiftKey
        ? clickItem(keepListed(state, order), order, file.id, { range: true, toggle: true })
        : toggleItem(state, file.id),
    );
  };

  /** A finger resting on an item picks it (phones), as in a phone's gallery. */
  const onItemPointerDown = (file: ShareFile, event: PointerEvent) => {
    lastPointer.current = event.pointerType;
    longPress.start(event.pointerType, () => setSelection((state) => toggleItem(state, file.id)));
  };
  const onItemPointerEnd = () => longPress.cancel();

  const savePicked = () => {
    const body = pickedRestoreBody(shareId, parentIds, pickedIds, allPicked);
    if (!body) {
      toast({ title: t('selection.too-many', { max: maxPickedItems }) });
      return;
    }
    requestSave(body);
  };

  const downloadPicked = () => {
    const picked = pickedIds.map((id) => byId.get(id)).filter((file) => file !== undefined);
    const plan = downloadOf(shareId, parentIds, picked, allPicked);
    if (!plan) {
      toast({ title: t('selection.too-many-download', { max: maxZipItems }) });
      return;
    }
    if (plan.kind === 'file') {
      const file = byId.get(plan.fileId);
      if (file) {
        requestDownload(file);
      }
      return;
    }
    requestZip(plan.body);
  };

  const lift = () => {
    liftCover(defaultStorage(), shareId);
    setCoverLifted(true);
  };

  const selectAllBox = (
    <label className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center md:size-9">
      <input
        type="checkbox"
        ref={(element) => {
          if (element) {
            element.indeterminate = (picking || selectingAll) && !allPicked;
          }
        }}
        checked={allPicked}
        onChange={() => undefined}
        onClick={() => (allPicked || selectingAll ? clearPick() : pickAll())}
        aria-label={t('selection.select-all')}
        data-testid="share-check-all"
        className="size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </label>
  );

  const toolbar = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      {grid && files.length > 0 ? selectAllBox : null}
      <label className="mr-auto flex items-center gap-2 text-sm text-muted-foreground">
        {t('view.sort')}
        <select
          value={mode.orderType}
          onChange={(event) => changeMode({ orderType: event.target.value as SortOrder })}
          className="min-h-11 rounded-lg border border-border bg-background px-2 text-sm text-foreground md:min-h-9"
          data-testid="share-sort"
        >
          {sortChoices.map((order) => (
            <option key={order} value={order}>
              {t(`view.orders.${order}`)}
            </option>
          ))}
        </select>
      </label>
      <div
        role="group"
        aria-label={t('view.label')}
        className="flex rounded-lg border border-border"
      >
        {(['list', 'grid'] as const).map((viewType) => {
          const Icon = viewType === 'list' ? List : LayoutGrid;
          return (
            <button
              key={viewType}
              type="button"
              aria-pressed={mode.viewType === viewType}
              aria-label={t(`view.${viewType}`)}
              title={t(`view.${viewType}`)}
              data-testid={`share-view-${viewType}`}
              onClick={() => changeMode({ viewType })}
              className={cn(
                'inline-flex size-11 items-center justify-center first:rounded-l-lg last:rounded-r-lg focus-visible:outline-2 focus-visible:outline-ring md:size-9',
                mode.viewType === viewType ? 'bg-primary/10 text-primary' : 'hover:bg-muted',
              )}
            >
              <Icon aria-hidden className="size-4" />
            </button>
          );
        })}
      </div>
    </div>
  );

  if (files.length === 0 && !next && !loading) {
    return (
      <div className="flex flex-col gap-3">
        {toolbar}
        <p className="py-16 text-center text-muted-foreground" data-testid="share-empty">
          {error || t('list.empty')}
        </p>
      </div>
    );
  }

  const sizeOf = (file: ShareFile) => itemSizeText(file, locale);

  const item = (file: ShareFile) => {
    const folder = file.kind === 'drive#folder';
    const covered = isSensitiveStatus(file.audit?.status) && !coverLifted;
    const selected = current.selected.has(file.id);
    const href = folder ? shareFolderPath(shareId, [...parentIds, file.id]) : undefined;
    const focusClass =
      'focus-visible:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring';
    const openFile = (event: MouseEvent) => {
      if (onNameClick(file, event)) {
        setPreviewId(file.id);
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
      <label
        className={cn(
          'inline-flex size-11 shrink-0 cursor-pointer items-center justify-center md:size-9',
          grid &&
            !selected &&
            !picking &&
            'opacity-0 group-hover:opacity-100 focus-within:opacity-100 pointer-coarse:opacity-100',
        )}
      >
        <input
          type="checkbox"
          checked={selected}
          onChange={() => undefined}
          onClick={(event) => onCheckClick(file, event)}
          aria-label={t('selection.select', { name: file.name })}
          data-testid="share-check"
          className="size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
      </label>
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
        className={cn(
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
        <div {...pointer} className={cn(itemTileClass(selected), '[-webkit-touch-callout:none]')}>
          <span className="absolute left-1 top-1 z-10 rounded-lg bg-background/80">{check}</span>
          {href ? (
            <Link
              href={href}
              onClick={followLink}
              data-primary
              className={cn('flex flex-col rounded-lg', focusClass)}
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
              className={cn('flex flex-col rounded-lg text-left', focusClass)}
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
        className={cn(
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
            className={cn(
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
            className={cn(
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
  };

  /**
   * The keys of the items: arrows move between them (up and down by a row of the grid, left and
   * right by one), Home and End to the first and last loaded item, the list scrolling to the
   * item first; with Shift they pick the range they pass over. Space picks or unpicks the item.
   */
  const onItemsKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    const currentItem = target.closest<HTMLElement>('[data-index]');
    if (!currentItem || !scrollElement || event.altKey) {
      return;
    }
    const index = Number(currentItem.dataset.index);
    const id = order[index];
    if (id === undefined) {
      return;
    }
    if (event.key === ' ' && target.hasAttribute('data-primary')) {
      if (event.ctrlKey || event.metaKey || event.shiftKey) {
        return;
      }
      event.preventDefault();
      setSelection((state) => toggleItem(state, id));
      return;
    }
    const step: Record<string, number> = {
      ArrowDown: columns,
      ArrowUp: -columns,
      ...(grid ? { ArrowRight: 1, ArrowLeft: -1 } : {}),
    };
    let targetIndex: number | undefined;
    if (event.key in step) {
      targetIndex = index + (step[event.key] ?? 0);
    } else if (event.key === 'Home') {
      targetIndex = 0;
    } else if (event.key === 'End') {
      targetIndex = files.length - 1;
    }
    if (targetIndex === undefined || targetIndex < 0 || targetIndex >= files.length) {
      return;
    }
    event.preventDefault();
    const targetId = order[targetIndex];
    if (event.shiftKey && targetId !== undefined) {
      setSelection((state) => extendTo(keepListed(state, order), order, id, targetId));
    }
    virtualizer.scrollToIndex(Math.floor(targetIndex / columns));
    const focusTarget = (attempt: number) => {
      const element = scrollElement.querySelector<HTMLElement>(
        `[data-index="${targetIndex}"] [data-primary]`,
      );
      if (element) {
        element.focus();
      } else if (attempt < 5) {
        requestAnimationFrame(() => focusTarget(attempt + 1));
      }
    };
    focusTarget(0);
  };

  /** Ctrl/Cmd+A picks every item of the folder, Esc lets go of the pick. */
  const onPickKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('select, textarea, input:not([type=checkbox])')) {
      return;
    }
    const command = event.ctrlKey || event.metaKey;
    if (command && !event.shiftKey && !event.altKey && (event.key === 'a' || event.key === 'A')) {
      event.preventDefault();
      pickAll();
      return;
    }
    if (event.key === 'Escape' && (picking || selectingAll)) {
      event.preventDefault();
      clearPick();
    }
  };

  const anyCovered = !coverLifted && files.some((file) => isSensitiveStatus(file.audit?.status));

  const selectionBar =
    picking || selectingAll ? (
      <div
        role="toolbar"
        aria-label={t('selection.label')}
        data-testid="share-selection-bar"
        className={cn(
          'flex items-center gap-2 bg-background px-2 py-1',
          isMobile
            ? 'fixed inset-x-0 bottom-0 z-30 border-t border-border pb-[max(0.25rem,env(safe-area-inset-bottom))] shadow-[var(--shadow-popover)]'
            : 'rounded-lg border border-border',
        )}
      >
        <Button variant="ghost" size="icon" aria-label={t('selection.clear')} onClick={clearPick}>
          <X aria-hidden />
        </Button>
        <span
          role="status"
          className="mr-auto flex min-w-0 items-center gap-2 truncate text-sm font-medium"
          data-testid="share-selection-count"
        >
          {selectingAll ? (
            <>
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
              {t('selection.selecting-all')}
            </>
          ) : (
            t('selection.count', { count: pickedIds.length })
          )}
        </span>
        <Button
          variant="outline"
          size={isMobile ? 'icon' : 'sm'}
          aria-label={isMobile ? t('selection.download') : undefined}
          disabled={selectingAll}
          onClick={downloadPicked}
          data-testid="share-selection-download"
        >
          <Download aria-hidden />
          {isMobile ? null : t('selection.download')}
        </Button>
        <Button
          size="sm"
          disabled={selectingAll || saving}
          onClick={savePicked}
          data-testid="share-selection-save"
        >
          <HardDriveDownload aria-hidden />
          {t('selection.save')}
        </Button>
      </div>
    ) : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3" onKeyDown={onPickKeys}>
      {toolbar}
      {anyCovered ? (
        <div
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm"
          data-testid="share-file-cover"
        >
          <span className="flex items-center gap-2">
            <EyeOff aria-hidden className="size-4" />
            {t('cover.files')}
          </span>
          <button
            type="button"
            onClick={lift}
            className="min-h-11 rounded-lg px-3 font-medium text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:min-h-9"
          >
            {t('cover.show')}
          </button>
        </div>
      ) : null}
      {isMobile ? null : selectionBar}
      {grid ? null : (
        <div className="flex items-center border-b pr-12 text-xs font-medium text-muted-foreground md:pr-10">
          {selectAllBox}
          <span className="flex-1 pl-9">{t('list.name')}</span>
          <span className="w-20 text-right sm:w-28">{t('list.size')}</span>
        </div>
      )}
      <ItemIconSymbols />
      <div
        ref={setScrollElement}
        role="list"
        aria-label={t('list.label')}
        aria-busy={loading}
        data-testid="share-list"
        data-view={mode.viewType}
        onKeyDown={onItemsKeyDown}
        className={cn(
          'h-[min(70vh,calc(100dvh-16rem))] min-h-64 overflow-auto',
          isMobile && picking && 'pb-16',
        )}
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {rows.map((row) => {
            const style = { height: row.size, transform: `translateY(${row.start}px)` };
            const start = row.index * columns;
            const lineFiles = files.slice(start, start + columns);
            if (lineFiles.length === 0) {
              return (
                <div
                  key="more"
                  role="listitem"
                  style={style}
                  className="absolute left-0 top-0 flex w-full items-center justify-center text-sm text-muted-foreground"
                >
                  {error || t('list.loading')}
                </div>
              );
            }
            return (
              <div
                key={`${row.index}-${columns}`}
                role="presentation"
                style={
                  grid
                    ? { ...style, gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }
                    : style
                }
                className={cn('absolute left-0 top-0 w-full', grid && 'grid gap-2 p-1')}
              >
                {lineFiles.map((file, offset) => (
                  <div
                    key={file.id}
                    role="listitem"
                    data-index={start + offset}
                    data-testid="share-item"
                    data-name={file.name}
                    data-kind={file.kind === 'drive#folder' ? 'folder' : 'file'}
                    data-selected={current.selected.has(file.id) ? 'true' : undefined}
                    className="h-full min-w-0"
                  >
                    {item(file)}
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      </div>
      {isMobile ? selectionBar : null}
      {previewIndex >= 0 ? (
        <FilePreview
          files={previewable}
          index={previewIndex}
          onClose={() => setPreviewId(undefined)}
          onIndexChange={(index) => setPreviewId(previewable[index]?.id)}
          loadFile={loadFile}
          onDownload={(file) => requestDownload(file)}
        />
      ) : null}
    </div>
  );
}
