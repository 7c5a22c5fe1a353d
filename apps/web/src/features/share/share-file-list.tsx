'use client';

import dynamic from 'next/dynamic';
import type { KeyboardEvent } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { defaultStorage } from '@nimbus/client';
import type { SharedDisplayMode } from '@nimbus/contracts';
import { EyeOff } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ErrorTexts } from '@/lib/api/error-text';
import { ItemList } from '@/features/items/item-list';
import { DeferredRows } from '@/features/items/deferred-rows';
import type { VirtualRowsHandle } from '@/features/items/virtual-rows';
import type { PreviewFile } from '@/features/preview';
import { useLayoutStore } from '@/lib/layout-store';
import { useHydrated } from '@/lib/use-hydrated';
import { clsx } from 'clsx';
import { peekRestore } from './restore-continue';
import { useShareActions } from './share-actions';
import { ShareListItem } from './share-list-item';
import { shareItemsKeyHandler } from './share-list-keys';
import { SelectAllBox, ShareListToolbar } from './share-list-toolbar';
import { pendingPickOf } from './share-pick';
import {
  isCoverLifted,
  isSensitiveStatus,
  liftCover,
  readSharedDisplayMode,
  storeSsrViewType,
} from './share-preferences';
import type { ShareFile } from './share-api';
import { shareFileInfo } from './share-api';
import { isDefaultOrder, useShareListing } from './use-share-listing';
import { useSharePick } from './use-share-pick';

// The bar loads with the first pick: most visitors pick nothing.
const ShareSelectionBar = dynamic(
  () => import('./share-selection-bar').then((module) => module.ShareSelectionBar),
  { ssr: false },
);

// The viewer loads when a file is first opened.
const FilePreview = dynamic(
  () => import('@/features/preview').then((module) => module.FilePreview),
  { ssr: false },
);

