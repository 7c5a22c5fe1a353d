import type { Dispatch, RefObject, SetStateAction } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DriveFile } from '../drive-api';
import type { SelectionState } from '@/features/items/selection';
import { canDropInto } from '../transfer-plan';
import type { useDriveActions } from '../use-drive-actions';
import type { PressedItem } from './use-item-pointer';

/** How far a pressed mouse must travel before a press becomes a drag. */
const dragThresholdPx = 6;

/** Items being dragged to be moved, where the pointer is, and the folder they would land in. */
export interface DragState {
  files: DriveFile[];
  x: number;
  y: number;
  target: string | undefined;
}

/**
 * Drag to move: a mouse pressed on an item and moved drags it (or the selection it is in) onto a
 * folder or a breadcrumb (`data-drop-id`). Pointer events rather than HTML drag and drop: the drop
 * highlight, Esc and the click that follows a drop stay in the page's hands, and file drops from
 * the desktop keep their own zone.
 */
export function useDragMove({
  pressed,
  setSelection,
  selectedFiles,
  current,
  folderId,
  actions,
}: {
  pressed: RefObject<PressedItem | undefined>;
  setSelection: Dispatch<SetStateAction<SelectionState>>;
  selectedFiles: DriveFile[];
  current: SelectionState;
  folderId: string;
  actions: ReturnType<typeof useDriveActions>;
}) {
  const [drag, setDrag] = useState<DragState>();
  const dragRef = useRef<DragState | undefined>(undefined);
  /** Set when a drag ends: the click that follows must not select or clear anything. */
  const swallowClick = useRef(false);
  const dragContext = useRef({ selectedFiles, current, folderId, actions });
  useLayoutEffect(() => {
    dragContext.current = { selectedFiles, current, folderId, actions };
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
  }, [pressed, setSelection]);
  const draggedIds = useMemo(() => new Set(drag?.files.map((file) => file.id)), [drag?.files]);
  /** For the page's click capture: stops the click that ends a drag. */
  const swallowDropClick = useCallback((event: { stopPropagation: () => void }) => {
    if (swallowClick.current) {
      swallowClick.current = false;
      event.stopPropagation();
    }
  }, []);
  return { drag, draggedIds, swallowDropClick } as const;
}
