import type { Dispatch, KeyboardEvent, SetStateAction } from 'react';
import type { DriveFile } from '../drive-api';
import { keyAction } from '../keyboard';
import type { ListedItems } from '../listed-items';
import { listedFile } from '../listed-items';
import type { SelectionState } from '@/features/items/selection';
import {
  clearSelection,
  keepListed,
  moveFocus,
  selectAll,
  toggleItem,
} from '@/features/items/selection';
import type { DialogState } from './browser-dialogs';

/**
 * The keyboard of a drive listing (keyboard.ts maps the keys): arrows, Home and End move the
 * focus (Shift extends the selection), Enter opens, Delete trashes, Ctrl+A selects all (the rest of
 * the folder fetched first), Esc clears, Space toggles, F2 renames, and the share and details
 * shortcuts.
 */
export function useBrowserKeyboard({
  columns,
  editable,
  listed,
  isListed,
  current,
  selectedFiles,
  hasNextPage,
  setSelection,
  setSelectingAll,
  bumpFocus,
  setDialog,
  open,
  runTrash,
  startRename,
}: {
  columns: number;
  editable: boolean;
  listed: ListedItems;
  isListed: (id: string) => boolean;
  current: SelectionState;
  selectedFiles: DriveFile[];
  hasNextPage: boolean;
  setSelection: Dispatch<SetStateAction<SelectionState>>;
  setSelectingAll: (selectingAll: boolean) => void;
  bumpFocus: () => void;
  setDialog: Dispatch<SetStateAction<DialogState>>;
  open: (file: DriveFile) => void;
  runTrash: (files: readonly DriveFile[]) => void;
  startRename: (file: DriveFile) => void;
}) {
  const order = listed.order;
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) {
      return;
    }
    const action = keyAction(event, { columns, editable });
    if (!action) {
      return;
    }
    event.preventDefault();
    if (action.type === 'move' || action.type === 'first' || action.type === 'last') {
      bumpFocus();
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
      case 'details': {
        const target = current.focus ? listedFile(listed, current.focus) : selectedFiles[0];
        if (target) {
          setDialog({ type: 'details', file: target, withShares: editable });
        }
        return;
      }
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
}
