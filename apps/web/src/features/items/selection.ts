/*
 * The selection model of a file listing, like a desktop file manager: a click selects one item,
 * Ctrl/Cmd-click toggles one, Shift-click selects the range from the anchor, Ctrl+Shift-click
 * adds that range. Pure: every operation takes the items in display order and returns a new
 * state.
 */

/** Which items are selected, where a Shift range starts, and which item has the focus. */
export interface SelectionState {
  readonly selected: ReadonlySet<string>;
  /** The item a Shift range starts from; the last item clicked without Shift. */
  readonly anchor: string | undefined;
  /** The item the keyboard is on. */
  readonly focus: string | undefined;
}

/** Nothing selected, nothing focused. */
export const emptySelection: SelectionState = {
  selected: new Set(),
  anchor: undefined,
  focus: undefined,
};

/** The modifier keys of a click or key press. */
export interface Modifiers {
  /** Shift: extend from the anchor. */
  readonly range: boolean;
  /** Ctrl on Windows and Linux, Cmd on macOS: toggle or add. */
  readonly toggle: boolean;
}

function rangeOf(order: readonly string[], from: string | undefined, to: string): string[] {
  const end = order.indexOf(to);
  if (end < 0) {
    return [];
  }
  const start = from === undefined ? -1 : order.indexOf(from);
  if (start < 0) {
    return [to];
  }
  const [low, high] = start <= end ? [start, end] : [end, start];
  return order.slice(low, high + 1);
}

/** A click (or tap) on an item with the given modifiers. */
export function clickItem(
  state: SelectionState,
  order: readonly string[],
  id: string,
  modifiers: Modifiers,
): SelectionState {
  if (modifiers.range) {
    const range = rangeOf(order, state.anchor, id);
    const selected = modifiers.toggle ? new Set([...state.selected, ...range]) : new Set(range);
    return { selected, anchor: state.anchor ?? id, focus: id };
  }
  if (modifiers.toggle) {
    const selected = new Set(state.selected);
    if (selected.has(id)) {
      selected.delete(id);
    } else {
      selected.add(id);
    }
    return { selected, anchor: id, focus: id };
  }
  return { selected: new Set([id]), anchor: id, focus: id };
}

/** Adds or removes one item without touching the rest (a checkbox, a long press on a phone). */
export function toggleItem(state: SelectionState, id: string): SelectionState {
  return clickItem(state, [id], id, { range: false, toggle: true });
}

/**
 * Moves the keyboard focus by `delta` items (clamped to the list). With `extend` (Shift) the
 * selection becomes the range from the anchor to the new focus; otherwise only the new focus is
 * selected. From no focus, any move lands on the first item.
 */
export function moveFocus(
  state: SelectionState,
  order: readonly string[],
  delta: number,
  extend: boolean,
): SelectionState {
  if (order.length === 0) {
    return state;
  }
  const current = state.focus === undefined ? -1 : order.indexOf(state.focus);
  const index =
    current < 0 ? 0 : Math.min(order.length - 1, Math.max(0, current + Math.trunc(delta)));
  const id = order[index] as string;
  if (extend) {
    const anchor = state.anchor ?? state.focus ?? id;
    return { selected: new Set(rangeOf(order, anchor, id)), anchor, focus: id };
  }
  return { selected: new Set([id]), anchor: id, focus: id };
}

/** Selects every item given (Ctrl/Cmd+A). */
export function selectAll(state: SelectionState, order: readonly string[]): SelectionState {
  return {
    selected: new Set(order),
    anchor: state.anchor ?? order[0],
    focus: state.focus ?? order[0],
  };
}

/** Clears the selection and keeps the focus (Esc). */
export function clearSelection(state: SelectionState): SelectionState {
  return { selected: new Set(), anchor: undefined, focus: state.focus };
}

function membership(
  listed: readonly string[] | ((id: string) => boolean),
): (id: string) => boolean {
  if (typeof listed === 'function') {
    return listed;
  }
  const ids = new Set(listed);
  return (id) => ids.has(id);
}

/**
 * Drops the ids that are no longer listed (after a trash, move or reload). `listed` is the items
 * in display order, or whether an id is listed.
 */
export function keepListed(
  state: SelectionState,
  listed: readonly string[] | ((id: string) => boolean),
): SelectionState {
  // Nothing to check: a listing of 100,000 items is not copied into a set on every page.
  if (state.selected.size === 0 && state.anchor === undefined && state.focus === undefined) {
    return state;
  }
  const has = membership(listed);
  const selected = [...state.selected].filter((id) => has(id));
  if (
    selected.length === state.selected.size &&
    (state.anchor === undefined || has(state.anchor)) &&
    (state.focus === undefined || has(state.focus))
  ) {
    return state;
  }
  return {
    selected: new Set(selected),
    anchor: state.anchor !== undefined && has(state.anchor) ? state.anchor : undefined,
    focus: state.focus !== undefined && has(state.focus) ? state.focus : undefined,
  };
}

/**
 * A click on an item's check box: ticks or unticks it alone; with Shift, adds the range from the
 * anchor (the last box ticked) to it, as a Ctrl+Shift-click does.
 */
export function checkItem(
  state: SelectionState,
  order: readonly string[],
  id: string,
  range: boolean,
): SelectionState {
  return range
    ? clickItem(keepListed(state, order), order, id, { range: true, toggle: true })
    : toggleItem(state, id);
}

/** The selected ids in display order. */
export function selectedInOrder(state: SelectionState, order: readonly string[]): string[] {
  if (state.selected.size === 0) {
    return [];
  }
  return order.filter((id) => state.selected.has(id));
}
