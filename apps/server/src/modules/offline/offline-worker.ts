import { withRequestId } from '../../lib/request-context';
import { newId } from '../../lib/secrets';
import type { TaskRecord } from '../task/task.repository';
import { StoppedByMember, type OfflineWorkerDeps } from './offline-job';
import { createPartStore } from './offline-parts';
import { runTask, type RunnerOptions } from './offline-run';

export type { OfflineWorkerDeps } from './offline-job';

/**
 * Runs of one task a process may die in: a task that was running when its process died this
 * many times is failed (`crashed_twice`) instead of run again, so no input crash-loops a node.
 */
const maxOpenRuns = 2;

/**
 * The offline download worker: takes pending `offline` tasks from the database queue with a
 * compare-and-set (so several workers, in several processes, share one queue; each member has at
 * most the plan's `offlineRunning` tasks running, the others wait), streams each URL through the
 * SSRF-guarded fetcher into a partial file (`partDir/<task id>`), hashing on the way, keeps
 * progress, speed and ETA in the task, and moves the finished file into the blob store (a rename
 * on local disk) and the target folder or the member's downloads folder.
 *
 * Restarts: every `checkpointMs` the partial file is fsynced and then its length recorded in the
 * task (`fetched_bytes`) with the source's validator (strong ETag, else Last-Modified). A task
 * whose worker died goes back to the queue when its lease runs out; the worker that takes it
 * again (or a paused task resumed) re-hashes the kept partial bytes once (hash state is not
 * saved) and asks for the rest with `Range` and `If-Range`: a source that answers 200 (changed,
 * or no ranges) starts over from zero. Partial data lives on the worker's disk and, with
 * `BLOB_STORE=s3`, is parked in the bucket a part at a time, from which a worker on another node
 * resumes it (`offline-parts.ts`). A torrent task keeps its pieces in a folder of the same name
 * (`partDir/<task id>/`), which the next run verifies (see `torrent/torrent-fetcher.ts`); they
 * stay after a pause, a stop, and a failure for room or traffic (`keptFailures`, swept after
 * `keepFailedMs`), so a retry after freeing space fetches only the missing pieces.
 *
 * Limits, checked before and while bytes flow: the file size cap, the member's free storage
 * (less the bytes of their other running downloads; `Content-Length`, or a torrent's chosen
 * files, checked up front; the filing books the size under the quota in its own transaction, a
 * torrent's files all at once) and the plan's monthly traffic, which counts the bytes fetched
 * over the network (as they are checkpointed, or as peers send them): what a resumed task had
 * kept is neither fetched nor counted again.
 *
 * This file is the queue; one run of a task is `offline-run.ts`, its jobs `offline-url-job.ts`
 * and `offline-torrent-job.ts`, the partial data `offline-parts.ts`.
 */
