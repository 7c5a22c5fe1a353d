/*
 * Keys for the rows of a virtual list that let a row scrolled out of view hand its elements to a
 * row scrolled in (React then updates their text and attributes instead of removing one row's
 * elements and creating another's), while the rows stay in the DOM in their order:
 *  - a row still in view keeps its key;
 *  - rows coming into view take the keys of the rows that left, in the order those rows had, so
 *    that a jump past the whole window reuses every element where it is (no element moves).
 */
export class RowSlots {
  /** The key of each row index of the last window. */
  private keys = new Map<number, number>();
  /** The keys of the last window in row order. */
  private order: number[] = [];

  /** The keys of a window of rows (indexes in ascending order), one per index, all distinct. */
  assign(indexes: readonly number[]): number[] {
    const kept = new Set<number>();
    for (const index of indexes) {
      const key = this.keys.get(index);
      if (key !== undefined) {
        kept.add(key);
      }
    }
    const free = this.order.filter((key) => !kept.has(key));
    let nextFree = 0;
    // New keys (the window grew): the smallest numbers no row of this window has.
    const taken = new Set([...kept, ...free.slice(0, indexes.length - kept.size)]);
    let fresh = 0;
    const newKey = () => {
      while (taken.has(fresh)) {
        fresh += 1;
      }
      taken.add(fresh);
      return fresh;
    };
    const keys = new Map<number, number>();
    const order = indexes.map((index) => {
      const key = this.keys.get(index) ?? free[nextFree++] ?? newKey();
      keys.set(index, key);
      return key;
    });
    this.keys = keys;
    this.order = order;
    return order;
  }
}
