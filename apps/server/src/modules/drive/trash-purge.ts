import type { FileService } from './file.service';

/** A running purge; `stop` ends it and waits for a pass under way. */
export interface TrashPurge {
  stop(): Promise<void>;
}

/**
 * Runs the trash retention purge now and then every `intervalMs`, until stopped. A failed pass is
 * logged and the next one tries again; the timer never keeps the process alive.
 */
export function startTrashPurge(deps: {
  files: Pick<FileService, 'purgeExpiredTrash'>;
  logger: { info(object: object, message: string): void; error(object: object, message: string): void };
  intervalMs?: number;
}): TrashPurge {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      let purged = 0;
      for (let batch = await deps.files.purgeExpiredTrash(); batch > 0; batch = await deps.files.purgeExpiredTrash()) {
        purged += batch;
      }
      if (purged > 0) {
        deps.logger.info({ purged }, 'expired trash deleted');
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'trash purge failed');
    }
  };
  const tick = () => {
    running = running.then(pass);
  };
  tick();
  const timer = setInterval(tick, deps.intervalMs ?? 3_600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