const rowHeight = 56;
const cardHeight = 208;
const cardMinWidth = 160;

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
  const { shareId, parentIds, token } = props;
  const t = useTranslations('share');
  const { requestDownload, requestZip, requestSave, setPreviewing, saving } = useShareActions();
  const isMobile = useLayoutStore((state) => state.isMobile);
  // The list the server rendered takes no input until it has hydrated: a pick made before then
  // would be lost.
  const hydrated = useHydrated();
  const listing = useShareListing(props);
  const { mode, files, next, loading, error, relist, loadMore } = listing;
  const [coverLifted, setCoverLifted] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const rowsRef = useRef<VirtualRowsHandle>(null);
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [previewId, setPreviewId] = useState<string | undefined>(undefined);
  const previewable = files.filter((file) => file.kind !== 'drive#folder');
  const previewIndex = previewable.findIndex((file) => file.id === previewId);
  const grid = mode.viewType === 'grid';
  const columns = useColumns(scrollElement, grid);
  const pick = useSharePick({
    shareId,
    parentIds,
    files,
    next,
    loading,
    error,
    loadMore,
    shareActions: { requestDownload, requestZip, requestSave },
  });
  const { order, setSelection, current, picking, allPicked, selectingAll } = pick;

  const loadFile = useCallback(
    async (id: string): Promise<PreviewFile> => {
      // What this browser plays, for the server's pick among `medias`; loaded with the viewer.
      const mediaCodecs = (await import('@/features/player/media-codecs')).browserMediaCodecs();
      const answer = await shareFileInfo({
        share_id: shareId,
        file_id: id,
        pass_code_token: token,
        thumbnail_size: 'SIZE_LARGE',
        media_codecs: mediaCodecs,
      });
      if (answer.share_status !== 'OK' || !answer.file_info) {
        throw new Error(answer.share_status);
      }
      return answer.file_info;
    },
    [shareId, token],
  );

  const player = useMemo(
    () => ({
      loadTracks: async (id: string) =>
        (await import('./share-media-tracks')).shareMediaTracks(shareId, token, id),
    }),
    [shareId, token],
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
      listing.setMode(stored);
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

  useEffect(() => {
    setPreviewing(previewIndex >= 0);
  }, [previewIndex, setPreviewing]);

  const selectAllBox = (
    <SelectAllBox
      allPicked={allPicked}
      partly={(picking || selectingAll) && !allPicked}
      onToggle={() => (allPicked || selectingAll ? pick.clearPick() : pick.pickAll())}
    />
  );
  const toolbar = (
    <ShareListToolbar
      mode={mode}
      changeMode={listing.changeMode}
      selectAllBox={grid && files.length > 0 ? selectAllBox : null}
    />
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

  // Made at the key press: the virtual rows' handle is read then, not while rendering.
  const onItemsKeyDown = (event: KeyboardEvent<HTMLDivElement>) =>
    shareItemsKeyHandler({
      order,
      columns,
      grid,
      scrollElement,
      scrollToLine: (line) => rowsRef.current?.scrollToRow(line),
      setSelection,
    })(event);

  const lift = () => {
    liftCover(defaultStorage(), shareId);
    setCoverLifted(true);
  };
  const anyCovered = !coverLifted && files.some((file) => isSensitiveStatus(file.audit?.status));

  const selectionBar =
    picking || selectingAll ? (
      <ShareSelectionBar
        selectingAll={selectingAll}
        count={pick.pickedIds.length}
        isMobile={isMobile}
        saving={saving}
        onClear={pick.clearPick}
        onDownload={pick.downloadPicked}
        onSave={pick.savePicked}
      />
    ) : null;

  return (
    <div
      className="flex min-h-0 flex-1 flex-col gap-3"
      data-testid="share-files"
      inert={!hydrated}
      onKeyDown={pick.onPickKeys}
    >
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
      <ItemList
        header={
          grid ? null : (
            <div className="flex items-center border-b pr-12 text-xs font-medium text-muted-foreground md:pr-10">
              {selectAllBox}
              <span className="flex-1 pl-9">{t('list.name')}</span>
              <span className="w-20 text-right sm:w-28">{t('list.size')}</span>
            </div>
          )
        }
        scrollRef={scrollRef}
        onScrollElement={setScrollElement}
        role="list"
        aria-label={t('list.label')}
        aria-busy={loading}
        data-testid="share-list"
        data-view={mode.viewType}
        onKeyDown={onItemsKeyDown}
        className={clsx(
          'h-[min(70vh,calc(100dvh-16rem))] min-h-64 overflow-auto',
          isMobile && picking && 'pb-16',
        )}
        Rows={DeferredRows}
        rows={{
          handle: rowsRef,
          count: files.length,
          columns,
          rowHeight: grid ? cardHeight : rowHeight,
          overscan: grid ? 3 : 10,
          gridClassName: grid ? 'grid gap-2 p-1' : undefined,
          hasNextPage: next !== '',
          // A failed page is not fetched again by scrolling; its row says what went wrong.
          isFetchingNextPage: loading || error !== '',
          fetchNextPage: loadMore,
          renderMore: () => (
            <div
              role="listitem"
              className="flex h-full w-full items-center justify-center text-sm text-muted-foreground"
            >
              {error || t('list.loading')}
            </div>
          ),
          renderItem: (index) => {
            const file = files[index];
            if (!file) {
              return null;
            }
            const selected = current.selected.has(file.id);
            return (
              <div
                key={file.id}
                role="listitem"
                data-index={index}
                data-testid="share-item"
                data-name={file.name}
                data-kind={file.kind === 'drive#folder' ? 'folder' : 'file'}
                data-selected={selected ? 'true' : undefined}
                className="h-full min-w-0"
              >
                <ShareListItem
                  file={file}
                  shareId={shareId}
                  parentIds={parentIds}
                  grid={grid}
                  coverLifted={coverLifted}
                  selected={selected}
                  picking={picking}
                  lastPointer={pick.lastPointer}
                  onNameClick={pick.onNameClick}
                  onCheckClick={pick.onCheckClick}
                  onItemPointerDown={pick.onItemPointerDown}
                  onItemPointerEnd={pick.onItemPointerEnd}
                  onPreview={setPreviewId}
                  requestZip={requestZip}
                  requestDownload={requestDownload}
                />
              </div>
            );
          },
        }}
      />
      {isMobile ? selectionBar : null}
      {previewIndex >= 0 ? (
        <FilePreview
          files={previewable}
          index={previewIndex}
          onClose={() => setPreviewId(undefined)}
          onIndexChange={(index) => setPreviewId(previewable[index]?.id)}
          loadFile={loadFile}
          player={player}
          onDownload={(file) => requestDownload(file)}
        />
      ) : null}
    </div>
  );
}
