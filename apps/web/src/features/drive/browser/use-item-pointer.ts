import type { Dispatch, MouseEvent, PointerEvent, SetStateAction } from 'react';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { DriveFile } from '../drive-api';
import type { MoreMenuTarget } from '../file-item';
import { LongPress } from '@/features/items/long-press';
import type { SelectionState } from '@/features/items/selection';
import { clickItem, keepListed, toggleItem } from '@/features/items/selection';

/** What the items' handlers read when called (kept in a ref, see below). */
export interface ItemContext {
  order: readonly string[];
  isListed: (id: string) => boolean;
  selecting: boolean;
  open: (file: DriveFile) => void;
  current: SelectionState;
  selectedFiles: DriveFile[];
}

/** Where a mouse was pressed on an item: the start of a possible drag. */
export interface PressedItem {
  file: DriveFile;
  x: number;
  y: number;
}

/**
 * The handlers of a listing's items: click, Shift and Ctrl/Cmd click, a tap on a phone, long
 * press, double click, the check box, the context menu and the "more" button.
 */
export function useItemPointer({
  context,
  isMobile,
  canDrag,
  setSelection,
  setMenuTarget,
}: {
  context: ItemContext;
  isMobile: boolean;
  /** Whether a mouse press may become a drag to move (use-drag-move.ts). */
  canDrag: boolean;
  setSelection: Dispatch<SetStateAction<SelectionState>>;
  setMenuTarget: (file: DriveFile | undefined) => void;
}) {
  const [longPress] = useState(() => new LongPress());
  const pressed = useRef<PressedItem | undefined>(undefined);
  /** The item whose "more" menu is open. */
  const [moreTarget, setMoreTarget] = useState<MoreMenuTarget>();
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
    [canDrag, longPress, setSelection],
  );
  const onPointerEnd = useCallback(() => longPress.cancel(), [longPress]);

  // What the items' handlers read when called: the items keep the same handlers while the listing
  // grows, so a fetched page re-renders none of them.
  const itemContext = useRef(context);
  useLayoutEffect(() => {
    itemContext.current = context;
  });
  const onItemClick = useCallback(
    (file: DriveFile, event: MouseEvent) => {
      if (longPress.takeFired()) {
        return;
      }
      const shown = itemContext.current;
      const touchLike = isMobile && !event.shiftKey && !event.ctrlKey && !event.metaKey;
      if (touchLike) {
        // On a phone a tap opens, or toggles while something is selected.
        if (shown.selecting) {
          setSelection((state) => toggleItem(state, file.id));
        } else {
          shown.open(file);
        }
        return;
      }
      setSelection((state) =>
        clickItem(keepListed(state, shown.isListed), shown.order, file.id, {
          range: event.shiftKey,
          toggle: event.ctrlKey || event.metaKey,
        }),
      );
    },
    [isMobile, longPress, setSelection],
  );
  const onItemDoubleClick = useCallback((file: DriveFile) => itemContext.current.open(file), []);
  const onItemCheck = useCallback(
    (file: DriveFile) => {
      setSelection((state) => toggleItem(state, file.id));
    },
    [setSelection],
  );
  const onItemContextMenu = useCallback(
    (file: DriveFile) => {
      const { order: listedOrder } = itemContext.current;
      setMenuTarget(file);
      setSelection((state) =>
        state.selected.has(file.id)
          ? { ...state, focus: file.id }
          : clickItem(state, listedOrder, file.id, { range: false, toggle: false }),
      );
    },
    [setSelection, setMenuTarget],
  );
  const onItemMore = useCallback((file: DriveFile, anchor: HTMLElement) => {
    const { left, top, width, height } = anchor.getBoundingClientRect();
    setMoreTarget({ file, anchor, rect: { left, top, width, height } });
  }, []);
  const closeMore = useCallback(() => setMoreTarget(undefined), []);

  return {
    itemContext,
    pressed,
    onPointerDown,
    onPointerEnd,
    onItemClick,
    onItemDoubleClick,
    onItemCheck,
    onItemContextMenu,
    onItemMore,
    moreTarget,
    closeMore,
  } as const;
}
