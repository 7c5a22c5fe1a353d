import { useSyncExternalStore } from 'react';

/*
 * The deletion request this browser made, remembered after its sign-out: asking for deletion
 * ends every session (docs/accounts.md), so the drive cannot ask the server about a pending
 * deletion; the browser that asked keeps the day of the purge and shows it until a sign-in (which
 * withdraws the request, or belongs to another account) or the day passes.
 */

/** Local storage key of the pending deletion's purge day (ISO 8601). */
export const deletionStorageKey = 'nimbus_deletion_pending';
const changeEvent = 'nimbus:deletion-change';

/** The purge day of a stored value while it is still ahead of `now`; nothing otherwise. */
export function pendingPurgeOf(stored: string | null, now: number): string | undefined {
  if (stored === null) {
    return undefined;
  }
  const at = Date.parse(stored);
  return Number.isNaN(at) || at <= now ? undefined : stored;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Remembers a deletion request this browser made (the answer's `purge_after`). */
export function rememberDeletion(purgeAfter: string): void {
  storage()?.setItem(deletionStorageKey, purgeAfter);
  window.dispatchEvent(new Event(changeEvent));
}

/** Forgets it: a sign-in withdrew the request (or another account signed in here). */
export function forgetDeletion(): void {
  const store = storage();
  if (store?.getItem(deletionStorageKey) === null) {
    return;
  }
  store?.removeItem(deletionStorageKey);
  window.dispatchEvent(new Event(changeEvent));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(changeEvent, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(changeEvent, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The purge day of the deletion this browser asked for, while it is pending. */
export function useRememberedDeletion(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => pendingPurgeOf(storage()?.getItem(deletionStorageKey) ?? null, Date.now()),
    () => undefined,
  );
}
