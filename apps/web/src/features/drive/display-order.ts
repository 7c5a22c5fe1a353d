import type { DisplayMode, DisplayViewType, SortOrder } from '@nimbus/contracts';
import { normalizeDisplayViewType, parseSortOrder, sortOrderKeys } from '@nimbus/contracts';

/*
 * From display-mode preferences to what a listing asks the API for, and the per-view overrides:
 * when `orderSettingGlobal` (or `viewSettingGlobal`) is false, a view (a folder, the trash, ...)
 * keeps its own sort order (or view type), else the global one applies (docs/product.md#entities).
 */

/** The sort orders the sort menu offers, in menu order; every sort order there is. */
export const menuSortOrders: readonly SortOrder[] = [
  'NAME_ASC',
  'NAME_DESC',
  'MODIFY_TIME_DESC',
  'MODIFY_TIME_ASC',
  'SIZE_DESC',
  'SIZE_ASC',
  'TYPE_DESC',
];

/** The message key (under `drive.sort`) of each sort order. */
export const sortOrderLabelKeys = {
  NAME_ASC: 'name-asc',
  NAME_DESC: 'name-desc',
  TYPE_DESC: 'type-desc',
  MODIFY_TIME_ASC: 'modified-asc',
  MODIFY_TIME_DESC: 'modified-desc',
  SIZE_ASC: 'size-asc',
  SIZE_DESC: 'size-desc',
} as const satisfies Readonly<Record<SortOrder, string>>;

/** What one view remembers when its settings are not global. */
export interface ViewOverride {
  orderType?: SortOrder;
  viewType?: DisplayViewType;
}

/** The display a view uses: the global mode with the view's own choices where they apply. */
export interface EffectiveDisplay {
  orderType: SortOrder;
  viewType: DisplayViewType;
  pinFoldersTop: boolean;
}

/** The effective display of a view. */
export function effectiveDisplay(
  global: DisplayMode,
  override: ViewOverride | undefined,
): EffectiveDisplay {
  return {
    orderType: global.orderSettingGlobal
      ? global.orderType
      : (override?.orderType ?? global.orderType),
    viewType: global.viewSettingGlobal ? global.viewType : (override?.viewType ?? global.viewType),
    pinFoldersTop: global.pinFoldersTop,
  };
}

/** The listing parameters of a display: the order by key name and whether folders lead. */
export function listingOrder(display: EffectiveDisplay): {
  order: SortOrder;
  foldersFirst: boolean;
} {
  return { order: display.orderType, foldersFirst: display.pinFoldersTop };
}

/**
 * The order a column header asks for: the column's ascending order, or its descending one when
 * that column is already sorted ascending. Modified time and size start descending (newest,
 * largest first), as people expect.
 */
export function toggledColumnOrder(
  current: SortOrder,
  column: 'name' | 'modified' | 'size',
): SortOrder {
  switch (column) {
    case 'name':
      return current === 'NAME_ASC' ? 'NAME_DESC' : 'NAME_ASC';
    case 'modified':
      return current === 'MODIFY_TIME_DESC' ? 'MODIFY_TIME_ASC' : 'MODIFY_TIME_DESC';
    case 'size':
      return current === 'SIZE_DESC' ? 'SIZE_ASC' : 'SIZE_DESC';
  }
}

/** Which way a column is sorted under an order, or undefined when the order is by another. */
export function columnDirection(
  order: SortOrder,
  column: 'name' | 'modified' | 'size',
): 'ascending' | 'descending' | undefined {
  const map: Partial<
    Record<SortOrder, ['name' | 'modified' | 'size', 'ascending' | 'descending']>
  > = {
    NAME_ASC: ['name', 'ascending'],
    NAME_DESC: ['name', 'descending'],
    MODIFY_TIME_ASC: ['modified', 'ascending'],
    MODIFY_TIME_DESC: ['modified', 'descending'],
    SIZE_ASC: ['size', 'ascending'],
    SIZE_DESC: ['size', 'descending'],
  };
  const entry = map[order];
  return entry && entry[0] === column ? entry[1] : undefined;
}

/** Reads the per-view overrides from storage (untrusted): unknown values are dropped. */
export function normalizeViewOverrides(raw: unknown): Record<string, ViewOverride> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {};
  }
  const result: Record<string, ViewOverride> = {};
  for (const [view, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value !== 'object' || value === null) {
      continue;
    }
    const record = value as Record<string, unknown>;
    const override: ViewOverride = {};
    const order = parseSortOrder(record.orderType);
    if (order && sortOrderKeys.includes(order)) {
      override.orderType = order;
    }
    if (record.viewType !== undefined) {
      override.viewType = normalizeDisplayViewType(record.viewType);
    }
    if (override.orderType || override.viewType) {
      result[view] = override;
    }
  }
  return result;
}
