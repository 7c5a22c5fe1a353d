import type { CookieDocument, StorageLike } from '@nimbus/client';
import { setCookie } from '@nimbus/client';
import type { DisplayViewType, SharedDisplayMode } from '@nimbus/contracts';
import {
  defaultSharedDisplayMode,
  isEmptyDisplayMode,
  normalizeDisplayViewType,
  normalizeSharedDisplayMode,
} from '@nimbus/contracts';

/*
 * What a visitor's browser remembers about share pages (docs/product.md#entities): the "shared display
 * mode" (list or grid, sort order, folders on top; the rules of `@nimbus/contracts`) and the
 * "hidden shared content cover" (the shares whose sensitive-content cover the visitor lifted).
 */

/** The local storage key of the share pages' display mode ("shared display mode"). */
export const sharedDisplayModeKey = 'nimbus.share.display_mode';
/** The local storage key of the lifted covers ("hidden shared content cover"). */
export const hiddenCoverKey = 'nimbus.share.hidden_cover';
/**
 * The cookie of the share pages' view type ("ssr view type"), so the server renders the list or
 * the grid the visitor chose without a flash of the other one.
 */
export const ssrViewTypeCookie = 'share_view_type';
/** Lifetime of the view type cookie: a year. */
export const ssrViewTypeMaxAgeSeconds = 365 * 24 * 60 * 60;
/** How many lifted covers are remembered (the newest). */
export const hiddenCoverMaxEntries = 50;

/** The stored display mode of share pages, normalised; the default when none is stored. */
export function readSharedDisplayMode(storage: StorageLike): SharedDisplayMode {
  const raw = storage.getItem(sharedDisplayModeKey);
  if (!raw) {
    return { ...defaultSharedDisplayMode };
  }
  try {
    return normalizeSharedDisplayMode(JSON.parse(raw) as unknown);
  } catch {
    return { ...defaultSharedDisplayMode };
  }
}

/** Saves a change of the share pages' display mode; an empty change saves nothing. */
export function writeSharedDisplayMode(
  storage: StorageLike,
  change: Partial<SharedDisplayMode>,
): SharedDisplayMode {
  const current = readSharedDisplayMode(storage);
  if (isEmptyDisplayMode(change)) {
    return current;
  }
  const next = normalizeSharedDisplayMode({ ...current, ...change });
  storage.setItem(sharedDisplayModeKey, JSON.stringify(next));
  return next;
}

/** The view type a request's cookie names: `list` or `grid` (the default when absent or wrong). */
export function ssrViewTypeOf(value: string | undefined): DisplayViewType {
  return value === undefined ? defaultSharedDisplayMode.viewType : normalizeDisplayViewType(value);
}

/** Keeps the view type for the server's rendering of the next share page. */
export function storeSsrViewType(viewType: DisplayViewType, doc?: CookieDocument): void {
  setCookie(
    ssrViewTypeCookie,
    viewType,
    {
      path: '/',
      maxAge: ssrViewTypeMaxAgeSeconds,
      sameSite: 'lax',
      secure: typeof location !== 'undefined' && location.protocol === 'https:',
    },
    doc,
  );
}

function liftedCovers(storage: StorageLike): string[] {
  const raw = storage.getItem(hiddenCoverKey);
  if (!raw) {
    return [];
  }
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value)
      ? value.filter((id): id is string => typeof id === 'string').slice(-hiddenCoverMaxEntries)
      : [];
  } catch {
    return [];
  }
}

/** Whether the visitor lifted the sensitive-content cover of a share. */
export function isCoverLifted(storage: StorageLike, shareId: string): boolean {
  return liftedCovers(storage).includes(shareId);
}

/** Remembers that the visitor lifted a share's cover (the newest entries stay). */
export function liftCover(storage: StorageLike, shareId: string): void {
  const kept = liftedCovers(storage).filter((id) => id !== shareId);
  kept.push(shareId);
  storage.setItem(hiddenCoverKey, JSON.stringify(kept.slice(-hiddenCoverMaxEntries)));
}

/** The audit statuses that put a cover over a share or a file. */
export function isSensitiveStatus(status: string | undefined): boolean {
  return status === 'SENSITIVE_RESOURCE' || status === 'SENSITIVE_WORD';
}
