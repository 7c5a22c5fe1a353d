import type { z } from 'zod';
import type { displayModeSchema, sharedDisplayModeSchema } from './display-mode-schemas';
import { defaultSortOrder, parseSortOrder } from './enums';
import type { SortOrder } from './enums';

/*
 * Display-mode preferences (docs/product.md #entities to #validation): how a member wants file listings sorted and laid
 * out. The web app keeps them in IndexedDB; these are the storage-independent rules.
 */

/** The view types a preference may hold; `single` and `flow` are never stored. */
export const displayViewTypes = ['list', 'grid'] as const;
export type DisplayViewType = (typeof displayViewTypes)[number];

/** The view type stored when the one given is not allowed. */
export const defaultDisplayViewType: DisplayViewType = 'grid';

/** The display mode of a member's own drive (the schema: display-mode-schemas.ts). */
export type DisplayMode = z.infer<typeof displayModeSchema>;

/** The display mode of share pages: the same fields without the two Global flags. */
export type SharedDisplayMode = z.infer<typeof sharedDisplayModeSchema>;

/** Modify time descending, folders on top, grid, both settings global (docs/product.md#limits). */
export const defaultDisplayMode: Readonly<DisplayMode> = Object.freeze({
  orderType: defaultSortOrder,
  pinFoldersTop: true,
  orderSettingGlobal: true,
  viewType: defaultDisplayViewType,
  viewSettingGlobal: true,
});

/** The shared-page default: the same as the drive's, without the Global flags. */
export const defaultSharedDisplayMode: Readonly<SharedDisplayMode> = Object.freeze({
  orderType: defaultSortOrder,
  pinFoldersTop: true,
  viewType: defaultDisplayViewType,
});

/** The IndexedDB object store that holds display modes. */
export const displayModeStoreName = 'display_mode';

/** The prefix of the key under which a member's global display mode is stored. */
export const displayModeKeyPrefix = 'global_';

/** The keys under which the web app's state holds the two display modes. */
export const displayModeStateKeys = { global: 'global', shared: 'shared' } as const;

/** The store key of a member's global display mode: `global_<userId>`. */
export function displayModeStorageKey(userId: string): string {
  return `${displayModeKeyPrefix}${userId}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Whether a stored or to-be-stored display mode is empty: not an object, or an object without a
 * single field. Empty display modes are not saved (docs/product.md#validation).
 */
export function isEmptyDisplayMode(raw: unknown): boolean {
  return !isRecord(raw) || Object.keys(raw).length === 0;
}

/** A view type that may be stored: `list` or `grid`; anything else becomes `grid`. */
export function normalizeDisplayViewType(value: unknown): DisplayViewType {
  return value === 'list' || value === 'grid' ? value : defaultDisplayViewType;
}

/**
 * An order type by its key name: a key name, numeric code or text notation is mapped to the key
 * name; anything else becomes the default (modify time descending).
 */
export function normalizeOrderType(value: unknown): SortOrder {
  return parseSortOrder(value) ?? defaultSortOrder;
}

function booleanOr(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

/**
 * A display mode from whatever was stored or sent: missing or mistyped fields take their
 * defaults, the view type is `list` or `grid` (else `grid`) and the order type is stored by its
 * key name (a numeric or text order is mapped, an unknown one defaulted). Unknown fields are
 * dropped.
 */
export function normalizeDisplayMode(raw: unknown): DisplayMode {
  const source = isRecord(raw) ? raw : {};
  return {
    orderType: normalizeOrderType(source.orderType),
    pinFoldersTop: booleanOr(source.pinFoldersTop, defaultDisplayMode.pinFoldersTop),
    orderSettingGlobal: booleanOr(source.orderSettingGlobal, defaultDisplayMode.orderSettingGlobal),
    viewType: normalizeDisplayViewType(source.viewType),
    viewSettingGlobal: booleanOr(source.viewSettingGlobal, defaultDisplayMode.viewSettingGlobal),
  };
}

/** The shared-page variant of {@link normalizeDisplayMode}: the Global flags are dropped. */
export function normalizeSharedDisplayMode(raw: unknown): SharedDisplayMode {
  const { orderType, pinFoldersTop, viewType } = normalizeDisplayMode(raw);
  return { orderType, pinFoldersTop, viewType };
}
