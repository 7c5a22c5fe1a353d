import { createQueuePump } from '../../lib/queue-pump';
import { withRequestId } from '../../lib/request-context';
import { newId } from '../../lib/secrets';
import type { TaskRepository } from '../task/task.repository';
import type { ShareService } from './share.service';

export interface RestoreWorkerDeps {
  tasks: Pick<TaskRepository, 'claimNext' | 'requeueExpired'>;
  restores: Pick<ShareService, 'runQueued' | 'cancelDeletedRestores'>;
  now: () => Date;
  logger: {
    info(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  /** How long a taken task stays this worker's; a task whose worker died is done again after it. */
  leaseMs?: number;
  /** How often the queue is looked at when nobody says a save is waiting. */
  pollMs?: number;
}

/**
 * The restore worker: completes large saves from shares (`restore` tasks) in the background.
 * It takes pending tasks from the database queue with a compare-and-set, as the offline worker
 * does, so several processes (API nodes and `npm run worker`) share one queue; a save is made in
 * chunks, each a transaction that renews the lease (see `ShareService.runQueued`), so a worker
 * that dies mid-way leaves whole chunks behind and its task goes back to the queue when the
 * lease runs out, to be taken up from the last chunk that committed.
 */
export function createRestoreWorker(deps: RestoreWorkerDeps) {
  const workerId = `restore-${newId()}`;
  const leaseMs = deps.leaseMs ?? 600_000;
  const pollMs = deps.pollMs ?? 5_000;
  const pump = createQueuePump({
    drain: () => drain(),
    pollMs,
    onError: (error) => deps.logger.error({ err: error }, 'restore queue pass failed'),
  });

  /**
   * Takes and completes pending saves one after another until none is left; answers how many.
   * Saves whose task was deleted first are cancelled (their count given back).
   */
  async function drain(): Promise<number> {
    await deps.restores.cancelDeletedRestores();
    await deps.tasks.requeueExpired('restore', deps.now().toISOString());
    let count = 0;
    while (!pump.stopped) {
      const leaseUntil = new Date(deps.now().getTime() + leaseMs).toISOString();
      const task = await deps.tasks.claimNext(
        'restore',
        workerId,
        deps.now().toISOString(),
        leaseUntil,
      );
      if (!task) {
        break;
      }
      count += 1;
      // Made as the work of the request that queued it (its lines name it); each chunk of the
      // save renews the lease from now.
      await withRequestId(task.requestId ?? '', () => {
        deps.logger.info({ taskId: task.id, worker: workerId }, 'restore task started');
        return deps.restores.runQueued(
          task,
          workerId,
          () => new Date(deps.now().getTime() + leaseMs).toISOString(),
          () => pump.stopped,
        );
      });
    }
    return count;
  }

  return {
    /** Looks at the queue now and every `pollMs` until stopped. */
    start: pump.start,
    /** A save is waiting: look at the queue now (when started). */
    wake: pump.wake,
    /** Completes every pending save now and waits for them (tests). */
    runPending: pump.runPending,
    /** Stops taking saves and waits for the chunk under way (the save goes back to the queue). */
    stop: (): Promise<void> => pump.stop(),
  };
}

export type RestoreWorker = ReturnType<typeof createRestoreWorker>;
