import type { MediaService } from './media.service';

/** A running sweep; `stop` ends it and waits for a pass under way. */
export interface MediaSweep {
  stop(): Promise<void>;
}

/**
 * Releases the thumbnails of content that no file references any more, now and then every
 * `intervalMs`, until stopped. A failed pass is logged and the next one tries again; the timer
 * never keeps the process alive.
 */
export function startMediaSweep(deps: {
  media: Pick<MediaService, 'releaseOrphans'>;
  logger: { info(object: object, message: string): void; error(object: object, message: string): void };
  intervalMs?: number;
}): MediaSweep {
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    try {
      let released = 0;
      for (let batch = await deps.media.releaseOrphans(); batch > 0; batch = await deps.media.releaseOrphans()) {
        released += batch;
      }
      if (released > 0) {
        deps.logger.info({ released }, 'thumbnails of deleted content released');
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'media sweep failed');
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
