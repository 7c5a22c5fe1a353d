import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { TaskMessageKey } from '@nimbus/contracts';
import { hashFilePrefix } from '../storage/hashed-file-writer';
import { directAlignment, openDirect } from '../storage/shared-slots';
import { createStreamHasher } from '../storage/threaded-hash';
import type { BucketUploads } from '../storage/blob-store.interface';
import type { TaskRecord, TaskRepository } from '../task/task.repository';
import type { ParkedPart, ParkedRepository } from './offline-parked.repository';

/**
 * Failures a member gets past by freeing space or waiting for traffic: a torrent task that ends
 * with one keeps its verified pieces (`partDir/<task id>/`), so a retry fetches only the rest.
 */
export const keptFailures: ReadonlySet<string> = new Set<TaskMessageKey>([
  'space_not_enough',
  'traffic_exhausted',
]);

/** What parking a download's bytes reads: the task, the worker holding it, its partial file. */
export interface ParkingRun {
  task: Pick<TaskRecord, 'id' | 'fileSize'>;
  workerId: string;
  handle?: FileHandle | undefined;
  /** The objects its first bytes are parked in so far, in order. */
  parked: ParkedPart[];
}

/**
 * The partial data of downloads under way, in `partDir`: a file per URL task (`partDir/<task id>`),
 * a folder of pieces per torrent task (`partDir/<task id>/`). With `BLOB_STORE=s3` a URL task's
 * durable bytes are also parked in the bucket a part (`S3_PART_MIB`) at a time, under
 * `uploads/<task id>/`, so a worker on another node that takes the task after its worker died
 * brings them back and resumes from there, fetching again at most one part and what came after
 * the last checkpoint.
 */
export function createPartStore(options: {
  partDir: string;
  tasks: Pick<TaskRepository, 'phasesOf'>;
  now: () => Date;
  /** How long the pieces of a torrent task that failed for room or traffic are kept for a retry. */
  keepFailedMs: number;
  /** The bucket's unfinished uploads (`BLOB_STORE=s3`): where partial data is parked. */
  bucket?: BucketUploads | undefined;
  parked?: ParkedRepository | undefined;
}) {
  const { bucket, parked } = options;
  const ready = fs.mkdir(options.partDir, { recursive: true });
  ready.catch(() => undefined);
  const partOf = (id: string) => path.join(options.partDir, id);

  /** Removes a task's bytes parked in the bucket (left to the next drop when the bucket fails). */
  async function dropParked(id: string): Promise<void> {
    await bucket?.remove(id, null).catch(() => undefined);
  }

  /** Drops a task's partial data (a failure, a finished or deleted task): a file, or a torrent's folder of pieces, and what is parked. */
  async function drop(id: string): Promise<void> {
    await fs.rm(partOf(id), { force: true, recursive: true });
    await dropParked(id);
  }

  /**
   * Parks the durable bytes of a download (up to `durable`) not parked yet, a whole part at a
   * time, each recorded while the worker holds the task.
   */
  async function park(run: ParkingRun, durable: number): Promise<void> {
    if (bucket === undefined || parked === undefined || run.handle === undefined) {
      return;
    }
    const partSize = bucket.partSizeFor(Math.max(0, run.task.fileSize));
    let at = run.parked.reduce((sum, part) => sum + part.size, 0);
    while (at + partSize <= durable) {
      const bytes = Buffer.allocUnsafe(partSize);
      const { bytesRead } = await run.handle.read(bytes, 0, partSize, at);
      if (bytesRead !== partSize) {
        return;
      }
      const key = await bucket.putTail(run.task.id, bytes);
      const list = [...run.parked, { key, size: partSize }];
      if (!(await parked.recordParked(run.task.id, run.workerId, list))) {
        await bucket.dropTail(key).catch(() => undefined);
        return;
      }
      run.parked = list;
      at += partSize;
    }
  }

  /** The download starts over from byte 0: what was parked goes. */
  async function unpark(run: ParkingRun): Promise<void> {
    if (bucket === undefined || parked === undefined) {
      return;
    }
    run.parked = [];
    await parked.recordParked(run.task.id, run.workerId, []);
    await dropParked(run.task.id);
  }

  /**
   * Writes the parked bytes of a task back into its partial file, in order, up to `limit`
   * bytes; answers how many (a part gone or unreadable ends it: what came before stays).
   */
  async function restore(id: string, handle: FileHandle, limit: number): Promise<number> {
    if (bucket === undefined || parked === undefined) {
      return 0;
    }
    let at = 0;
    try {
      for (const part of await parked.parkedOf(id)) {
        if (at + part.size > limit) {
          break;
        }
        const bytes = await bucket.getTail(part.key, part.size);
        await handle.write(bytes, 0, bytes.length, at);
        at += bytes.length;
      }
    } catch {
      // Resumed from what came back (or from byte 0).
    }
    await handle.truncate(at);
    await handle.sync();
    return at;
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
      let { size: stored } = await handle.stat();
      let durable = fetchedBytes - (fetchedBytes % directAlignment);
      let restored: ParkedPart[] = [];
      if (bucket !== undefined && parked !== undefined) {
        if (resumable && stored < durable) {
          // The bytes were written on another node (its worker died): those it parked come back.
          stored = await restore(task.id, handle, durable);
          durable = Math.min(durable, stored - (stored % directAlignment));
        }
        restored = await parked.parkedOf(task.id);
      }
      const kept = resumable && stored >= durable ? durable : 0;
      // The parts this run builds on: those wholly inside the bytes kept.
      const parkedParts: ParkedPart[] = [];
      let parkedBytes = 0;
      for (const part of restored) {
        if (parkedBytes + part.size > kept) {
          break;
        }
        parkedParts.push(part);
        parkedBytes += part.size;
      }
      if (stored !== kept) {
        await handle.truncate(kept);
      }
      const hasher = createStreamHasher(task.fileSize > 0 ? task.fileSize : undefined);
      if (kept > 0) {
        await hashFilePrefix(handle, kept, hasher);
      }
      const direct = await openDirect(partOf(task.id));
      return { handle, direct, hasher, kept, parked: parkedParts };
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

  return { partOf, drop, dropParked, park, unpark, open, sweep };
}

export type PartStore = ReturnType<typeof createPartStore>;
