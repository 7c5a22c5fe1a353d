'use client';

import type { KeyboardEvent, MouseEvent, PointerEvent, ReactNode } from 'react';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SortOrder } from '@nimbus/contracts';
import {
  ArrowUpDown,
  Copy,
  Download,
  FolderInput,
  FolderOpen,
  FolderPlus,
  LayoutGrid,
  List,
  LoaderCircle,
  Pencil,
  RotateCcw,
  Search,
  Share2,
  Star,
  StarOff,
  Trash2,
  X,
} from 'lucide-react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { ContextMenu as ContextMenuPrimitive, DropdownMenu as MenuPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { emitAppEvent } from '@/lib/app-events';
import { useLeaveEvent } from '@/features/analytics/use-leave-event';
import { toast } from '@/components/ui/toast';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { ErrorTexts } from '@/lib/api/error-text';
import { errorText } from '@/lib/api/error-text';
import { useLayoutStore } from '@/lib/layout-store';
import { displayModeStore, useDisplayMode } from '@/features/preferences/display-mode';
import { cn } from '@/lib/cn';
import { maxKeywordLength } from './actions/dialog-action';
import { useTakeDriveAction } from './actions/drive-action-store';
import { foldBreadcrumbs } from './breadcrumbs';
import { ConfirmDialog } from './confirm-dialog';
import type { DriveFile } from './drive-api';
import { getFile, isFolder } from './drive-api';
import type { FileSection } from './drive-shell';
import {
  columnDirection,
  effectiveDisplay,
  menuSortOrders,
  sortOrderLabelKeys,
  toggledColumnOrder,
} from './display-order';
import {
  AddLinkButton,
  DropZone,
  FloatingUploadButton,
  PreviewSlot,
  TransfersPanel,
  UploadButtons,
} from './drive-slots';
import type { ItemAction, MoreMenuTarget } from './file-item';
import { FileItem, ItemMoreMenu, useModifiedText } from './file-item';
import { InlineRename, focusRenameOnMenuClose } from './inline-rename';
import { ItemIconSymbols } from './item-icons';
import { keyAction } from './keyboard';
import { LongPress } from './long-press';
import { MoveCopyDialog } from './move-copy-dialog';
import { NameDialog } from './name-dialog';
import type { SelectionState } from './selection';
import {
  clearSelection,
  clickItem,
  emptySelection,
  keepListed,
  moveFocus,
  selectAll,
  selectedInOrder,
  toggleItem,
} from './selection';
import { canDropInto } from './transfer-plan';
import { useDriveActions } from './use-drive-actions';
import type { ListingInput } from './use-listing';
import { useBreadcrumbs, useListing } from './use-listing';
import { listedFile, listedIndex } from './listed-items';
import { VirtualRows } from './virtual-rows';
import { CreateShareDialog } from './share/create-share-dialog';
import { useViewOverride, viewOverridesStore } from './view-overrides';

export interface FileBrowserProps {
  section: FileSection;
  errorTexts: ErrorTexts;
}

type DialogState =
  | { type: 'rename'; file: DriveFile }
  | { type: 'new-folder' }
  | { type: 'move' | 'copy'; files: DriveFile[] }
  | { type: 'share'; files: DriveFile[] }
  | { type: 'delete'; files: DriveFile[] }
  | { type: 'empty-trash' }
  | undefined;

const listRowHeight = 48;
const mobileRowHeight = 56;
const gridTileWidth = 176;
const gridRowHeight = 204;
/** How far a pressed mouse must travel before a press becomes a drag. */
const dragThresholdPx = 6;

/** Stands for an item's name in a message formatted once for all items. */
const nameMark = '\uE000';

/**
 * The text of a message whose `name` argument is an item's name, for every row of a listing:
 * the message is formatted once, with a mark where the name goes (the messages put the name in
 * as it is), and each row's name is put in its place. Formats each time when the mark is not
 * found once in it.
 */
function nameLabel(formatted: string, format: (name: string) => string): (name: string) => string {
  const parts = formatted.split(nameMark);
  if (parts.length !== 2) {
    return format;
  }
  const [before = '', after = ''] = parts;
  return (name) => before + name + after;
}

/** Items being dragged to be moved, where the pointer is, and the folder they would land in. */
interface DragState {
  files: DriveFile[];
  x: number;
  y: number;
  target: string | undefined;
}

/**
 * The drive's file listings: `/drive/all` (a folder, with breadcrumbs), `/drive/trash` and
 * `/drive/recent`. A virtualized list or grid that fetches pages as it scrolls, with selection
 * (click, Shift, Ctrl/Cmd, long press), keyboard shortcuts, a context menu and a selection bar.
 */
