import fs from 'node:fs/promises';
import path from 'node:path';
import type { TaskMessageKey } from '@nimbus/contracts';
import { hashFilePrefix } from '../storage/hashed-file-writer';
import { directAlignment, openDirect } from '../storage/shared-slots';
import { createStreamHasher } from '../storage/threaded-hash';
import type { TaskRecord, TaskRepository } from '../task/task.repository';

/**
 * Failures a member gets past by freeing space or waiting for traffic: a torrent task that ends
 * with one keeps its verified pieces (`partDir/<task id>/`), so a retry fetches only the rest.
 */
export const keptFailures: ReadonlySet<string> = new Set<TaskMessageKey>([
  'space_not_enough',
  'traffic_exhausted',
]);

/**
 * The partial data of downloads under way, in `partDir`: a file per URL task (`partDir/<task id>`),
 * a folder of pieces per torrent task (`partDir/<task id>/`).
 */
export function createPartStore(options: {
  partDir: string;
  tasks: Pick<TaskRepository, 'phasesOf'>;
  now: () => Date;
  /** How long the pieces of a torrent task that failed for room or traffic are kept for a retry. */
  keepFailedMs: number;
}) {
  const ready = fs.mkdir(options.partDir, { recursive: true });
  ready.catch(() => undefined);
  const partOf = (id: string) => path.join(options.partDir, id);

  /** Drops a task's partial data (a failure, a finished or deleted task): a file, or a torrent's folder of pieces. */
  async function drop(id: string): Promise<void> {
    await fs.rm(partOf(id), { force: true, recursive: true });
  }

  /**
   * Opens the partial file of a task at its durable length (cut back to a multiple of 4 KiB, so
   * the bytes after it line up for direct I/O) and a hasher fed with those bytes (re-read once);
   * length 0 when there is nothing to resume. `direct` is the file opened for direct I/O too,
   * when its file system has it.
   */
  async function open(task: TaskRecord, resumable: boolean, fetchedBytes: number) {
    await ready;
    const handle = await fs.open(partOf(task.id), 'a+').then(async (appendable) => {
      await appendable.close();
      return fs.open(partOf(task.id), 'r+');
    });
    try {
      const { size: stored } = await handle.stat();
      const durable = fetchedBytes - (fetchedBytes % directAlignment);
      const kept = resumable && stored >= durable ? durable : 0;
      if (stored !== kept) {
        await handle.truncate(kept);
      }
      const hasher = createStreamHasher(task.fileSize > 0 ? task.fileSize : undefined);
      if (kept > 0) {
        await hashFilePrefix(handle, kept, hasher);
      }
      const direct = await openDirect(partOf(task.id));
      return { handle, direct, hasher, kept };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /**
   * Deletes partial data nobody will resume: of tasks gone, finished or failed (a crash between
   * the last write and the task's update leaves such files), except the pieces of a torrent task
   * that failed for room or traffic, kept `keepFailedMs` for a retry.
   */
  async function sweep(): Promise<void> {
    await ready;
    const names = (await fs.readdir(options.partDir)).filter((name) =>
      /^[A-Za-z0-9_-]{1,32}$/.test(name),
    );
    for (let index = 0; index < names.length; index += 500) {
      const slice = names.slice(index, index + 500);
      const phases = await options.tasks.phasesOf(slice);
      const keptSince = new Date(options.now().getTime() - options.keepFailedMs).toISOString();
      for (const name of slice) {
        const state = phases.get(name);
        const kept =
          state?.phase === 'PHASE_TYPE_ERROR' &&
          keptFailures.has(state.messageKey) &&
          state.updatedAt >= keptSince;
        if (
          state === undefined ||
          state.phase === 'PHASE_TYPE_COMPLETE' ||
          (state.phase === 'PHASE_TYPE_ERROR' && !kept)
        ) {
          await drop(name);
        }
      }
    }
  }

  return { partOf, drop, open, sweep };
}

export type PartStore = ReturnType<typeof createPartStore>;
