import type { StorageLike } from '@nimbus/client';
import type { RestoreRequestBody } from './share-api';

/*
 * The share page's save records of docs/product.md#entities, kept in local storage so a save survives the
 * sign-in dialog and a full reload:
 * - "restore continue": a save an anonymous visitor asked for, waiting for the sign-in;
 * - "restore request body": the body of `POST /drive/v1/share/restore` that save will send;
 * - "restore to drive": a save that runs in the background (its task id), so a reload keeps
 *   following its progress and offers "Open in my drive" when it ends.
 */

/** The local storage key of the pending save ("restore continue"). */
export const restoreContinueKey = 'nimbus.share.restore_continue';
/** The local storage key of the pending save's request ("restore request body"). */
export const restoreRequestBodyKey = 'nimbus.share.restore_request_body';
/** The local storage key of a save running in the background ("restore to drive"). */
export const restoreToDriveKey = 'nimbus.share.restore_to_drive';
/** How long a pending save stays valid: a sign-in longer than this starts over. */
export const restoreContinueMaxAgeMs = 30 * 60 * 1000;
/** How long a running save is followed after a reload. */
export const restoreToDriveMaxAgeMs = 24 * 60 * 60 * 1000;

/** A save waiting for the visitor to sign in. */
export interface RestoreContinue {
  shareId: string;
  /** Why the sign-in was asked: a save, or a download. */
  action: 'save' | 'download';
  /** The files to download after sign-in (action `download`), one at a time. */
  fileIds?: string[];
  at: number;
}

/** A save that runs as a task. */
export interface RestoreToDrive {
  shareId: string;
  taskId: string;
  /** The folder chosen, `""` for "Saved from shares". */
  parentId: string;
  at: number;
}

function readJson(storage: StorageLike, key: string): Record<string, unknown> | undefined {
  const raw = storage.getItem(key);
  if (!raw) {
    return undefined;
  }
  try {
    const value = JSON.parse(raw) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // A malformed record is dropped below.
  }
  storage.removeItem(key);
  return undefined;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((id): id is string => typeof id === 'string').slice(0, 1000)
    : [];
}

/** Remembers a save (or a download) to finish after sign-in, with the save's request body. */
export function rememberRestore(
  storage: StorageLike,
  pending: RestoreContinue,
  body: RestoreRequestBody,
): void {
  storage.setItem(restoreContinueKey, JSON.stringify(pending));
  storage.setItem(restoreRequestBodyKey, JSON.stringify(body));
}

/** Forgets a pending save (the visitor closed the sign-in dialog). */
export function forgetRestore(storage: StorageLike): void {
  storage.removeItem(restoreContinueKey);
  storage.removeItem(restoreRequestBodyKey);
}

/**
 * The pending save of a share when one is stored and still fresh, without taking it; a pending
 * save of another share stays for its own page, a stale or malformed one is dropped.
 */
export function peekRestore(
  storage: StorageLike,
  shareId: string,
  now: number,
): { pending: RestoreContinue; body: RestoreRequestBody } | undefined {
  const pending = readJson(storage, restoreContinueKey);
  if (!pending || pending.shareId !== shareId) {
    return undefined;
  }
  if (typeof pending.at !== 'number' || now - pending.at > restoreContinueMaxAgeMs) {
    forgetRestore(storage);
    return undefined;
  }
  const stored = readJson(storage, restoreRequestBodyKey);
  const body: RestoreRequestBody = { share_id: shareId, file_ids: stringsOf(stored?.file_ids) };
  const ancestors = stringsOf(stored?.ancestor_ids).slice(0, 256);
  if (body.file_ids.length > 0 && ancestors.length > 0) {
    body.ancestor_ids = ancestors;
  }
  if (stored && typeof stored.parent_id === 'string' && stored.parent_id !== '') {
    body.parent_id = stored.parent_id;
    body.specify_parent_id = true;
  }
  const action = pending.action === 'download' ? 'download' : 'save';
  // `fileId` is how a record made before downloads of several files named its one file.
  const fileIds =
    typeof pending.fileId === 'string' ? [pending.fileId] : stringsOf(pending.fileIds);
  return {
    pending: {
      shareId,
      action,
      ...(action === 'download' && fileIds.length > 0 ? { fileIds } : {}),
      at: pending.at,
    },
    body,
  };
}

/** Takes (and forgets) the pending save of a share; see {@link peekRestore}. */
export function takeRestore(
  storage: StorageLike,
  shareId: string,
  now: number,
): { pending: RestoreContinue; body: RestoreRequestBody } | undefined {
  const found = peekRestore(storage, shareId, now);
  if (found) {
    forgetRestore(storage);
  }
  return found;
}

/** Remembers a save running as a task, so a reload keeps following it. */
export function rememberRunningRestore(storage: StorageLike, running: RestoreToDrive): void {
  storage.setItem(restoreToDriveKey, JSON.stringify(running));
}

/** Forgets the running save once it ended. */
export function forgetRunningRestore(storage: StorageLike): void {
  storage.removeItem(restoreToDriveKey);
}

/** The save of a share still running as a task, when one is stored and not too old. */
export function runningRestore(
  storage: StorageLike,
  shareId: string,
  now: number,
): RestoreToDrive | undefined {
  const running = readJson(storage, restoreToDriveKey);
  if (!running || running.shareId !== shareId) {
    return undefined;
  }
  if (
    typeof running.taskId !== 'string' ||
    running.taskId === '' ||
    typeof running.at !== 'number' ||
    now - running.at > restoreToDriveMaxAgeMs
  ) {
    forgetRunningRestore(storage);
    return undefined;
  }
  return {
    shareId,
    taskId: running.taskId,
    parentId: typeof running.parentId === 'string' ? running.parentId : '',
    at: running.at,
  };
}
