import type { BucketUploads } from '../storage/blob-store.interface';
import type { ParkedRepository } from './offline-parked.repository';

const hour = 3_600_000;

/**
 * Removes what the bucket keeps under `uploads/` for a task or an upload that is gone: the bytes
 * an offline download parked, when the task was deleted while no worker ran (or the node that
 * took the deletion died before it removed them). An id is left alone while its newest object is
 * younger than `graceMs`, or while its task or upload exists (their own ends remove them).
 * Answers how many ids it removed.
 */
export function createParkedSweep(deps: {
  bucket: BucketUploads | undefined;
  parked: ParkedRepository;
  now: () => Date;
}) {
  return async (graceMs = hour): Promise<number> => {
    const { bucket } = deps;
    if (bucket === undefined) {
      return 0;
    }
    const ids = await bucket.idsBefore(new Date(deps.now().getTime() - graceMs));
    let removed = 0;
    for (let start = 0; start < ids.length; start += 500) {
      const slice = ids.slice(start, start + 500);
      const owned = await deps.parked.ownedAmong(slice);
      for (const id of slice.filter((candidate) => !owned.has(candidate))) {
        await bucket.remove(id, null);
        removed += 1;
      }
    }
    return removed;
  };
}
