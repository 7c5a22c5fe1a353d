import type { JobLeases } from '../db/job-leases';

/** How often a node asks for the lease of a fleet-wide job, so a dead holder's job is taken up. */
const leaseCheckMs = 60_000;

/** Where a periodic job reports what it did and what went wrong. */
export interface JobLogger {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** A running job; `stop` ends it and waits for a pass under way. */
export interface PeriodicJob {
  stop(): Promise<void>;
}

/**
 * Runs a housekeeping job now and then every `intervalMs`, until stopped. A pass calls `batch`
 * until it answers 0 (it handles a bounded batch and tells how many items it handled), then
 * logs the total under `done` when there was any. A failed pass is logged under `failed` and the
 * next one tries again; passes never overlap and the timer never keeps the process alive.
 * With `lease`, a pass runs once per fleet per period: only on the node that takes the job's
 * lease (see `createJobLeases`); every node asks at least each minute, so the job of a node
 * killed in the middle of a pass is taken up soon after its lease runs out.
 */
export function startPeriodicJob(job: {
  batch: () => Promise<number>;
  intervalMs: number;
  logger: JobLogger;
  /** Log message of a pass that handled something; the count is logged as `handled`. */
  done: string;
  /** Log message of a failed pass. */
  failed: string;
  /** The job's lease, for a job that runs once per fleet: its name and this node's leases. */
  lease?: { name: string; leases: JobLeases };
}): PeriodicJob {
  const { lease } = job;
  let running: Promise<void> = Promise.resolve();
  const batches = async () => {
    let handled = 0;
    for (let count = await job.batch(); count > 0; count = await job.batch()) {
      handled += count;
      // Another node took the job over (this one was too slow to extend its lease): it goes on.
      if (lease && !(await lease.leases.extend(lease.name))) {
        break;
      }
    }
    if (handled > 0) {
      job.logger.info({ handled }, job.done);
    }
  };
  const pass = async () => {
    try {
      if (!lease) {
        await batches();
        return;
      }
      if (!(await lease.leases.take(lease.name))) {
        return;
      }
      try {
        await batches();
      } finally {
        await lease.leases.release(lease.name, job.intervalMs);
      }
    } catch (error) {
      job.logger.error({ err: error }, job.failed);
    }
  };
  const tick = () => {
    running = running.then(pass);
  };
  tick();
  const timer = setInterval(tick, lease ? Math.min(job.intervalMs, leaseCheckMs) : job.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
