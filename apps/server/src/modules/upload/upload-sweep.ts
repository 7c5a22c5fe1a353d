import type { UploadService } from './upload.service';

/** A running sweep; `stop` ends it and waits for a pass under way. */
export interface UploadSweep {
  stop(): Promise<void>;
}

/**
 * Deletes expired uploads (their partial data and PENDING files) now and then every
 * `intervalMs`, until stopped, as the trash purge does. A failed pass is logged and the next one
 * tries again; the timer never keeps the process alive.
 */
export function startUploadSweep(deps: {
  uploads: Pick<UploadService, 'sweepExpired'>;
  logger: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  intervalMs?: number;
}): UploadSweep {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      let swept = 0;
      for (
        let batch = await deps.uploads.sweepExpired();
        batch > 0;
        batch = await deps.uploads.sweepExpired()
      ) {
        swept += batch;
      }
      if (swept > 0) {
        deps.logger.info({ swept }, 'expired uploads deleted');
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'upload sweep failed');
    }
  };
  const tick = () => {
    running = running.then(pass);
  };
  tick();
  const timer = setInterval(tick, deps.intervalMs ?? 15 * 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
