import { AppError } from '../../http/app-error';
import type { TaskRecord } from '../task/task.repository';
import type { ShareServiceDeps } from './share-access';
import {
  bookedBytes,
  makeCopies,
  planCopies,
  progressOf,
  referenceBlobs,
  releaseRest,
  renameTaken,
  RestoreRefused,
  RestoreStopped,
} from './share-save-copies';
import type { SavePlanner } from './share-save-plan';
import type { FrozenCopy, ShareQueries } from './share.repository';

/** Items the restore worker makes per transaction: the steps its progress moves in. */
export const restoreChunkItems = 2000;

/** Runs of a background save that fail after its plan was frozen before it stops (`restore_failed`). */
const maxRestoreAttempts = 5;

/** The restore worker's side of saves: queued saves made in chunks, and saves whose task went. */
export function createShareSaveQueueService(
  deps: Pick<
    ShareServiceDeps,
    'shares' | 'plans' | 'now' | 'restoreChunkItems' | 'betweenRestoreChunks' | 'logger'
  >,
  planner: SavePlanner,
) {
  const { shares, now } = deps;
  const chunkItems = Math.max(1, deps.restoreChunkItems ?? restoreChunkItems);
  const { retryingNameRaces, readTree, bookQuota, finishSave } = planner;

  return {
    /**
     * Makes a queued save for the restore worker that holds its task, in chunks of
     * `restoreChunkItems` rows, each its own transaction that first updates the task it holds
     * (renewing the lease, and locking the row on PostgreSQL so the lease cannot be taken back
     * meanwhile) and moves the task's progress and the save's `copied` with its rows.
     *
     * The first chunk freezes the save: it reads the shared tree, books the bytes of the whole
     * save on the saver's counter under the quota, adds the blob references of every copy, keeps
     * the plan (every copy's id, parent and columns) in `share_restores` and makes the chosen
     * items and the first rows; later chunks make the next rows of that plan only. The last
     * chunk sets the task `COMPLETE` with `trace_file_ids`, writes the `TYPE_RESTORE` events and
     * drops the `share_restores` row. Parents come before children, so each commit leaves a
     * whole tree (the target folder filling up); a worker that dies mid-way leaves its task
     * under its lease, and the worker that takes it when the lease runs out goes on from the
     * last chunk that committed: no row made twice or left out, the quota and `restore_limit`
     * counted once. A save that cannot be frozen (quota, target folder or shared items gone)
     * ends `PHASE_TYPE_ERROR` and gives its count of `restore_limit` back in the same
     * transaction as the phase change; one that fails after it froze is taken up again when its
     * lease runs out, and after `maxRestoreAttempts` runs ends `PHASE_TYPE_ERROR` keeping what
     * it made and giving back the bytes and references booked for the rest. When `stopping`
     * answers true between two chunks, the task goes back to the queue to go on from there.
     */
    async runQueued(
      task: TaskRecord,
      workerId: string,
      lease: string | (() => string),
      stopping: () => boolean = () => false,
    ): Promise<void> {
      const leaseUntil = typeof lease === 'string' ? () => lease : lease;
      const queued = await shares.queuedRestore(task.id);
      const share = queued === undefined ? undefined : await shares.find(queued.shareId);
      const stamp = now();
      const plan = await deps.plans.planOf(task.userId);
      let frozen = queued?.plan;
      try {
        if (!queued || !share) {
          throw new RestoreRefused('NOT_FOUND');
        }
        if (
          !(await shares.holdTask(task.id, workerId, {
            updatedAt: stamp.toISOString(),
            leaseUntil: leaseUntil(),
          }))
        ) {
          return;
        }
        if (
          (await shares.startRestoreAttempt(task.id)) > maxRestoreAttempts &&
          frozen !== undefined
        ) {
          throw new AppError('internal', { description: 'The save failed too many times' });
        }
        if (frozen === undefined) {
          const first = await retryingNameRaces(() =>
            shares.transaction(async (queries) => {
              if (
                !(await queries.holdTask(task.id, workerId, {
                  updatedAt: now().toISOString(),
                  leaseUntil: leaseUntil(),
                }))
              ) {
                throw new RestoreStopped();
              }
              await queries.lockMember(task.userId);
              const folder =
                queued.targetId === ''
                  ? undefined
                  : await queries.files.findOwned(task.userId, queued.targetId);
              if (
                queued.targetId !== '' &&
                (!folder || folder.kind !== 'folder' || folder.trashed !== 0)
              ) {
                throw new AppError('file_not_found');
              }
              const tree = await readTree(queries, share, queued.spec.rootIds, queued.spec.gcids);
              await bookQuota(queries, task.userId, plan.storageBytes, tree, stamp);
              const copies = await planCopies(queries, {
                saverId: task.userId,
                target: queued.targetId,
                tree,
              });
              await referenceBlobs(queries, copies, stamp);
              // The chosen items all come in the first chunk: their names were found free in it.
              const end = Math.max(chunkItems, tree.roots.length);
              await makeCopies(queries, copies.slice(0, end), {
                saverId: task.userId,
                shareId: share.id,
                now: stamp,
              });
              await afterChunk(queries, copies, end);
              return copies;
            }),
          );
          frozen = first;
        }
        const copies = frozen;
        for (;;) {
          const done = await shares.restoreCopied(task.id).then((copied) => copied === undefined);
          if (done) {
            return;
          }
          if (stopping()) {
            // The worker stops: the task goes back to the queue at once, to go on from here.
            await shares.holdTask(task.id, workerId, {
              phase: 'PHASE_TYPE_PENDING',
              updatedAt: now().toISOString(),
              leaseUntil: 'release',
            });
            return;
          }
          await deps.betweenRestoreChunks?.(task.id);
          let renaming = false;
          for (let attempt = 0; ; attempt += 1) {
            try {
              await shares.transaction(async (queries) => {
                if (
                  !(await queries.holdTask(task.id, workerId, {
                    updatedAt: now().toISOString(),
                    leaseUntil: leaseUntil(),
                  }))
                ) {
                  throw new RestoreStopped();
                }
                const copied = await queries.restoreCopied(task.id);
                if (copied === undefined) {
                  throw new RestoreStopped();
                }
                const end = Math.min(copied + chunkItems, copies.length);
                const chunk = copies.slice(copied, end);
                await makeCopies(
                  queries,
                  renaming ? await renameTaken(queries, task.userId, chunk) : chunk,
                  { saverId: task.userId, shareId: share.id, now: now() },
                );
                await afterChunk(queries, copies, end);
              });
              break;
            } catch (error) {
              // A member took a name in a folder the save made: that chunk again, renamed.
              if (attempt < 3 && shares.isUniqueViolation(error)) {
                renaming = true;
                continue;
              }
              throw error;
            }
          }
        }
      } catch (error) {
        if (error instanceof RestoreStopped) {
          return;
        }
        const reason =
          error instanceof AppError
            ? error.reason
            : error instanceof RestoreRefused
              ? 'not_found'
              : 'internal';
        if (frozen !== undefined && !(error instanceof AppError)) {
          // As if the worker died: the task stays under its lease and is taken up again, from
          // the last chunk that committed, when the lease runs out.
          deps.logger?.error(
            { err: error, taskId: task.id },
            'a chunk of a save from a share failed; it resumes when its lease runs out',
          );
          return;
        }
        if (reason === 'internal') {
          deps.logger?.error({ err: error, taskId: task.id }, 'a save from a share failed');
        }
        await shares.transaction(async (queries) => {
          const held = await queries.holdTask(task.id, workerId, {
            phase: 'PHASE_TYPE_ERROR',
            messageKey: reason === 'file_space_not_enough' ? 'space_not_enough' : 'restore_failed',
            params: { share_id: queued?.shareId ?? '', error: reason },
            updatedAt: now().toISOString(),
            leaseUntil: 'release',
          });
          if (!held) {
            return;
          }
          const dropped = await queries.dropQueuedRestoreOnce(task.id);
          if (dropped?.plan !== undefined) {
            await releaseRest(queries, task.userId, dropped.plan.slice(dropped.copied), now());
          } else if (queued) {
            await queries.giveBackRestore(queued.shareId);
          }
        });
      }

      /**
       * Ends a chunk that made the plan's rows up to `end`: the last one completes the save
       * (task, events, queue row); another keeps the plan (first chunk), `copied`, the bytes
       * still booked for the rest, and the task's progress.
       */
      async function afterChunk(
        queries: ShareQueries,
        copies: FrozenCopy[],
        end: number,
      ): Promise<void> {
        const at = now();
        if (end >= copies.length) {
          const finished = await finishSave(
            queries,
            task.userId,
            queued?.shareId ?? '',
            copies,
            at,
          );
          await queries.holdTask(task.id, workerId, {
            phase: 'PHASE_TYPE_COMPLETE',
            progress: 100,
            fileId: finished.fileId,
            fileName: finished.name,
            fileSize: finished.fileSize,
            statusSize: finished.statusSize,
            messageKey: '',
            params: finished.params,
            updatedAt: at.toISOString(),
            leaseUntil: 'release',
          });
          await queries.dropQueuedRestore(task.id);
          return;
        }
        await queries.advanceRestore(task.id, {
          ...(frozen === undefined ? { plan: copies } : {}),
          copied: end,
          reservedBytes: bookedBytes(copies.slice(end)),
        });
        await queries.holdTask(task.id, workerId, {
          progress: progressOf(end, copies.length),
          updatedAt: at.toISOString(),
          leaseUntil: leaseUntil(),
        });
      }
    },

    /**
     * Cancels the queued saves whose task the member deleted before it completed, once each (the
     * drop and what follows are one transaction): one not started gives its count of
     * `restore_limit` back; one under way keeps the rows it made and gives back the bytes and
     * blob references it booked for the rest.
     */
    async cancelDeletedRestores(): Promise<number> {
      let cancelled = 0;
      for (const orphan of await shares.orphanedRestores()) {
        await shares.transaction(async (queries) => {
          const dropped = await queries.dropQueuedRestoreOnce(orphan.id);
          if (dropped === undefined) {
            return;
          }
          if (dropped.plan !== undefined) {
            await releaseRest(queries, orphan.userId, dropped.plan.slice(dropped.copied), now());
          } else {
            await queries.giveBackRestore(orphan.shareId);
          }
          cancelled += 1;
        });
      }
      return cancelled;
    },
  };
}

export type ShareSaveQueueService = ReturnType<typeof createShareSaveQueueService>;
