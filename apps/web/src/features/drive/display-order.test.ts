import { defaultDisplayMode, sortOrderKeys } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import {
  columnDirection,
  effectiveDisplay,
  listingOrder,
  menuSortOrders,
  normalizeViewOverrides,
  sortOrderLabelKeys,
  toggledColumnOrder,
} from './display-order';

describe('sort orders and display preferences', () => {
  it('offers every sort order exactly once, each with a label', () => {
    expect([...menuSortOrders].sort()).toEqual([...sortOrderKeys].sort());
    for (const order of menuSortOrders) {
      expect(sortOrderLabelKeys[order]).toMatch(/^[a-z-]+$/);
    }
  });

  it('uses the global order and view when the settings are global', () => {
    const display = effectiveDisplay(defaultDisplayMode, {
      orderType: 'NAME_ASC',
      viewType: 'list',
    });
    expect(display).toEqual({
      orderType: 'MODIFY_TIME_DESC',
      viewType: 'grid',
      pinFoldersTop: true,
    });
    expect(listingOrder(display)).toEqual({ order: 'MODIFY_TIME_DESC', foldersFirst: true });
  });

  it("uses a view's own order and view type when the settings are per view", () => {
    const global = {
      ...defaultDisplayMode,
      orderSettingGlobal: false,
      viewSettingGlobal: false,
      pinFoldersTop: false,
    };
    expect(effectiveDisplay(global, { orderType: 'SIZE_ASC', viewType: 'list' })).toEqual({
      orderType: 'SIZE_ASC',
      viewType: 'list',
      pinFoldersTop: false,
    });
    // A view without its own choice follows the global one.
    expect(effectiveDisplay(global, undefined).orderType).toBe('MODIFY_TIME_DESC');
    expect(listingOrder(effectiveDisplay(global, { orderType: 'NAME_DESC' }))).toEqual({
      order: 'NAME_DESC',
      foldersFirst: false,
    });
  });

  it('toggles a column between its two directions', () => {
    expect(toggledColumnOrder('MODIFY_TIME_DESC', 'name')).toBe('NAME_ASC');
    expect(toggledColumnOrder('NAME_ASC', 'name')).toBe('NAME_DESC');
    expect(toggledColumnOrder('NAME_ASC', 'size')).toBe('SIZE_DESC');
    expect(toggledColumnOrder('SIZE_DESC', 'size')).toBe('SIZE_ASC');
    expect(toggledColumnOrder('MODIFY_TIME_DESC', 'modified')).toBe('MODIFY_TIME_ASC');
    expect(columnDirection('SIZE_ASC', 'size')).toBe('ascending');
    expect(columnDirection('SIZE_ASC', 'name')).toBeUndefined();
    expect(columnDirection('TYPE_DESC', 'name')).toBeUndefined();
  });

  it('reads stored per-view overrides, mapping numeric orders and dropping junk', () => {
    expect(
      normalizeViewOverrides({
        folder1: { orderType: 8, viewType: 'list' },
        folder2: { orderType: 'name_asc' },
        folder3: { orderType: 'SHUFFLE' },
        folder4: 'nonsense',
        trash: { viewType: 'flow' },
      }),
    ).toEqual({
      folder1: { orderType: 'SIZE_DESC', viewType: 'list' },
      folder2: { orderType: 'NAME_ASC' },
      trash: { viewType: 'grid' },
    });
    expect(normalizeViewOverrides(null)).toEqual({});
    expect(normalizeViewOverrides([1])).toEqual({});
  });
});
