/*
 * The keyboard shortcuts of a file listing: arrows move (Shift extends), Enter opens,
 * Delete trashes, F2 renames, `.` shares (as in Google Drive), `i` or Alt+Enter shows the details
 * (Google Drive's and the Windows Explorer's keys), Ctrl/Cmd+A selects all, Esc clears, Space
 * toggles the focused item, Home and End jump. Pure: a key press and the layout in, an action out.
 */

/** What a key press asks the listing to do. */
export type ListingKeyAction =
  | { type: 'move'; delta: number; extend: boolean }
  | { type: 'first'; extend: boolean }
  | { type: 'last'; extend: boolean }
  | { type: 'open' }
  | { type: 'trash' }
  | { type: 'rename' }
  | { type: 'share' }
  | { type: 'details' }
  | { type: 'select-all' }
  | { type: 'clear' }
  | { type: 'toggle' };

/** The parts of a `KeyboardEvent` the map reads. */
export interface KeyPress {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

/** How the items are laid out: one per row (list) or `columns` per row (grid). */
export interface ListingLayout {
  readonly columns: number;
  /** Whether the listing allows changes (the trash has no rename, no share). */
  readonly editable: boolean;
}

/** The action of a key press, or undefined when the listing leaves the key alone. */
export function keyAction(press: KeyPress, layout: ListingLayout): ListingKeyAction | undefined {
  const command = press.ctrlKey || press.metaKey;
  if (press.altKey) {
    return press.key === 'Enter' && !command && !press.shiftKey ? { type: 'details' } : undefined;
  }
  const columns = Math.max(1, Math.trunc(layout.columns));
  const extend = press.shiftKey;
  switch (press.key) {
    case 'ArrowDown':
      return { type: 'move', delta: columns, extend };
    case 'ArrowUp':
      return { type: 'move', delta: -columns, extend };
    case 'ArrowRight':
      return columns > 1 ? { type: 'move', delta: 1, extend } : undefined;
    case 'ArrowLeft':
      return columns > 1 ? { type: 'move', delta: -1, extend } : undefined;
    case 'Home':
      return { type: 'first', extend };
    case 'End':
      return { type: 'last', extend };
    case 'Enter':
      return command || extend ? undefined : { type: 'open' };
    case 'Delete':
      return layout.editable && !command ? { type: 'trash' } : undefined;
    case 'Backspace':
      // Cmd+Backspace is the Finder's "move to trash".
      return layout.editable && press.metaKey ? { type: 'trash' } : undefined;
    case 'F2':
      return layout.editable && !command && !extend ? { type: 'rename' } : undefined;
    case '.':
      return layout.editable && !command ? { type: 'share' } : undefined;
    case 'Escape':
      return { type: 'clear' };
    case ' ':
      return command || extend ? undefined : { type: 'toggle' };
    case 'i':
    case 'I':
      return command || extend ? undefined : { type: 'details' };
    case 'a':
    case 'A':
      return command && !extend ? { type: 'select-all' } : undefined;
    default:
      return undefined;
  }
}