export function FileBrowser({ section, errorTexts }: FileBrowserProps) {
  const t = useTranslations('drive');
  const locale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  /** The search text of `/drive/all?q=`: the listing is then the drive's items whose name holds it. */
  const keyword =
    section === 'all' ? (searchParams.get('q') ?? '').trim().slice(0, maxKeywordLength) : '';
  const folderId = section === 'all' && keyword === '' ? (searchParams.get('folder') ?? '') : '';
  const isMobile = useLayoutStore((state) => state.isMobile);
  const global = useDisplayMode((state) => state.global);
  const viewKey = section === 'all' ? (keyword === '' ? `folder:${folderId}` : 'search') : section;
  const override = useViewOverride(viewKey);
  const display = effectiveDisplay(global, override);
  const view = isMobile ? 'list' : display.viewType;
  const actions = useDriveActions(errorTexts);
  useLeaveEvent((seconds) => emitAppEvent('file-manager-close', { view: section, seconds }));
  const describeError = useCallback(
    (cause: unknown) => errorText(cause, locale, errorTexts),
    [locale, errorTexts],
  );

  const listingInput = useMemo((): ListingInput => {
    switch (section) {
      case 'all':
        if (keyword !== '') {
          return {
            parentId: '*',
            order: display.orderType,
            foldersFirst: display.pinFoldersTop,
            filters: { name: { contains: keyword } },
          };
        }
        return {
          parentId: folderId,
          order: display.orderType,
          foldersFirst: display.pinFoldersTop,
        };
      case 'trash':
        return {
          parentId: '*',
          order: display.orderType,
          foldersFirst: display.pinFoldersTop,
          filters: { trashed: { eq: true } },
        };
      case 'recent':
        return { source: 'events', parentId: '', order: 'MODIFY_TIME_DESC', foldersFirst: false };
    }
  }, [section, folderId, keyword, display.orderType, display.pinFoldersTop]);
  const { listed, items, query } = useListing(listingInput);
  const order = listed.order;

  const [selection, setSelection] = useState<SelectionState>(emptySelection);
  const [dialog, setDialog] = useState<DialogState>();
  const [preview, setPreview] = useState<number>();
  const [listFocused, setListFocused] = useState(false);
  const [menuTarget, setMenuTarget] = useState<DriveFile>();
  /** The item whose "more" menu is open. */
  const [moreTarget, setMoreTarget] = useState<MoreMenuTarget>();
  /** The item whose name is an input (inline rename). */
  const [renaming, setRenaming] = useState<string>();
  /** Ctrl+A in a folder not fully loaded: the rest is being fetched to be selected too. */
  const [selectingAll, setSelectingAll] = useState(false);
  const [drag, setDrag] = useState<DragState>();
  /** A file opened by `?action=open_file`, shown in the viewer on its own. */
  const [linkedPreview, setLinkedPreview] = useState<DriveFile>();
  /** Items `?action=highlight_files` asks to select once their folder's listing has them. */
  const [highlight, setHighlight] = useState<{ ids: string[]; parentId: string }>();

  // A new folder or section starts with nothing selected; items that left the listing drop out.
  const [selectionScope, setSelectionScope] = useState(viewKey);
  if (selectionScope !== viewKey) {
    setSelectionScope(viewKey);
    setSelection(emptySelection);
    setSelectingAll(false);
    setRenaming(undefined);
  }
  // Memoized: a listing of 100,000 items re-renders for every page it fetches.
  const isListed = useCallback((id: string) => listedIndex(listed, id) >= 0, [listed]);
  const current = useMemo(() => keepListed(selection, isListed), [selection, isListed]);
  const selectedIds = useMemo(() => selectedInOrder(current, order), [current, order]);
  const selectedFiles = useMemo(
    () => selectedIds.map((id) => listedFile(listed, id)).filter((file) => file !== undefined),
    [selectedIds, listed],
  );

  const editable = section !== 'trash';
  const breadcrumbs = useBreadcrumbs(folderId, t('nav.all'));

  const openFolder = useCallback(
    (id: string) => {
      const params = new URLSearchParams(searchParams.toString());
      params.delete('q');
      if (id === '') {
        params.delete('folder');
      } else {
        params.set('folder', id);
      }
      const search = params.toString();
      router.push(search ? `${pathname}?${search}` : pathname);
    },
    [router, pathname, searchParams],
  );

  const open = useCallback(
    (file: DriveFile) => {
      if (isFolder(file)) {
        if (section === 'all') {
          openFolder(file.id);
        } else if (section === 'recent') {
          router.push(
            `${pathname.replace(/\/recent$/, '/all')}?${new URLSearchParams({ folder: file.id }).toString()}`,
          );
        }
        return;
      }
      setPreview(items.filter((item) => !isFolder(item)).indexOf(file));
    },
    [section, openFolder, items, router, pathname],
  );

  // ---- Layout and virtualization -----------------------------------------------------------
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) {
      return;
    }
    const observer = new ResizeObserver(([entry]) => {
      setWidth(entry?.contentRect.width ?? 0);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const columns = view === 'grid' ? Math.max(2, Math.floor((width - 16) / gridTileWidth)) : 1;
  const rowHeight = view === 'grid' ? gridRowHeight : isMobile ? mobileRowHeight : listRowHeight;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  // Ctrl+A selects the whole folder: the pages not loaded yet are fetched, then all selected.
  // Meanwhile the selection bar says so and offers no action, so none applies to a part only.
  const fetchFailed = query.isFetchNextPageError;
  if (selectingAll && (fetchFailed || (!hasNextPage && !isFetchingNextPage))) {
    setSelectingAll(false);
    if (!fetchFailed) {
      setSelection((state) => selectAll(state, order));
    }
  }
  useEffect(() => {
    if (selectingAll && !fetchFailed && hasNextPage && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [selectingAll, hasNextPage, isFetchingNextPage, fetchNextPage, fetchFailed]);

  const focusIndex = current.focus === undefined ? -1 : listedIndex(listed, current.focus);
  // Bumped by every key that moves the focus, so Home scrolls back even when the focus was on
  // the first item already.
  const [focusMoves, setFocusMoves] = useState(0);

  // ---- Selection by pointer -------------------------------------------------------------
  /** Whether a pointer is pressed on the listing (the focus that follows is the pointer's). */
  const pointerFocus = useRef(false);
  const [longPress] = useState(() => new LongPress());
  const pressed = useRef<{ file: DriveFile; x: number; y: number } | undefined>(undefined);
  const canDrag = section === 'all' && !isMobile;
  const onPointerDown = useCallback(
    (file: DriveFile, event: PointerEvent) => {
      if (event.pointerType === 'mouse') {
        // A press with the main button may become a drag (drag-to-move) once the mouse travels.
        pressed.current =
          canDrag && event.button === 0 && !event.shiftKey && !event.ctrlKey && !event.metaKey
            ? { file, x: event.clientX, y: event.clientY }
            : undefined;
        return;
      }
      longPress.start(event.pointerType, () => {
        setSelection((state) => toggleItem(state, file.id));
      });
    },
    [canDrag, longPress],
  );
  const onPointerEnd = useCallback(() => longPress.cancel(), [longPress]);

  const selecting = current.selected.size > 0;
  // What the items' handlers read when called: the items keep the same handlers while the listing
  // grows, so a fetched page re-renders none of them.
  const itemContext = useRef({ order, isListed, selecting, open, current, selectedFiles });
  useLayoutEffect(() => {
    itemContext.current = { order, isListed, selecting, open, current, selectedFiles };
  });
  const onItemClick = useCallback(
    (file: DriveFile, event: MouseEvent) => {
      if (longPress.takeFired()) {
        return;
      }
      const context = itemContext.current;
      const touchLike = isMobile && !event.shiftKey && !event.ctrlKey && !event.metaKey;
      if (touchLike) {
        // On a phone a tap opens, or toggles while something is selected.
        if (context.selecting) {
          setSelection((state) => toggleItem(state, file.id));
        } else {
          context.open(file);
        }
        return;
      }
      setSelection((state) =>
        clickItem(keepListed(state, context.isListed), context.order, file.id, {
          range: event.shiftKey,
          toggle: event.ctrlKey || event.metaKey,
        }),
      );
    },
    [isMobile, longPress],
  );
  const onItemDoubleClick = useCallback((file: DriveFile) => itemContext.current.open(file), []);
  const onItemCheck = useCallback((file: DriveFile) => {
    setSelection((state) => toggleItem(state, file.id));
  }, []);
  const onItemContextMenu = useCallback((file: DriveFile) => {
    const { order: listedOrder } = itemContext.current;
    setMenuTarget(file);
    setSelection((state) =>
      state.selected.has(file.id)
        ? { ...state, focus: file.id }
        : clickItem(state, listedOrder, file.id, { range: false, toggle: false }),
    );
  }, []);
  const onItemMore = useCallback((file: DriveFile, anchor: HTMLElement) => {
    const { left, top, width, height } = anchor.getBoundingClientRect();
    setMoreTarget({ file, anchor, rect: { left, top, width, height } });
  }, []);
  const closeMore = useCallback(() => setMoreTarget(undefined), []);

  // ---- Actions --------------------------------------------------------------------------
  /** Renames in place on a computer, in a dialog on a phone. */
  const startRename = useCallback(
    (file: DriveFile) => {
      if (isMobile) {
        setDialog({ type: 'rename', file });
        return;
      }
      setSelection({ selected: new Set([file.id]), anchor: file.id, focus: file.id });
      setRenaming(file.id);
    },
    [isMobile],
  );
  const saveRename = useCallback(
    async (file: DriveFile, name: string) => {
      await actions.rename(file, name);
    },
    [actions],
  );
  const endRename = useCallback(() => {
    setRenaming(undefined);
    scrollRef.current?.focus({ preventScroll: true });
  }, []);
  const runTrash = useCallback(
    (files: readonly DriveFile[]) => {
      if (files.length > 0) {
        void actions.trash(files);
      }
    },
    [actions],
  );

  const actionsFor = useCallback(
    (files: DriveFile[]): ItemAction[] => {
      if (files.length === 0) {
        return [];
      }
      const ids = files.map((file) => file.id);
      const single = files.length === 1 ? files[0] : undefined;
      if (section === 'trash') {
        return [
          {
            key: 'restore',
            label: t('action.restore'),
            icon: RotateCcw,
            run: () => void actions.restore(files),
          },
          {
            key: 'delete',
            label: t('action.delete-forever'),
            icon: Trash2,
            danger: true,
            run: () => setDialog({ type: 'delete', files }),
          },
        ];
      }
      const list: ItemAction[] = [];
      if (single) {
        list.push({
          key: 'open',
          label: t('action.open'),
          icon: FolderOpen,
          run: () => open(single),
        });
      }
      list.push({
        key: 'share',
        label: t('action.share'),
        icon: Share2,
        run: () => setDialog({ type: 'share', files }),
      });
      list.push({
        key: 'download',
        label:
          files.length > 1 || isFolder(files[0] as DriveFile)
            ? t('action.download-zip')
            : t('action.download'),
        icon: Download,
        run: () => void actions.download(files),
      });
      if (single) {
        list.push({
          key: 'rename',
          label: t('action.rename'),
          icon: Pencil,
          run: () => startRename(single),
        });
      }
      list.push(
        {
          key: 'move',
          label: t('action.move'),
          icon: FolderInput,
          run: () => setDialog({ type: 'move', files }),
        },
        {
          key: 'copy',
          label: t('action.copy'),
          icon: Copy,
          run: () => setDialog({ type: 'copy', files }),
        },
      );
      const allStarred = files.every((file) => file.starred);
      list.push({
        key: 'star',
        label: allStarred ? t('action.unstar') : t('action.star'),
        icon: allStarred ? StarOff : Star,
        run: () => void actions.star(ids, !allStarred),
      });
      list.push({
        key: 'trash',
        label: t('action.trash'),
        icon: Trash2,
        danger: true,
        run: () => runTrash(files),
      });
      return list;
    },
    [section, t, actions, open, runTrash, startRename],
  );

  /** The actions of an item's "more" menu: the selection's when the item is in it. */
  const actionsOf = useCallback(
    (file: DriveFile) =>
      actionsFor(
        current.selected.has(file.id) && selectedFiles.length > 1 ? selectedFiles : [file],
      ),
    [actionsFor, current.selected, selectedFiles],
  );
  const moreLabel = useMemo(
    () => nameLabel(t('action.more', { name: nameMark }), (name) => t('action.more', { name })),
    [t],
  );
  /** The hover share button of list rows: the selection's when the row is in it. */
  const quickShare = useMemo(
    () =>
      editable
        ? {
            label: nameLabel(t('action.share-item', { name: nameMark }), (name) =>
              t('action.share-item', { name }),
            ),
            run: (file: DriveFile) => {
              const { current: shown, selectedFiles: files } = itemContext.current;
              setDialog({
                type: 'share',
                files: shown.selected.has(file.id) && files.length > 1 ? files : [file],
              });
            },
          }
        : undefined,
    [editable, t],
  );

  // ---- Drag to move ---------------------------------------------------------------------
  // Pointer events rather than HTML drag and drop: the drop highlight, Esc and the click that
  // follows a drop stay in the page's hands, and file drops from the desktop keep their own zone.
  const dragRef = useRef<DragState | undefined>(undefined);
  const swallowClick = useRef(false);
  const dragContext = useRef({ selectedFiles, current, order, folderId, actions });
  useLayoutEffect(() => {
    dragContext.current = { selectedFiles, current, order, folderId, actions };
  });
  useEffect(() => {
    const update = (state: DragState | undefined) => {
      dragRef.current = state;
      setDrag(state);
    };
    const onMove = (event: globalThis.PointerEvent) => {
      const start = pressed.current;
      if (!start) {
        return;
      }
      let state = dragRef.current;
      if (!state) {
        if (Math.hypot(event.clientX - start.x, event.clientY - start.y) < dragThresholdPx) {
          return;
        }
        const context = dragContext.current;
        const inSelection = context.current.selected.has(start.file.id);
        const files = inSelection ? context.selectedFiles : [start.file];
        if (!inSelection) {
          setSelection({
            selected: new Set([start.file.id]),
            anchor: start.file.id,
            focus: start.file.id,
          });
        }
        state = { files, x: event.clientX, y: event.clientY, target: undefined };
      }
      const over = document
        .elementFromPoint(event.clientX, event.clientY)
        ?.closest<HTMLElement>('[data-drop-id]');
      const id = over?.dataset.dropId;
      const target = id !== undefined && canDropInto(state.files, id) ? id : undefined;
      update({ ...state, x: event.clientX, y: event.clientY, target });
    };
    const end = (drop: boolean) => {
      const state = dragRef.current;
      pressed.current = undefined;
      if (!state) {
        return;
      }
      // The click that ends a drag (or follows Esc) must not select or clear anything.
      swallowClick.current = true;
      update(undefined);
      if (drop && state.target !== undefined) {
        const context = dragContext.current;
        void context.actions.moveOrCopy(
          'move',
          state.files,
          state.target,
          state.files[0]?.parent_id ?? context.folderId,
        );
      }
    };
    const onUp = () => end(true);
    const onCancel = () => end(false);
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && dragRef.current) {
        event.preventDefault();
        event.stopPropagation();
        end(false);
      }
    };
    const onDown = () => {
      swallowClick.current = false;
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('pointerdown', onDown, true);
    return () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('pointerdown', onDown, true);
    };
  }, []);
  const draggedIds = useMemo(() => new Set(drag?.files.map((file) => file.id)), [drag?.files]);

  // ---- Keyboard -------------------------------------------------------------------------
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) {
      return;
    }
    const action = keyAction(event, { columns, editable });
    if (!action) {
      return;
    }
    event.preventDefault();
    if (action.type === 'move' || action.type === 'first' || action.type === 'last') {
      setFocusMoves((moves) => moves + 1);
    }
    switch (action.type) {
      case 'move':
        setSelection((state) =>
          moveFocus(keepListed(state, isListed), order, action.delta, action.extend),
        );
        return;
      case 'first':
        setSelection((state) =>
          moveFocus(keepListed(state, isListed), order, -order.length, action.extend),
        );
        return;
      case 'last':
        setSelection((state) =>
          moveFocus(keepListed(state, isListed), order, order.length, action.extend),
        );
        return;
      case 'open': {
        const target = current.focus ? listedFile(listed, current.focus) : selectedFiles[0];
        if (target) {
          open(target);
        }
        return;
      }
      case 'trash':
        runTrash(selectedFiles);
        return;
      case 'share':
        if (selectedFiles.length > 0) {
          setDialog({ type: 'share', files: selectedFiles });
        }
        return;
      case 'rename':
        if (selectedFiles.length === 1 && selectedFiles[0]) {
          startRename(selectedFiles[0]);
        }
        return;
      case 'select-all':
        setSelection((state) => selectAll(state, order));
        setSelectingAll(hasNextPage);
        return;
      case 'clear':
        setSelection((state) => clearSelection(state));
        setSelectingAll(false);
        return;
      case 'toggle':
        if (current.focus) {
          const focus = current.focus;
          setSelection((state) => toggleItem(state, focus));
        }
        return;
    }
  };

  // ---- Dialog actions of the address (handed over by the dialog-action host) -------------
  useTakeDriveAction(
    ['open_file', 'highlight_files', 'move_files'],
    section === 'all',
    (request) => {
      const missing = () => toast({ title: t('action-link.file-missing') });
      const ids = request.action === 'open_file' ? [request.fileId] : request.fileIds;
      void Promise.allSettled(ids.map((id) => getFile(id))).then((answers) => {
        const files = answers.flatMap((answer) =>
          answer.status === 'fulfilled' && !answer.value.trashed ? [answer.value] : [],
        );
        const first = files[0];
        if (!first) {
          missing();
          return;
        }
        switch (request.action) {
          case 'open_file':
            if (isFolder(first)) {
              openFolder(first.id);
            } else {
              setLinkedPreview(first);
            }
            return;
          case 'move_files':
            setDialog({ type: 'move', files });
            return;
          case 'highlight_files': {
            const parentId = first.parent_id;
            const together = files
              .filter((file) => file.parent_id === parentId)
              .map((file) => file.id);
            if (keyword !== '' || folderId !== parentId) {
              router.replace(
                parentId === ''
                  ? pathname
                  : `${pathname}?${new URLSearchParams({ folder: parentId }).toString()}`,
              );
            }
            setHighlight({ ids: together, parentId });
          }
        }
      });
    },
  );

  // The highlighted items are selected and scrolled to once their folder's listing holds them
  // (pages are fetched until it does or the folder ends).
  let highlightNeedsMore = false;
  if (highlight && keyword === '' && folderId === highlight.parentId && !query.isPending) {
    const found = highlight.ids.filter((id) => listedIndex(listed, id) >= 0);
    highlightNeedsMore = !query.isError && found.length < highlight.ids.length && hasNextPage;
    const [first] = found;
    if (!highlightNeedsMore) {
      setHighlight(undefined);
      if (first !== undefined) {
        setSelection({ selected: new Set(found), anchor: first, focus: first });
        setFocusMoves((moves) => moves + 1);
      }
    }
  }
  useEffect(() => {
    if (highlightNeedsMore && !isFetchingNextPage) {
      void fetchNextPage();
    }
  }, [highlightNeedsMore, isFetchingNextPage, fetchNextPage]);

  // ---- Preferences ----------------------------------------------------------------------
  const orderSettingGlobal = global.orderSettingGlobal;
  const viewSettingGlobal = global.viewSettingGlobal;
  const setOrder = useCallback(
    (orderType: SortOrder) => {
      if (orderSettingGlobal) {
        void displayModeStore.getState().updateGlobal({ orderType });
      } else {
        void viewOverridesStore.getState().update(viewKey, { orderType });
      }
    },
    [orderSettingGlobal, viewKey],
  );
  const setView = useCallback(
    (viewType: 'list' | 'grid') => {
      if (viewSettingGlobal) {
        void displayModeStore.getState().updateGlobal({ viewType });
      } else {
        void viewOverridesStore.getState().update(viewKey, { viewType });
      }
    },
    [viewSettingGlobal, viewKey],
  );

  const modifiedText = useModifiedText();
  const title = t(`nav.${section}`);
  const menuFiles =
    menuTarget && current.selected.has(menuTarget.id)
      ? selectedFiles
      : menuTarget
        ? [menuTarget]
        : [];

  // ---- Rendering ------------------------------------------------------------------------
  // Memoized: the page re-renders for every page of the listing it fetches, the toolbar's
  // menus and buttons only when what they show changes.
  const crumbs = breadcrumbs.data;
  const dropTarget = drag?.target;
  const dragging = drag !== undefined;
  const empty = items.length === 0;
  const { orderType, pinFoldersTop, viewType } = display;
  const toolbar = useMemo(
    () => (
      <div className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2 md:px-4">
        {section === 'all' && keyword !== '' ? (
          <div className="flex min-w-0 flex-1 items-center gap-2">
            <h1 className="min-w-0 truncate text-lg font-semibold" data-testid="search-title">
              {t('search.results', { keyword })}
            </h1>
            <Button variant="ghost" size="sm" onClick={() => openFolder('')}>
              <X aria-hidden />
              {t('search.clear')}
            </Button>
          </div>
        ) : section === 'all' ? (
          <Breadcrumbs
            crumbs={crumbs ?? [{ id: '', name: t('nav.all') }]}
            label={t('breadcrumbs')}
            moreLabel={t('breadcrumbs-more')}
            onOpen={openFolder}
            dropTarget={dropTarget}
            dragging={dragging}
          />
        ) : (
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold">{title}</h1>
        )}
        {section === 'all' ? (
          <SearchBox
            key={keyword}
            keyword={keyword}
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            onSearch={(text) => {
              const trimmed = text.trim().slice(0, maxKeywordLength);
              router.push(
                trimmed === ''
                  ? pathname
                  : `${pathname}?${new URLSearchParams({ q: trimmed }).toString()}`,
              );
            }}
          />
        ) : null}
        <div className="ml-auto flex items-center gap-1">
          {section === 'all' && keyword === '' ? (
            <>
              <Button variant="outline" size="sm" onClick={() => setDialog({ type: 'new-folder' })}>
                <FolderPlus aria-hidden />
                <span className="hidden sm:inline">{t('action.new-folder')}</span>
                <span className="sr-only sm:hidden">{t('action.new-folder')}</span>
              </Button>
              <UploadButtons parentId={folderId} />
              <AddLinkButton
                folderId={folderId}
                folderName={crumbs?.at(-1)?.name}
                errorTexts={errorTexts}
              />
            </>
          ) : null}
          {section === 'trash' ? (
            <Button
              variant="outline"
              size="sm"
              disabled={empty}
              onClick={() => setDialog({ type: 'empty-trash' })}
            >
              <Trash2 aria-hidden />
              {t('action.empty-trash')}
            </Button>
          ) : null}
          {section !== 'recent' ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={t('sort.label')}>
                  <ArrowUpDown aria-hidden />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>{t('sort.label')}</DropdownMenuLabel>
                <DropdownMenuRadioGroup
                  value={orderType}
                  onValueChange={(value) => setOrder(value as SortOrder)}
                >
                  {menuSortOrders.map((sortOrder) => (
                    <DropdownMenuRadioItem key={sortOrder} value={sortOrder}>
                      {t(`sort.${sortOrderLabelKeys[sortOrder]}`)}
                    </DropdownMenuRadioItem>
                  ))}
                </DropdownMenuRadioGroup>
                <DropdownMenuSeparator />
                <CheckItem
                  checked={pinFoldersTop}
                  onChange={(pinFoldersTop) =>
                    void displayModeStore.getState().updateGlobal({ pinFoldersTop })
                  }
                >
                  {t('sort.folders-first')}
                </CheckItem>
                <CheckItem
                  checked={orderSettingGlobal}
                  onChange={(orderSettingGlobal) => {
                    if (!orderSettingGlobal) {
                      void viewOverridesStore.getState().update(viewKey, { orderType: orderType });
                    }
                    void displayModeStore.getState().updateGlobal({ orderSettingGlobal });
                  }}
                >
                  {t('sort.apply-everywhere')}
                </CheckItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
          {!isMobile ? (
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button variant="ghost" size="icon" aria-label={t('view.label')}>
                  {view === 'grid' ? <LayoutGrid aria-hidden /> : <List aria-hidden />}
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuLabel>{t('view.label')}</DropdownMenuLabel>
                <DropdownMenuRadioGroup
                  value={view}
                  onValueChange={(value) => setView(value as 'list' | 'grid')}
                >
                  <DropdownMenuRadioItem value="list">
                    <List aria-hidden className="size-4" />
                    {t('view.list')}
                  </DropdownMenuRadioItem>
                  <DropdownMenuRadioItem value="grid">
                    <LayoutGrid aria-hidden className="size-4" />
                    {t('view.grid')}
                  </DropdownMenuRadioItem>
                </DropdownMenuRadioGroup>
                <DropdownMenuSeparator />
                <CheckItem
                  checked={viewSettingGlobal}
                  onChange={(viewSettingGlobal) => {
                    if (!viewSettingGlobal) {
                      void viewOverridesStore.getState().update(viewKey, { viewType: viewType });
                    }
                    void displayModeStore.getState().updateGlobal({ viewSettingGlobal });
                  }}
                >
                  {t('view.apply-everywhere')}
                </CheckItem>
              </DropdownMenuContent>
            </DropdownMenu>
          ) : null}
        </div>
      </div>
    ),
    [
      section,
      crumbs,
      t,
      openFolder,
      dropTarget,
      dragging,
      folderId,
      errorTexts,
      empty,
      orderType,
      setOrder,
      pinFoldersTop,
      orderSettingGlobal,
      viewKey,
      isMobile,
      view,
      setView,
      viewSettingGlobal,
      viewType,
      title,
      keyword,
      router,
      pathname,
    ],
  );

  const selectionBar =
    selectedFiles.length > 0 || selectingAll ? (
      <div
        role="toolbar"
        aria-label={t('selection.label')}
        data-testid="selection-bar"
        className={cn(
          'flex items-center gap-1 bg-background px-2 py-1',
          isMobile
            ? 'fixed inset-x-0 bottom-0 z-30 justify-around border-t border-border pb-[max(0.25rem,env(safe-area-inset-bottom))] shadow-[var(--shadow-popover)]'
            : 'border-b border-border',
        )}
      >
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('selection.clear')}
          onClick={() => {
            setSelection((state) => clearSelection(state));
            setSelectingAll(false);
          }}
        >
          <X aria-hidden />
        </Button>
        {selectingAll ? (
          <span
            className="mr-auto flex items-center gap-2 text-sm font-medium"
            role="status"
            data-testid="selection-count"
            data-state="loading"
          >
            <LoaderCircle aria-hidden className="size-4 animate-spin" />
            {t('selection.selecting-all', { count: items.length })}
          </span>
        ) : (
          <span className="mr-auto text-sm font-medium" data-testid="selection-count">
            {t('selection.count', { count: selectedFiles.length })}
          </span>
        )}
        {(selectingAll ? [] : actionsFor(selectedFiles))
          .filter((action) => action.key !== 'open')
          .map((action) => (
            <Button
              key={action.key}
              variant="ghost"
              size={isMobile ? 'icon' : 'sm'}
              aria-label={isMobile ? action.label : undefined}
              className={action.danger ? 'text-danger' : undefined}
              onClick={action.run}
            >
              <action.icon aria-hidden />
              {isMobile ? null : <span>{action.label}</span>}
            </Button>
          ))}
      </div>
    ) : null;

  const starredLabel = t('starred');
  const renameLabel = t('rename.label');
  const moreOpenId = moreTarget?.file.id;
  const dropTargetId = drag?.target;
  const renderItem = useCallback(
    (index: number, slot: number) => {
      const file = items[index];
      if (!file) {
        return null;
      }
      const focused = current.focus === file.id;
      return (
        <FileItem
          key={slot}
          file={file}
          view={view}
          selected={current.selected.has(file.id)}
          focused={focused}
          showFocus={focused && listFocused}
          selecting={selecting}
          modified={modifiedText(
            section === 'trash' && file.delete_time ? file.delete_time : file.modified_time,
          )}
          starredLabel={starredLabel}
          onClick={onItemClick}
          onDoubleClick={onItemDoubleClick}
          onCheck={onItemCheck}
          onContextMenu={onItemContextMenu}
          onPointerDown={onPointerDown}
          onPointerEnd={onPointerEnd}
          moreLabel={moreLabel}
          onMore={onItemMore}
          moreOpen={moreOpenId === file.id}
          {...(quickShare ? { quickShare } : {})}
          dropTarget={dropTargetId === file.id}
          dragged={draggedIds.has(file.id)}
          {...(renaming === file.id
            ? {
                rename: (
                  <InlineRename
                    file={file}
                    label={renameLabel}
                    onSave={saveRename}
                    onDone={endRename}
                    describeError={describeError}
                  />
                ),
              }
            : {})}
        />
      );
    },
    [
      items,
      current,
      view,
      listFocused,
      selecting,
      modifiedText,
      section,
      starredLabel,
      onItemClick,
      onItemDoubleClick,
      onItemCheck,
      onItemContextMenu,
      onPointerDown,
      onPointerEnd,
      moreLabel,
      onItemMore,
      moreOpenId,
      quickShare,
      dropTargetId,
      draggedIds,
      renaming,
      renameLabel,
      saveRename,
      endRename,
      describeError,
    ],
  );

  let body: ReactNode;
  if (query.isPending) {
    body = <ListingSkeleton view={view} />;
  } else if (query.isError) {
    body = (
      <div
        role="alert"
        className="flex flex-col items-center gap-4 p-10 text-center"
        data-testid="drive-error"
      >
        <p className="text-muted-foreground">{describeError(query.error) ?? t('error.generic')}</p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('error.retry')}
          </Button>
          {folderId !== '' ? (
            <Button onClick={() => openFolder('')}>{t('error.back-to-root')}</Button>
          ) : null}
        </div>
      </div>
    );
  } else if (items.length === 0) {
    body =
      keyword !== '' ? (
        <p className="p-10 text-center text-muted-foreground" data-testid="search-empty">
          {t('search.empty', { keyword })}
        </p>
      ) : (
        <EmptyState section={section} inFolder={folderId !== ''} />
      );
  } else {
    body = (
      <VirtualRows
        scrollRef={scrollRef}
        count={items.length}
        columns={columns}
        rowHeight={rowHeight}
        view={view}
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        focusIndex={focusIndex}
        focusMoves={focusMoves}
        raisedIndex={renaming === undefined ? -1 : listedIndex(listed, renaming)}
        renderItem={renderItem}
      />
    );
  }

  const activeId =
    current.focus && listedIndex(listed, current.focus) >= 0
      ? `drive-item-${current.focus}`
      : undefined;
  const listing = (
    <>
      {view === 'list' && !isMobile && items.length > 0 ? (
        <ListHeader
          order={display.orderType}
          sortable={section !== 'recent'}
          quickShare={editable}
          onSort={setOrder}
          dateLabel={
            section === 'trash'
              ? t('column.deleted')
              : section === 'recent'
                ? t('column.when')
                : t('column.modified')
          }
          sizeLabel={section === 'recent' ? t('column.activity') : t('column.size')}
        />
      ) : null}
      <ItemIconSymbols />
      <ContextMenuPrimitive.Root
        onOpenChange={(openMenu) => {
          if (!openMenu) {
            setMenuTarget(undefined);
          }
        }}
      >
        <ContextMenuPrimitive.Trigger asChild disabled={isMobile}>
          <div
            ref={scrollRef}
            role="listbox"
            aria-multiselectable
            aria-label={title}
            aria-activedescendant={activeId}
            aria-busy={query.isFetching}
            tabIndex={0}
            data-testid="drive-listing"
            data-view={view}
            onKeyDown={onKeyDown}
            onPointerDown={() => {
              pointerFocus.current = true;
            }}
            onPointerUp={() => {
              pointerFocus.current = false;
            }}
            onFocus={(event) => {
              // Focused by a press on an item: the click selects that item. Focusing the first
              // item instead would scroll the list to its top under the pointer.
              const byPointer = pointerFocus.current;
              pointerFocus.current = false;
              if (event.target === event.currentTarget) {
                setListFocused(true);
                if (!byPointer && current.focus === undefined && order.length > 0) {
                  setSelection((state) => ({ ...state, focus: order[0] }));
                }
              }
            }}
            onBlur={() => setListFocused(false)}
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
          >
            {body}
          </div>
        </ContextMenuPrimitive.Trigger>
        <ContextMenuPrimitive.Portal>
          <ContextMenuPrimitive.Content
            className="z-[var(--z-overlay)] min-w-48 rounded-xl border border-border bg-background p-1 text-foreground shadow-[var(--shadow-popover)]"
            data-testid="item-menu"
            onCloseAutoFocus={focusRenameOnMenuClose}
          >
            {menuFiles.length > 0 ? (
              actionsFor(menuFiles).map((action) => (
                <ContextMenuPrimitive.Item
                  key={action.key}
                  onSelect={action.run}
                  className={cn(
                    'flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-muted md:min-h-9',
                    action.danger ? 'text-danger' : '',
                  )}
                >
                  <action.icon aria-hidden className="size-4" />
                  {action.label}
                </ContextMenuPrimitive.Item>
              ))
            ) : section === 'all' ? (
              <ContextMenuPrimitive.Item
                onSelect={() => setDialog({ type: 'new-folder' })}
                className="flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 text-sm outline-none data-[highlighted]:bg-muted md:min-h-9"
              >
                <FolderPlus aria-hidden className="size-4" />
                {t('action.new-folder')}
              </ContextMenuPrimitive.Item>
            ) : null}
          </ContextMenuPrimitive.Content>
        </ContextMenuPrimitive.Portal>
      </ContextMenuPrimitive.Root>
      <ItemMoreMenu target={moreTarget} actionsOf={actionsOf} onClose={closeMore} />
    </>
  );

  // The viewer pages through the files of the listing; worked out only while it is open.
  const previewing = preview !== undefined;
  const previewFiles = useMemo(
    () => (previewing ? items.filter((file) => !isFolder(file)) : []),
    [previewing, items],
  );

  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      data-testid={`drive-${section}`}
      onClickCapture={(event) => {
        if (swallowClick.current) {
          swallowClick.current = false;
          event.stopPropagation();
        }
      }}
    >
      {toolbar}
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
      {drag ? (
        <div
          aria-hidden
          data-testid="drag-ghost"
          className="pointer-events-none fixed left-0 top-0 z-[var(--z-overlay)] flex items-center gap-2 rounded-lg border border-border bg-background px-3 py-2 text-sm font-medium shadow-[var(--shadow-popover)]"
          style={{ transform: `translate(${drag.x + 14}px, ${drag.y + 10}px)` }}
        >
          <FolderInput aria-hidden className="size-4 text-primary" />
          {drag.files.length === 1
            ? drag.files[0]?.name
            : t('move.title-move', { count: drag.files.length })}
        </div>
      ) : null}
      {preview !== undefined ? (
        <PreviewSlot
          files={previewFiles}
          index={preview}
          onClose={() => setPreview(undefined)}
          onIndexChange={setPreview}
          {...(editable
            ? {
                share: {
                  label: t('action.share'),
                  run: (shown: { id: string }) => {
                    const target = listedFile(listed, shown.id);
                    setPreview(undefined);
                    if (target) {
                      setDialog({ type: 'share', files: [target] });
                    }
                  },
                },
              }
            : {})}
        />
      ) : null}
      {linkedPreview ? (
        <PreviewSlot
          files={[linkedPreview]}
          index={0}
          onClose={() => setLinkedPreview(undefined)}
          onIndexChange={() => undefined}
        />
      ) : null}
      {dialog?.type === 'rename' ? (
        <NameDialog
          title={t('rename.title')}
          label={t('rename.label')}
          submitLabel={t('rename.submit')}
          initialName={dialog.file.name}
          describeError={describeError}
          onSubmit={async (name) => {
            await actions.rename(dialog.file, name);
          }}
          onClose={() => {
            setDialog(undefined);
            scrollRef.current?.focus();
          }}
        />
      ) : null}
      {dialog?.type === 'new-folder' ? (
        <NameDialog
          title={t('new-folder.title')}
          label={t('new-folder.label')}
          submitLabel={t('new-folder.submit')}
          initialName={t('new-folder.default-name')}
          describeError={describeError}
          onSubmit={async (name) => {
            const folder = await actions.createFolder(name, folderId);
            setSelection({ selected: new Set(), anchor: folder.id, focus: folder.id });
          }}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
      {dialog?.type === 'move' || dialog?.type === 'copy' ? (
        <MoveCopyDialog
          action={dialog.type}
          items={dialog.files}
          currentParentId={dialog.files[0]?.parent_id ?? ''}
          onSubmit={(parentId) =>
            actions.moveOrCopy(
              dialog.type === 'move' ? 'move' : 'copy',
              dialog.files,
              parentId,
              sharedParent(dialog.files),
            )
          }
          onClose={() => setDialog(undefined)}
        />
      ) : null}
      {dialog?.type === 'share' ? (
        <CreateShareDialog
          items={dialog.files}
          describeError={describeError}
          onClose={() => {
            setDialog(undefined);
            scrollRef.current?.focus();
          }}
        />
      ) : null}
      {dialog?.type === 'delete' ? (
        <ConfirmDialog
          title={t('delete.title', { count: dialog.files.length })}
          description={t('delete.description', {
            count: dialog.files.length,
            name: dialog.files[0]?.name ?? '',
          })}
          confirmLabel={t('delete.confirm')}
          onConfirm={() => actions.deleteForever(dialog.files.map((file) => file.id))}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
      {dialog?.type === 'empty-trash' ? (
        <ConfirmDialog
          title={t('empty-trash.title')}
          description={t('empty-trash.description')}
          confirmLabel={t('empty-trash.confirm')}
          onConfirm={() => actions.emptyTrash()}
          onClose={() => setDialog(undefined)}
        />
      ) : null}
    </div>
  );
}

/** A menu item with a check mark (Radix checkbox item). */
function CheckItem({
  checked,
  onChange,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <MenuPrimitive.CheckboxItem
      checked={checked}
      onCheckedChange={(value) => onChange(value === true)}
      className="relative flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-lg px-3 pr-9 text-sm outline-none data-[highlighted]:bg-muted md:min-h-9"
    >
      {children}
      <MenuPrimitive.ItemIndicator className="absolute right-3 inline-flex">
        ✓
      </MenuPrimitive.ItemIndicator>
    </MenuPrimitive.CheckboxItem>
  );
}

/** The path of the folder shown; the middle of a long path folds into a menu. */
/** The folder all `files` are in, when they share one (a move can then be undone). */
function sharedParent(files: readonly DriveFile[]): string | undefined {
  const parent = files[0]?.parent_id;
  return parent !== undefined && files.every((file) => file.parent_id === parent)
    ? parent
    : undefined;
}

function Breadcrumbs({
  crumbs,
  label,
  moreLabel,
  onOpen,
  dropTarget,
  dragging,
}: {
  crumbs: readonly { id: string; name: string }[];
  label: string;
  moreLabel: string;
  onOpen: (id: string) => void;
  /** The segment dragged items would be moved into if dropped now. */
  dropTarget: string | undefined;
  /** Whether items are being dragged (the segments take them). */
  dragging: boolean;
}) {
  const entries = foldBreadcrumbs(crumbs);
  return (
    <nav aria-label={label} className="min-w-0 flex-1">
      <ol className="flex min-w-0 items-center gap-1 text-sm" data-testid="breadcrumbs">
        {entries.map((entry, index) => {
          const last = index === entries.length - 1;
          return (
            <li
              key={entry.kind === 'gap' ? 'gap' : entry.id || 'root'}
              className="flex min-w-0 items-center gap-1"
            >
              {index > 0 ? (
                <span aria-hidden className="text-muted-foreground">
                  /
                </span>
              ) : null}
              {entry.kind === 'gap' ? (
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button variant="ghost" size="sm" aria-label={moreLabel}>
                      …
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent>
                    {entry.hidden.map((crumb) => (
                      <DropdownMenuItem key={crumb.id} onSelect={() => onOpen(crumb.id)}>
                        {crumb.name}
                      </DropdownMenuItem>
                    ))}
                  </DropdownMenuContent>
                </DropdownMenu>
              ) : last ? (
                <h1 aria-current="page" className="truncate px-2 text-lg font-semibold">
                  {entry.name}
                </h1>
              ) : (
                <button
                  type="button"
                  onClick={() => onOpen(entry.id)}
                  data-drop-id={entry.id}
                  data-drop-target={dropTarget === entry.id ? 'true' : undefined}
                  className={cn(
                    'min-h-11 truncate rounded-md px-2 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring md:min-h-9',
                    dragging ? 'outline-1 outline-dashed outline-border' : '',
                    dropTarget === entry.id
                      ? 'bg-primary/15 text-foreground outline-2 outline-solid outline-primary'
                      : '',
                  )}
                >
                  {entry.name}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The column headers of the list view; a click sorts by the column. */
const ListHeader = memo(function ListHeader({
  order,
  sortable,
  quickShare,
  onSort,
  dateLabel,
  sizeLabel,
}: {
  order: SortOrder;
  sortable: boolean;
  /** Whether rows carry the quick share button (a column of its own on wide screens). */
  quickShare: boolean;
  onSort: (order: SortOrder) => void;
  dateLabel: string;
  sizeLabel: string;
}) {
  const t = useTranslations('drive');
  const header = (column: 'name' | 'modified' | 'size', text: string, className: string) => {
    const direction = columnDirection(order, column);
    return (
      <span className={className}>
        {sortable ? (
          <button
            type="button"
            className="rounded px-1 hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onSort(toggledColumnOrder(order, column))}
          >
            {text}
            {direction === 'ascending' ? ' ↑' : direction === 'descending' ? ' ↓' : ''}
          </button>
        ) : (
          text
        )}
      </span>
    );
  };
  return (
    <div
      role="presentation"
      className="flex h-9 shrink-0 items-center gap-3 border-b border-border px-4 text-xs md:px-6 font-medium text-muted-foreground"
    >
      <span className="w-5" />
      <span className="w-6" />
      {header('name', t('column.name'), 'flex-1')}
      {header('modified', dateLabel, 'hidden w-40 sm:block')}
      {header('size', sizeLabel, 'w-24 text-right')}
      {quickShare ? <span className="hidden w-8 md:block" /> : null}
      <span className="w-8" />
    </div>
  );
});

function ListingSkeleton({ view }: { view: 'list' | 'grid' }) {
  return (
    <div
      aria-hidden
      data-testid="drive-skeleton"
      className={
        view === 'grid'
          ? 'grid grid-cols-[repeat(auto-fill,minmax(160px,1fr))] gap-3 px-2'
          : 'flex flex-col gap-1 px-3'
      }
    >
      {Array.from({ length: 12 }, (_, index) =>
        view === 'grid' ? (
          <div key={index} className="h-48 animate-pulse rounded-xl bg-muted" />
        ) : (
          <div key={index} className="flex h-12 items-center gap-3">
            <div className="size-6 animate-pulse rounded bg-muted" />
            <div
              className="h-4 flex-1 animate-pulse rounded bg-muted"
              style={{ maxWidth: `${40 + ((index * 37) % 45)}%` }}
            />
          </div>
        ),
      )}
    </div>
  );
}

function EmptyState({ section, inFolder }: { section: FileSection; inFolder: boolean }) {
  const t = useTranslations('drive');
  const key = section === 'all' ? (inFolder ? 'folder' : 'drive') : section;
  const Icon = section === 'trash' ? Trash2 : section === 'recent' ? RotateCcw : FolderOpen;
  return (
    <div
      className="flex flex-col items-center gap-3 px-6 py-16 text-center"
      data-testid="drive-empty"
    >
      <Icon aria-hidden className="size-12 text-muted-foreground" />
      <p className="text-lg font-medium">{t(`empty.${key}.title`)}</p>
      <p className="max-w-sm text-sm text-muted-foreground">{t(`empty.${key}.description`)}</p>
    </div>
  );
}

/** The drive's search field: the text is searched in every folder's names (`?q=`). */
function SearchBox({
  keyword,
  label,
  placeholder,
  onSearch,
}: {
  keyword: string;
  label: string;
  placeholder: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(keyword);
  return (
    <form
      role="search"
      className="relative order-last w-full sm:order-none sm:w-auto"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <Search
        aria-hidden
        className="pointer-events-none absolute left-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <input
        type="search"
        name="q"
        value={text}
        maxLength={maxKeywordLength}
        onChange={(event) => setText(event.target.value)}
        aria-label={label}
        placeholder={placeholder}
        data-testid="drive-search"
        className="h-11 w-full rounded-lg border border-border bg-background pl-8 pr-2 text-sm focus-visible:outline-2 focus-visible:outline-ring sm:w-52 md:h-9"
      />
    </form>
  );
}
