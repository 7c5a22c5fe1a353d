import { createQueuePump } from '../../lib/queue-pump';
import { withRequestId } from '../../lib/request-context';
import { newId } from '../../lib/secrets';
import type { DataExportRecord, DataExportRepository } from './data-export.repository';
import {
  ExportFailure,
  type DataExportService,
  type ExportFailureReason,
} from './data-export.service';

/** Runs of one export a worker may take before it fails it (a process died in each). */
const maxAttempts = 3;

export interface DataExportWorkerDeps {
  exports: Pick<DataExportRepository, 'claim' | 'renew' | 'settleFailed' | 'release'>;
  service: Pick<DataExportService, 'build' | 'announceFailure'>;
  now: () => Date;
  logger: {
    info(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  /** How long a taken export stays this worker's without a renewal (renewed while it runs). */
  leaseMs?: number;
  /** How often the queue is looked at when nobody says an export is waiting. */
  pollMs?: number;
}

/**
 * The export worker: builds queued data exports in the background. It takes a pending export
 * from the database queue with a compare-and-set lease, as the video and restore workers take
 * theirs, so any API node or `npm run worker` process may run it and one that dies leaves the
 * export to be taken again when the lease runs out (a restart goes on with it). An export that
 * cannot be built fails with its reason, and one whose runs keep dying fails as `interrupted`;
 * either way its member is mailed why. Nothing an export holds ends the process.
 */
export function createDataExportWorker(deps: DataExportWorkerDeps) {
  const workerId = `export-${newId()}`;
  const leaseMs = deps.leaseMs ?? 600_000;
  const pollMs = deps.pollMs ?? 10_000;
  const at = () => deps.now().toISOString();
  const until = () => new Date(deps.now().getTime() + leaseMs).toISOString();
  const pump = createQueuePump({
    drain: () => drain(),
    pollMs,
    onError: (error) => deps.logger.error({ err: error }, 'data export queue pass failed'),
  });

  /** Fails an export this worker still holds and tells its member, once. */
  async function fail(job: DataExportRecord, reason: ExportFailureReason): Promise<void> {
    if (await deps.exports.settleFailed(job.id, workerId, reason, at())) {
      await deps.service.announceFailure(job, reason);
    }
  }

  async function drain(): Promise<number> {
    let count = 0;
    while (!pump.stopped) {
      const job = await deps.exports.claim(workerId, at(), until());
      if (!job) {
        break;
      }
      count += 1;
      if (job.attempts > maxAttempts) {
        await fail(job, 'interrupted');
        continue;
      }
      // Built as the work of the request that queued it: every line of the run names it.
      if (!(await withRequestId(job.requestId, () => buildOne(job)))) {
        break;
      }
    }
    return count;
  }

  /** Builds one export taken from the queue, renewing its lease; false when stopped meanwhile. */
  async function buildOne(job: DataExportRecord): Promise<boolean> {
    deps.logger.info({ exportId: job.id, worker: workerId }, 'data export started');
    const renew = setInterval(() => {
      void deps.exports.renew(job.id, workerId, until()).catch(() => undefined);
    }, leaseMs / 3);
    renew.unref();
    try {
      await deps.service.build(job, workerId);
    } catch (error) {
      if (pump.stopped) {
        await deps.exports.release(job.id, workerId, at());
        return false;
      }
      const reason = error instanceof ExportFailure ? error.reason : 'error';
      deps.logger.error({ err: error, exportId: job.id }, 'data export failed');
      await fail(job, reason);
    } finally {
      clearInterval(renew);
    }
    return true;
  }

  return {
    /** Looks at the queue now and every `pollMs` until stopped. */
    start: pump.start,
    /** An export is waiting: look at the queue now (when started). */
    wake: pump.wake,
    /** Builds every queued export now and waits for them (tests). */
    runPending: pump.runPending,
    /** Stops taking exports; the one under way finishes or goes back to the queue. */
    stop: (): Promise<void> => pump.stop(),
  };
}

export type DataExportWorker = ReturnType<typeof createDataExportWorker>;
