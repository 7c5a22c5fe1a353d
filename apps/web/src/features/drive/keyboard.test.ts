import { describe, expect, it } from 'vitest';
import type { KeyPress } from './keyboard';
import { keyAction } from './keyboard';

function press(key: string, modifiers: Partial<KeyPress> = {}): KeyPress {
  return { key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...modifiers };
}

const list = { columns: 1, editable: true };
const grid = { columns: 4, editable: true };
const trash = { columns: 1, editable: false };

describe('listing keyboard map', () => {
  it('moves by one row in a list and leaves left and right alone', () => {
    expect(keyAction(press('ArrowDown'), list)).toEqual({ type: 'move', delta: 1, extend: false });
    expect(keyAction(press('ArrowUp', { shiftKey: true }), list)).toEqual({
      type: 'move',
      delta: -1,
      extend: true,
    });
    expect(keyAction(press('ArrowRight'), list)).toBeUndefined();
  });

  it('moves by a whole row of tiles up and down in a grid, by one left and right', () => {
    expect(keyAction(press('ArrowDown'), grid)).toEqual({ type: 'move', delta: 4, extend: false });
    expect(keyAction(press('ArrowUp'), grid)).toEqual({ type: 'move', delta: -4, extend: false });
    expect(keyAction(press('ArrowLeft', { shiftKey: true }), grid)).toEqual({
      type: 'move',
      delta: -1,
      extend: true,
    });
  });

  it('maps Enter, Delete, F2, Esc, Space, Home and End', () => {
    expect(keyAction(press('Enter'), list)).toEqual({ type: 'open' });
    expect(keyAction(press('Delete'), list)).toEqual({ type: 'trash' });
    expect(keyAction(press('Backspace', { metaKey: true }), list)).toEqual({ type: 'trash' });
    expect(keyAction(press('Backspace'), list)).toBeUndefined();
    expect(keyAction(press('F2'), list)).toEqual({ type: 'rename' });
    expect(keyAction(press('Escape'), list)).toEqual({ type: 'clear' });
    expect(keyAction(press(' '), list)).toEqual({ type: 'toggle' });
    expect(keyAction(press('Home', { shiftKey: true }), list)).toEqual({
      type: 'first',
      extend: true,
    });
    expect(keyAction(press('End'), list)).toEqual({ type: 'last', extend: false });
  });

  it('selects all with Ctrl+A and Cmd+A but not with a plain A', () => {
    expect(keyAction(press('a', { ctrlKey: true }), list)).toEqual({ type: 'select-all' });
    expect(keyAction(press('a', { metaKey: true }), grid)).toEqual({ type: 'select-all' });
    expect(keyAction(press('a'), list)).toBeUndefined();
  });

  it('shares with a full stop, not with Ctrl or Cmd held', () => {
    expect(keyAction(press('.'), list)).toEqual({ type: 'share' });
    expect(keyAction(press('.', { ctrlKey: true }), list)).toBeUndefined();
  });

  it('shows the details with i or Alt+Enter, in the trash too, not with Ctrl, Cmd or Shift held', () => {
    expect(keyAction(press('i'), list)).toEqual({ type: 'details' });
    expect(keyAction(press('I'), grid)).toEqual({ type: 'details' });
    expect(keyAction(press('Enter', { altKey: true }), list)).toEqual({ type: 'details' });
    expect(keyAction(press('i'), trash)).toEqual({ type: 'details' });
    expect(keyAction(press('i', { ctrlKey: true }), list)).toBeUndefined();
    expect(keyAction(press('I', { shiftKey: true }), list)).toBeUndefined();
    expect(keyAction(press('Enter', { altKey: true, metaKey: true }), list)).toBeUndefined();
  });

  it('offers no trash, rename or share where the listing cannot change', () => {
    expect(keyAction(press('Delete'), trash)).toBeUndefined();
    expect(keyAction(press('F2'), trash)).toBeUndefined();
    expect(keyAction(press('.'), trash)).toBeUndefined();
    expect(keyAction(press('Enter'), trash)).toEqual({ type: 'open' });
  });

  it('ignores keys with Alt and keys it does not know', () => {
    expect(keyAction(press('ArrowDown', { altKey: true }), list)).toBeUndefined();
    expect(keyAction(press('x'), list)).toBeUndefined();
  });
});
