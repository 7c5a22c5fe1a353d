import { describe, expect, it } from 'vitest';
import { RowSlots } from './row-slots';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('RowSlots', () => {
  it('gives every row of a window its own key', () => {
    const slots = new RowSlots();
    const keys = slots.assign(range(0, 5));
    expect(new Set(keys).size).toBe(5);
  });

  it('keeps the keys of rows still in view and gives the rows coming in the keys that left', () => {
    const slots = new RowSlots();
    const first = slots.assign(range(0, 5));
    const second = slots.assign(range(2, 5));
    // Rows 2, 3 and 4 keep theirs; rows 5 and 6 take those of rows 0 and 1.
    expect(second.slice(0, 3)).toEqual(first.slice(2));
    expect(second.slice(3)).toEqual(first.slice(0, 2));
  });

  it('reuses every key in the same order when the window jumps past itself', () => {
    const slots = new RowSlots();
    const first = slots.assign(range(0, 6));
    expect(slots.assign(range(40, 6))).toEqual(first);
    expect(slots.assign(range(80, 6))).toEqual(first);
  });

  it('makes new keys when the window grows and keeps them distinct when it shrinks', () => {
    const slots = new RowSlots();
    slots.assign(range(0, 3));
    const grown = slots.assign(range(1, 6));
    expect(new Set(grown).size).toBe(6);
    const shrunk = slots.assign(range(3, 2));
    expect(shrunk).toEqual(grown.slice(2, 4));
    const back = slots.assign(range(0, 4));
    expect(new Set(back).size).toBe(4);
    expect(back.slice(3)).toEqual([shrunk[0]]);
    expect(back[0]).toBe(shrunk[1]);
  });

  it('keeps the keys when scrolling up as well', () => {
    const slots = new RowSlots();
    const first = slots.assign(range(10, 4));
    const up = slots.assign(range(8, 4));
    expect(up.slice(2)).toEqual(first.slice(0, 2));
    expect(new Set(up).size).toBe(4);
    expect(slots.assign([])).toEqual([]);
    expect(slots.assign(range(0, 2))).toHaveLength(2);
  });

  it('never gives two rows of a window the same key', () => {
    const slots = new RowSlots();
    let seed = 7;
    const random = (limit: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % limit;
    };
    for (let step = 0; step < 2000; step += 1) {
      const keys = slots.assign(range(random(200), random(30)));
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
