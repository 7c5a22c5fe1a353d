import type { TaskRecord } from '../task/task.repository';
import { isMagnetLink } from './torrent/torrent-source';
import { DownloadFailure } from './download-failure';
import { failureReasonOf } from './failure-reason';
import { periodOf, StoppedByMember, type OfflineWorkerDeps, type TaskRun } from './offline-job';
import { keptFailures, type PartStore } from './offline-parts';
import { runTorrentJob } from './offline-torrent-job';
import { runUrlJob, type UrlJobTiming } from './offline-url-job';

/** What the runs of one worker share. */
export interface RunnerOptions extends UrlJobTiming {
  deps: OfflineWorkerDeps;
  parts: PartStore;
  workerId: string;
  leaseMs: number;
  /** The runs under way, by task: a pause, a deletion or the worker's stop aborts them. */
  running: Map<string, AbortController>;
  /** The worker stops after an error the process cannot survive: runs stay open (see `maxOpenRuns`). */
  faulted(): boolean;
}

/**
 * Runs one task the worker took: its job (a torrent, or a URL) under a deadline and a lease kept
 * alive by a heartbeat, and then its ending. A stop by the member (pause, deletion) or by the
 * worker keeps the durable bytes for a resume; a failure marks the task failed with its reason.
 */
export async function runTask(options: RunnerOptions, task: TaskRecord): Promise<void> {
  const { parts, workerId, running } = options;
  const deps = { ...options.deps, logger: taskLogger(options.deps.logger, task) };
  deps.logger.info({ worker: workerId }, 'offline task started');
  const controller = new AbortController();
  running.set(task.id, controller);
  const deadline = setTimeout(
    () => controller.abort(new DownloadFailure('timed_out')),
    deps.timeoutMs,
  );
  deadline.unref();
  const leaseUntil = () => ({
    until: new Date(deps.now().getTime() + options.leaseMs).toISOString(),
  });
  const heartbeat = setInterval(
    () => {
      void deps.tasks.updateHeld(task.id, workerId, {}, leaseUntil()).then((held) => {
        if (!held) {
          controller.abort(new StoppedByMember());
        }
      });
    },
    Math.max(1000, Math.floor(options.leaseMs / 3)),
  );
  heartbeat.unref();
  const run: TaskRun = {
    deps,
    parts,
    workerId,
    task,
    controller,
    url: task.params.url ?? '',
    keptParams: task.params.source ? { source: task.params.source } : {},
    leaseUntil,
    update: (patch, lease) => deps.tasks.updateHeld(task.id, workerId, patch, lease),
    durable: 0,
    validator: null,
    parked: [],
    adopted: false,
    torrent: false,
    shown: task.params,
  };
  try {
    const source = await deps.tasks.sourceOf(task.id);
    const point = await deps.tasks.resumePointOf(task.id);
    if (!source || !point) {
      throw new StoppedByMember();
    }
    const plan = await deps.plans.planOf(task.userId);
    const period = periodOf(deps.now());
    const traffic = await deps.tasks.trafficOf(task.userId, period);
    if (traffic >= plan.offlineTrafficBytes) {
      throw new DownloadFailure('traffic_exhausted');
    }
    const start = { source, point, plan, period, traffic };
    if (deps.torrents !== undefined && isMagnetLink(source.sourceUrl)) {
      await runTorrentJob(run, deps.torrents, start);
    } else {
      await runUrlJob(run, start, options);
    }
  } catch (error) {
    await end(run, error);
  } finally {
    clearTimeout(deadline);
    clearInterval(heartbeat);
    running.delete(task.id);
    if (!options.faulted()) {
      // Ended in a way this worker saw: not a run its process died in.
      await deps.tasks
        .endRun(task.id, workerId)
        .catch((error: unknown) =>
          deps.logger.error({ err: error, taskId: task.id }, 'offline task run end not recorded'),
        );
    }
  }
}

/**
 * The worker's logger with the task on every line of the run (the API request that queued it,
 * `reqId`, is added by the container's logger: the worker runs the task as that request's work).
 */
function taskLogger(
  logger: OfflineWorkerDeps['logger'],
  task: TaskRecord,
): OfflineWorkerDeps['logger'] {
  const fields = { taskId: task.id };
  const bound = (object: unknown) => ({ ...fields, ...(object as object) });
  return {
    info: (object, message) => logger.info(bound(object), message),
    error: (object, message) => logger.error(bound(object), message),
    debug: (object, message) => logger.debug?.(bound(object), message),
  };
}

/** Ends a run that threw: kept for a resume when stopped, else failed with its reason. */
async function end(run: TaskRun, error: unknown): Promise<void> {
  const { deps, task, controller, parts } = run;
  await run.direct?.close().catch(() => undefined);
  await run.handle?.close().catch(() => undefined);
  run.handle = undefined;
  const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
  if (reason instanceof StoppedByMember) {
    if (run.adopted || !(await deps.tasks.resumePointOf(task.id))) {
      // Deleted (or stopped after the bytes were stored): nothing to resume.
      await parts.drop(task.id);
    } else {
      // Paused or stopping: the durable bytes stay for a resume with Range.
      await deps.tasks.recordFetched(task.id, run.workerId, run.durable, run.validator);
    }
    return;
  }
  if (!(reason instanceof DownloadFailure)) {
    deps.logger.error({ err: reason, taskId: task.id }, 'offline download failed');
  }
  const key = failureReasonOf(reason);
  if (!run.torrent || !keptFailures.has(key)) {
    await parts.drop(task.id);
  }
  await run.update(
    {
      phase: 'PHASE_TYPE_ERROR',
      messageKey: key,
      fetchedBytes: 0,
      sourceValidator: null,
      // The quota's reason, as a failed save from a share names it too.
      params: {
        ...run.shown,
        url: run.url,
        speed: '0',
        eta: '',
        ...(key === 'space_not_enough' ? { error: 'file_space_not_enough' } : {}),
      },
      updatedAt: deps.now().toISOString(),
    },
    'release',
  );
}
