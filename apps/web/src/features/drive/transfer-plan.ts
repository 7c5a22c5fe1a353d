import type { DriveFile } from './drive-api';

/*
 * How a selection is downloaded and dragged, as pure decisions: one file keeps its direct
 * content link; several items or a folder become one zip (`POST /drive/v1/files:zip`, at most
 * `maxZipItems` ids a call); a drag may drop only on a folder that is not itself dragged and is
 * not where the items already are.
 */

/** The most ids one `POST /drive/v1/files:zip` takes (the server's `maxZipIds`). */
export const maxZipItems = 100;

/** The most ids one batch call (`:batchTrash`, `:batchMove`, `:star`, ...) takes. */
export const maxBatchIds = 1000;

/** What a download of the selection does. */
export type DownloadPlan =
  | { type: 'none' }
  | { type: 'direct'; file: DriveFile }
  | { type: 'zip'; ids: string[] }
  | { type: 'too-many'; count: number };

/** The download of `files`: a direct link for one file, a zip otherwise. */
export function downloadPlan(files: readonly DriveFile[]): DownloadPlan {
  const [first] = files;
  if (first === undefined) {
    return { type: 'none' };
  }
  if (files.length === 1 && first.kind !== 'drive#folder') {
    return { type: 'direct', file: first };
  }
  if (files.length > maxZipItems) {
    return { type: 'too-many', count: files.length };
  }
  return { type: 'zip', ids: files.map((file) => file.id) };
}

/** `ids` cut into the calls a batch path takes (in order, none empty). */
export function chunked<T>(ids: readonly T[], size: number = maxBatchIds): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < ids.length; start += size) {
    chunks.push(ids.slice(start, start + size));
  }
  return chunks;
}

/**
 * Whether dragged items may be dropped into `targetId`: never into one of themselves, and not
 * into the folder they are in already (a no-op the member would take for a failure).
 */
export function canDropInto(
  dragged: readonly Pick<DriveFile, 'id' | 'parent_id'>[],
  targetId: string,
): boolean {
  if (dragged.length === 0) {
    return false;
  }
  return dragged.every((file) => file.id !== targetId && file.parent_id !== targetId);
}
