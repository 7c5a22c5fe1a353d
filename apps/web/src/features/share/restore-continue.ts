import type { StorageLike } from '@nimbus/client';

/*
 * The "restore continue" record of spec section 3: a save an anonymous visitor asked for,
 * kept in local storage across the sign-in so the share page finishes it afterwards.
 */

/** The local storage key of the pending save. */
export const restoreContinueKey = 'nimbus.share.restore_continue';
/** How long a pending save stays valid: a sign-in longer than this starts over. */
export const restoreContinueMaxAgeMs = 30 * 60 * 1000;

export interface RestoreContinue {
  shareId: string;
  /** The items asked for; empty for the whole share. */
  fileIds: string[];
  at: number;
}

/** Remembers a save to finish after sign-in. */
export function rememberRestore(storage: StorageLike, pending: RestoreContinue): void {
  storage.setItem(restoreContinueKey, JSON.stringify(pending));
}

/**
 * Takes (and forgets) the pending save of a share when one is stored and still fresh; a pending
 * save of another share stays for its own page.
 */
export function takeRestore(
  storage: StorageLike,
  shareId: string,
  now: number,
): RestoreContinue | undefined {
  const raw = storage.getItem(restoreContinueKey);
  if (!raw) {
    return undefined;
  }
  let pending: Partial<RestoreContinue>;
  try {
    pending = JSON.parse(raw) as Partial<RestoreContinue>;
  } catch {
    storage.removeItem(restoreContinueKey);
    return undefined;
  }
  if (pending.shareId !== shareId) {
    return undefined;
  }
  storage.removeItem(restoreContinueKey);
  if (typeof pending.at !== 'number' || now - pending.at > restoreContinueMaxAgeMs) {
    return undefined;
  }
  const fileIds = Array.isArray(pending.fileIds)
    ? pending.fileIds.filter((id): id is string => typeof id === 'string')
    : [];
  return { shareId, fileIds, at: pending.at };
}