export function createOfflineWorker(deps: OfflineWorkerDeps) {
  const workerId = `worker-${newId()}`;
  const leaseMs = deps.leaseMs ?? 120_000;
  const pollMs = deps.pollMs ?? 5_000;
  const checkpointMs = deps.checkpointMs ?? 1_000;
  const flushBytes = deps.flushBytes ?? 32 * 1024 * 1024;
  const keepFailedMs = deps.keepFailedMs ?? 7 * 86_400_000;
  const running = new Map<string, AbortController>();
  const lanes = new Set<Promise<void>>();
  let requeueing: Promise<void> | undefined;
  let ran = 0;
  let timer: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  /** How often kept partial data is swept (an hour, or the keeping time when shorter). */
  const sweepMs = Math.max(1000, Math.min(3_600_000, keepFailedMs));
  let stopped = false;
  /** Stopping after an error the process cannot survive: the runs under way stay open (see `maxOpenRuns`). */
  let faulted = false;
  /** Counts wakes: a lane that found nothing looks again when one came during its look. */
  let wakes = 0;
  /** A wake came while the queue was being looked at: look again after. */
  let again = false;
  let listening: Promise<(() => Promise<void>) | undefined> | undefined;
  const parts = createPartStore({
    partDir: deps.partDir,
    tasks: deps.tasks,
    now: deps.now,
    keepFailedMs,
    bucket: deps.bucket,
    parked: deps.parked,
  });
  const runner: RunnerOptions = {
    deps,
    parts,
    workerId,
    leaseMs,
    checkpointMs,
    flushBytes,
    running,
    faulted: () => faulted,
  };

  deps.taskChanges.onChange((change) => {
    if (change.phase === 'PHASE_TYPE_PAUSED' || change.phase === 'deleted') {
      const under = running.get(change.taskId);
      under?.abort(new StoppedByMember());
      if (under === undefined && change.phase === 'deleted') {
        // A task deleted while not running here (the pieces of a failed torrent): nothing to resume.
        void parts
          .drop(change.taskId)
          .catch((error: unknown) =>
            deps.logger.error(
              { err: error, taskId: change.taskId },
              'offline partial data removal failed',
            ),
          );
      }
    }
  });

  /** A task may be waiting: look at the queue now (when started). */
  function wake(): void {
    if (timer !== undefined) {
      wakes += 1;
      tick();
    }
  }

  const leaseUntil = () => ({ until: new Date(deps.now().getTime() + leaseMs).toISOString() });

  /** One lane: takes and runs pending tasks one after another until none can be taken. */
  async function lane(): Promise<void> {
    while (!stopped) {
      const seen = wakes;
      const task = await deps.tasks.claimNext(
        'offline',
        workerId,
        deps.now().toISOString(),
        leaseUntil().until,
        async (userId) => (await deps.plans.planOf(userId)).offlineRunning,
      );
      if (!task) {
        if (wakes !== seen) {
          // Queued while this look ran, perhaps too late for it.
          continue;
        }
        return;
      }
      ran += 1;
      // Marked as started before any of its input is read: a run its process dies in stays open.
      if ((await deps.tasks.startRun(task.id, workerId)) > maxOpenRuns) {
        await quarantine(task);
        continue;
      }
      // The run is the work of the request that queued it: every line of it names the request.
      await withRequestId(task.requestId ?? '', () => runTask(runner, task));
    }
  }

  /** Fails a task whose process died in each of its last `maxOpenRuns` runs, without running it. */
  async function quarantine(task: TaskRecord): Promise<void> {
    deps.logger.error(
      { taskId: task.id, worker: workerId },
      'offline task failed: its process died while running it twice',
    );
    await parts.drop(task.id);
    await deps.tasks.updateHeld(
      task.id,
      workerId,
      {
        phase: 'PHASE_TYPE_ERROR',
        messageKey: 'crashed_twice',
        fetchedBytes: 0,
        sourceValidator: null,
        // A retry runs it once more; one more death fails it again.
        openRuns: maxOpenRuns - 1,
        params: { ...task.params, speed: '0', eta: '' },
        updatedAt: deps.now().toISOString(),
      },
      'release',
    );
  }

  /** Starts lanes until `concurrency` run: a task queued while others download starts at once. */
  function fill(): void {
    while (!stopped && lanes.size < Math.max(1, deps.concurrency)) {
      const current: Promise<void> = lane()
        .catch((error: unknown) => deps.logger.error({ err: error }, 'offline queue pass failed'))
        .finally(() => {
          lanes.delete(current);
          if (lanes.size === 0) {
            deps.logger.debug?.({ worker: workerId }, 'offline queue idle');
          }
        });
      lanes.add(current);
    }
  }

  /** Puts back the tasks of dead workers, then fills the lanes. */
  function tick(): void {
    if (stopped) {
      return;
    }
    if (requeueing) {
      again = true;
      return;
    }
    requeueing = deps.tasks
      .requeueExpired('offline', deps.now().toISOString())
      .then(fill)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'offline queue pass failed'))
      .finally(() => {
        requeueing = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  async function settle(): Promise<void> {
    while (lanes.size > 0) {
      await Promise.all([...lanes]);
    }
  }

  return {
    /**
     * Looks at the queue now, whenever a task is queued (in this process, or notified by
     * another), and every `pollMs` until stopped. Resolves once notifications are listened to.
     */
    async start(): Promise<void> {
      stopped = false;
      faulted = false;
      parts
        .sweep()
        .catch((error: unknown) =>
          deps.logger.error({ err: error }, 'offline partial data sweep failed'),
        )
        .finally(tick);
      timer = setInterval(tick, pollMs);
      timer.unref();
      // Pieces kept for a retry go once their time is up, without waiting for a restart.
      sweeper ??= setInterval(() => {
        parts
          .sweep()
          .catch((error: unknown) =>
            deps.logger.error({ err: error }, 'offline partial data sweep failed'),
          );
      }, sweepMs);
      sweeper.unref();
      if (deps.queue !== undefined && listening === undefined) {
        listening = deps.queue.listen('offline', wake).then(
          (listened) => {
            if (listened.listening) {
              deps.logger.info({ worker: workerId }, 'offline worker listens for queued tasks');
            }
            return listened.stop;
          },
          (error: unknown) => {
            deps.logger.error({ err: error }, 'offline queue listener failed');
            return undefined;
          },
        );
      }
      await listening;
    },
    /** A task is waiting: look at the queue now (when started). */
    wake,
    /**
     * Sweeps the partial data now (as `start` does, and then every hour): what no task will
     * resume goes; the pieces of a torrent task that failed for room or traffic stay until
     * `keepFailedMs` after its failure, those of a pending, running or paused task always.
     */
    sweep: parts.sweep,
    /** Runs every pending task now and waits for them (tests, the standalone worker's first pass). */
    async runPending(): Promise<number> {
      await requeueing;
      await settle();
      await deps.tasks.requeueExpired('offline', deps.now().toISOString());
      const before = ran;
      fill();
      await settle();
      return ran - before;
    },
    /**
     * Stops taking tasks, stops the downloads under way (their durable bytes are recorded and
     * they go back to the queue, to resume with Range) and waits. With `fault` (the process
     * stops after an error it cannot survive) their runs count as runs the process died in.
     */
    async stop(options: { fault?: boolean } = {}): Promise<void> {
      stopped = true;
      faulted ||= options.fault === true;
      if (timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
      if (sweeper !== undefined) {
        clearInterval(sweeper);
        sweeper = undefined;
      }
      const unlisten = await listening;
      listening = undefined;
      await unlisten?.();
      const ids = [...running.keys()];
      for (const controller of running.values()) {
        controller.abort(new StoppedByMember());
      }
      await requeueing;
      await settle();
      for (const id of ids) {
        await deps.tasks.updateHeld(
          id,
          workerId,
          { phase: 'PHASE_TYPE_PENDING', updatedAt: deps.now().toISOString() },
          'release',
        );
      }
    },
  };
}

export type OfflineWorker = ReturnType<typeof createOfflineWorker>;
