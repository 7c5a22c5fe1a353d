'use client';

import dynamic from 'next/dynamic';
import { useCallback, useRef, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { emitAppEvent } from '@/lib/app-events';
import { useLeaveEvent } from '@/features/analytics/use-leave-event';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { cn } from '@/lib/cn';
import { useHydrated } from '@/lib/use-hydrated';
import type { DriveFile } from './drive-api';
import type { FileSection } from './drive-shell';
import { DropZone, FloatingUploadButton, PreviewSlot, TransfersPanel } from './drive-slots';
import { ItemMoreMenu, useModifiedText } from './file-item';
import { ItemIconSymbols } from '@/features/items/item-icon-symbols';
import { ItemList } from '@/features/items/item-list';
import { clearSelection } from '@/features/items/selection';
import { useDriveActions } from './use-drive-actions';
import { useBreadcrumbs, useListing } from './use-listing';
import { listedIndex } from './listed-items';
import { ListingRows } from './listing-rows';
import type { DialogState } from './browser/browser-dialogs';
import { BrowserDialogs } from './browser/browser-dialogs';
import { DragGhost, ListHeader, ListingStates } from './browser/browser-parts';
import { BrowserToolbar } from './browser/browser-toolbar';
import { ItemContextMenu } from './browser/item-context-menu';
import { useBrowserKeyboard } from './browser/use-browser-keyboard';
import { useBrowserSelection } from './browser/use-browser-selection';
import { useBrowserView, useOpenItem } from './browser/use-browser-view';
import { useDisplayPreferences } from './browser/use-display-preferences';
import { useDragMove } from './browser/use-drag-move';
import { menuFilesOf, useItemActions } from './browser/use-item-actions';
import { useFolderPaths } from './browser/use-folder-paths';
import { useItemPointer } from './browser/use-item-pointer';
import { ListingPreview } from './browser/listing-preview';
import { useLinkedActions } from './browser/use-linked-actions';
import { useListboxFocus } from './browser/use-listbox-focus';
import { useListingLayout } from './browser/use-listing-layout';
import { useRenderItem } from './browser/use-render-item';

// The bar loads with the first selection: most visits select nothing.
const BrowserSelectionBar = dynamic(
  () => import('./browser/browser-selection-bar').then((module) => module.BrowserSelectionBar),
  { ssr: false },
);

export interface FileBrowserProps {
  section: FileSection;
  errorTexts: ErrorTexts;
  /** The server rendered the listing for a phone (its guess from the user agent). */
  mobileHint?: boolean;
}

/**
 * The drive's file listings: `/drive/all` (a folder, with breadcrumbs), `/drive/trash` and
 * `/drive/recent`. A virtualized list or grid that fetches pages as it scrolls, with selection
 * (click, Shift, Ctrl/Cmd, long press), keyboard shortcuts, a context menu and a selection bar;
 * the parts are in `browser/`.
 */
export function FileBrowser({ section, errorTexts, mobileHint }: FileBrowserProps) {
  const t = useTranslations('drive');
  const locale = useLocale();
  const { keyword, folderId, isMobile, global, viewKey, display, view, listingInput, openFolder } =
    useBrowserView(section, mobileHint);
  const hydrated = useHydrated(); // What the server rendered takes no input until then.
  const actions = useDriveActions(errorTexts);
  useLeaveEvent((seconds) => emitAppEvent('file-manager-close', { view: section, seconds }));
  const describeError = useCallback(
    (cause: unknown) => errorText(cause, locale, errorTexts),
    [locale, errorTexts],
  );
  const { listed, items, query } = useListing(listingInput);
  const pathOf = useFolderPaths(items, keyword !== '');
  const selection = useBrowserSelection(viewKey, listed, query);
  const { order, setSelection, current, isListed, selectedFiles, selecting } = selection;
  const { renaming, selectingAll, setSelectingAll } = selection;
  const [dialog, setDialog] = useState<DialogState>();
  const [preview, setPreview] = useState<number>();
  const [menuTarget, setMenuTarget] = useState<DriveFile>();
  const editable = section !== 'trash';
  const breadcrumbs = useBreadcrumbs(folderId, t('nav.all'));

  const open = useOpenItem(section, openFolder, items, setPreview);

  const scrollRef = useRef<HTMLDivElement>(null);
  const { columns, rowHeight, slots } = useListingLayout(scrollRef, view, isMobile);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const pointer = useItemPointer({
    context: { order, isListed, selecting, open, current, selectedFiles },
    isMobile,
    canDrag: section === 'all' && !isMobile,
    setSelection,
    setMenuTarget,
  });
  const itemActions = useItemActions({
    section,
    actions,
    open,
    isMobile,
    setDialog,
    setSelection,
    setRenaming: selection.setRenaming,
    scrollRef,
    itemContext: pointer.itemContext,
    current,
    selectedFiles,
    openLocation: pathOf ? openFolder : undefined,
  });
  const { actionsFor, runTrash, startRename } = itemActions;
  const { drag, draggedIds, swallowDropClick } = useDragMove({
    pressed: pointer.pressed,
    setSelection,
    selectedFiles,
    current,
    folderId,
    actions,
  });
  const onKeyDown = useBrowserKeyboard({
    columns,
    editable,
    listed,
    isListed,
    current,
    selectedFiles,
    hasNextPage,
    setSelection,
    setSelectingAll,
    bumpFocus: selection.bumpFocus,
    setDialog,
    open,
    runTrash,
    startRename,
  });
  const { linkedPreview, closeLinkedPreview } = useLinkedActions({
    section,
    keyword,
    folderId,
    listed,
    query,
    openFolder,
    setDialog,
    setSelection,
    bumpFocus: selection.bumpFocus,
  });
  const { setOrder, setView } = useDisplayPreferences(viewKey, global);
  const newFolder = useCallback(() => setDialog({ type: 'new-folder' }), []);
  const emptyTrash = useCallback(() => setDialog({ type: 'empty-trash' }), []);
  const shareOne = useCallback(
    (file: DriveFile) => setDialog({ type: 'share', files: [file] }),
    [],
  );

  const modifiedText = useModifiedText();
  const title = t(`nav.${section}`);
  const menuFiles = menuFilesOf(menuTarget, current.selected, selectedFiles);

  const listFocus = useListboxFocus(current.focus, order, setSelection);
  const renderItem = useRenderItem({
    items,
    current,
    view,
    listFocused: listFocus.focused,
    selecting,
    trash: section === 'trash',
    modifiedText,
    pointer,
    itemActions,
    dropTargetId: drag?.target,
    draggedIds,
    renaming,
    describeError,
    location: pathOf ? { pathOf, rootName: t('nav.all'), openFolder } : undefined,
  });

  const activeId =
    current.focus && listedIndex(listed, current.focus) >= 0
      ? `drive-item-${current.focus}`
      : undefined;
  const listing = (
    <>
      <ItemList
        header={
          <>
            {view === 'list' && !isMobile && items.length > 0 ? (
              <ListHeader
                order={display.orderType}
                quickShare={editable}
                onSort={setOrder}
                section={section}
              />
            ) : null}
            <ItemIconSymbols />
          </>
        }
        wrap={(list) => (
          <ItemContextMenu
            actions={menuFiles.length > 0 ? actionsFor(menuFiles) : []}
            newFolder={section === 'all' ? newFolder : undefined}
            disabled={isMobile}
            onClosed={() => setMenuTarget(undefined)}
          >
            {list}
          </ItemContextMenu>
        )}
        scrollRef={scrollRef}
        role="grid"
        aria-multiselectable
        aria-label={title}
        aria-activedescendant={activeId}
        aria-busy={query.isFetching}
        tabIndex={0}
        data-testid="drive-listing"
        data-view={view}
        onKeyDown={onKeyDown}
        {...listFocus.handlers}
        onContextMenu={(event) => {
          if (event.target === event.currentTarget) {
            setMenuTarget(undefined);
          }
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) {
            setSelection((state) => clearSelection(state));
          }
        }}
        className={cn(
          'min-h-0 flex-1 overflow-y-auto overscroll-contain px-1 py-2 focus-visible:outline-none md:px-3',
          isMobile && selecting ? 'pb-20' : '',
        )}
        body={(rows) => (
          <ListingStates
            query={query}
            empty={items.length === 0}
            section={section}
            keyword={keyword}
            folderId={folderId}
            view={view}
            describeError={describeError}
            openFolder={openFolder}
          >
            {rows}
          </ListingStates>
        )}
        Rows={ListingRows}
        rows={{
          count: items.length,
          columns,
          rowHeight,
          slots,
          // Rows are of one fixed height: a few beyond the view are enough to cover a fast scroll.
          overscan: view === 'grid' ? 2 : 4,
          gridClassName: view === 'grid' ? 'grid gap-3 px-2 pb-3' : undefined,
          contained: true,
          hasNextPage,
          isFetchingNextPage,
          fetchNextPage,
          focusIndex: selection.focusIndex,
          focusMoves: selection.focusMoves,
          raisedIndex: renaming === undefined ? -1 : listedIndex(listed, renaming),
          renderItem,
        }}
      />
      <ItemMoreMenu
        target={pointer.moreTarget}
        actionsOf={itemActions.actionsOf}
        onClose={pointer.closeMore}
      />
    </>
  );

  const selectionBar =
    selectedFiles.length > 0 || selectingAll ? (
      <BrowserSelectionBar
        selectedFiles={selectedFiles}
        selectingAll={selectingAll}
        listedCount={items.length}
        isMobile={isMobile}
        actionsFor={actionsFor}
        onClear={() => {
          setSelection((state) => clearSelection(state));
          setSelectingAll(false);
        }}
      />
    ) : null;

  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      data-testid={`drive-${section}`}
      inert={!hydrated}
      onClickCapture={swallowDropClick}
    >
      <BrowserToolbar
        section={section}
        keyword={keyword}
        crumbs={breadcrumbs.data}
        openFolder={openFolder}
        dropTarget={drag?.target}
        dragging={drag !== undefined}
        folderId={folderId}
        errorTexts={errorTexts}
        empty={items.length === 0}
        viewKey={viewKey}
        isMobile={isMobile}
        view={view}
        orderType={display.orderType}
        pinFoldersTop={display.pinFoldersTop}
        viewType={display.viewType}
        orderSettingGlobal={global.orderSettingGlobal}
        viewSettingGlobal={global.viewSettingGlobal}
        setOrder={setOrder}
        setView={setView}
        onNewFolder={newFolder}
        onEmptyTrash={emptyTrash}
      />
      {isMobile ? null : selectionBar}
      {section === 'all' ? (
        <DropZone
          parentId={folderId}
          folderName={folderId === '' ? undefined : breadcrumbs.data?.at(-1)?.name}
        >
          {listing}
        </DropZone>
      ) : (
        listing
      )}
      {isMobile ? selectionBar : null}
      {section === 'all' && isMobile && !selecting ? (
        <FloatingUploadButton parentId={folderId} />
      ) : null}
      <TransfersPanel />
      {drag ? <DragGhost files={drag.files} x={drag.x} y={drag.y} /> : null}
      <ListingPreview
        items={items}
        index={preview}
        onIndexChange={setPreview}
        share={editable ? shareOne : undefined}
      />
      {linkedPreview ? (
        <PreviewSlot
          files={[linkedPreview]}
          index={0}
          onClose={closeLinkedPreview}
          onIndexChange={() => undefined}
        />
      ) : null}
      <BrowserDialogs
        dialog={dialog}
        setDialog={setDialog}
        actions={actions}
        folderId={folderId}
        describeError={describeError}
        setSelection={setSelection}
        scrollRef={scrollRef}
      />
    </div>
  );
}
