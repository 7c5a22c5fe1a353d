import { describe, expect, it } from 'vitest';
import {
  checkItem,
  clearSelection,
  clickItem,
  emptySelection,
  keepListed,
  moveFocus,
  selectAll,
  selectedInOrder,
  toggleItem,
} from './selection';

const order = ['a', 'b', 'c', 'd', 'e', 'f'];
const plain = { range: false, toggle: false };
const shift = { range: true, toggle: false };
const ctrl = { range: false, toggle: true };
const ctrlShift = { range: true, toggle: true };

function ids(state: { selected: ReadonlySet<string> }): string[] {
  return selectedInOrder({ ...emptySelection, selected: state.selected }, order);
}

describe('selection model', () => {
  it('selects one item on a plain click and replaces the selection', () => {
    let state = clickItem(emptySelection, order, 'b', plain);
    expect(ids(state)).toEqual(['b']);
    state = clickItem(state, order, 'e', plain);
    expect(ids(state)).toEqual(['e']);
    expect(state.anchor).toBe('e');
  });

  it('selects the range from the anchor on shift-click, in either direction', () => {
    let state = clickItem(emptySelection, order, 'b', plain);
    state = clickItem(state, order, 'e', shift);
    expect(ids(state)).toEqual(['b', 'c', 'd', 'e']);
    // The anchor stays: a second shift-click re-draws the range from it.
    state = clickItem(state, order, 'a', shift);
    expect(ids(state)).toEqual(['a', 'b']);
    expect(state.anchor).toBe('b');
  });

  it('toggles single items with ctrl/cmd and makes the toggled one the anchor', () => {
    let state = clickItem(emptySelection, order, 'a', plain);
    state = clickItem(state, order, 'c', ctrl);
    state = clickItem(state, order, 'e', ctrl);
    expect(ids(state)).toEqual(['a', 'c', 'e']);
    state = clickItem(state, order, 'c', ctrl);
    expect(ids(state)).toEqual(['a', 'e']);
    expect(state.anchor).toBe('c');
  });

  it('adds a range to the selection with ctrl+shift', () => {
    let state = clickItem(emptySelection, order, 'a', plain);
    state = clickItem(state, order, 'd', ctrl);
    state = clickItem(state, order, 'f', ctrlShift);
    expect(ids(state)).toEqual(['a', 'd', 'e', 'f']);
  });

  it('shift-click without an anchor selects only the clicked item', () => {
    const state = clickItem(emptySelection, order, 'c', shift);
    expect(ids(state)).toEqual(['c']);
  });

  it('moves the focus with the arrows, clamped, and extends with shift', () => {
    let state = moveFocus(emptySelection, order, 1, false);
    expect(state.focus).toBe('a');
    state = moveFocus(state, order, 3, false);
    expect(state.focus).toBe('d');
    expect(ids(state)).toEqual(['d']);
    state = moveFocus(state, order, 1, true);
    state = moveFocus(state, order, 1, true);
    expect(ids(state)).toEqual(['d', 'e', 'f']);
    state = moveFocus(state, order, 10, true);
    expect(state.focus).toBe('f');
    state = moveFocus(state, order, -4, true);
    expect(ids(state)).toEqual(['b', 'c', 'd']);
    state = moveFocus(state, order, -10, false);
    expect(ids(state)).toEqual(['a']);
  });

  it('selects all, clears, and toggles one item', () => {
    let state = selectAll(emptySelection, order);
    expect(ids(state)).toEqual(order);
    state = clearSelection(state);
    expect(ids(state)).toEqual([]);
    state = toggleItem(state, 'b');
    state = toggleItem(state, 'c');
    expect(ids(state)).toEqual(['b', 'c']);
  });

  it('ticks check boxes one by one, and adds the range from the last one ticked with Shift', () => {
    let state = checkItem(emptySelection, order, 'b', false);
    state = checkItem(state, order, 'd', true);
    expect(ids(state)).toEqual(['b', 'c', 'd']);
    state = checkItem(state, order, 'f', false);
    state = checkItem(state, order, 'c', false);
    expect(ids(state)).toEqual(['b', 'd', 'f']);
    state = checkItem(state, order, 'a', true);
    expect(ids(state)).toEqual(['a', 'b', 'c', 'd', 'f']);
    // An anchor no longer listed starts the range at the box clicked.
    state = checkItem({ ...emptySelection, anchor: 'gone' }, order, 'e', true);
    expect(ids(state)).toEqual(['e']);
  });

  it('drops items that are no longer listed', () => {
    let state = clickItem(emptySelection, order, 'b', plain);
    state = clickItem(state, order, 'd', shift);
    const after = keepListed(state, ['a', 'b', 'd']);
    expect([...after.selected].sort()).toEqual(['b', 'd']);
    expect(after.focus).toBe('d');
    expect(keepListed(after, ['a', 'b', 'd'])).toBe(after);
    const listed = new Set(['a', 'd']);
    const fewer = keepListed(after, (id) => listed.has(id));
    expect([...fewer.selected]).toEqual(['d']);
    expect(fewer.anchor).toBeUndefined();
    expect(keepListed(fewer, (id) => listed.has(id))).toBe(fewer);
  });

  it('keeps an empty selection as it is, whatever the listing', () => {
    expect(keepListed(emptySelection, order)).toBe(emptySelection);
    expect(selectedInOrder(emptySelection, order)).toEqual([]);
    const focused = { ...emptySelection, focus: 'z' };
    expect(keepListed(focused, order).focus).toBeUndefined();
  });
});
