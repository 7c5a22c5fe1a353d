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
 */
export function startPeriodicJob(job: {
  batch: () => Promise<number>;
  intervalMs: number;
  logger: JobLogger;
  /** Log message of a pass that handled something; the count is logged as `handled`. */
  done: string;
  /** Log message of a failed pass. */
  failed: string;
}): PeriodicJob {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      let handled = 0;
      for (let count = await job.batch(); count > 0; count = await job.batch()) {
        handled += count;
      }
      if (handled > 0) {
        job.logger.info({ handled }, job.done);
      }
    } catch (error) {
      job.logger.error({ err: error }, job.failed);
    }
  };
  const tick = () => {
    running = running.then(pass);
  };
  tick();
  const timer = setInterval(tick, job.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
