/**
 * The rhythm of a background worker over a database queue: a pass (`drain`) at start, every
 * `pollMs`, and whenever someone says work is waiting, never two passes at once; a wake-up during
 * a pass runs one more pass after it, so nothing queued meanwhile waits for the next poll.
 */
export function createQueuePump(options: {
  /** Takes and does queued work until none is left; answers how much it did. */
  drain: () => Promise<number>;
  pollMs: number;
  /** Told of a pass that failed; the pump goes on polling. */
  onError: (error: unknown) => void;
}) {
  let draining: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let again = false;

  function tick(): void {
    if (stopped) {
      return;
    }
    if (draining) {
      again = true;
      return;
    }
    draining = options
      .drain()
      .catch((error: unknown) => {
        options.onError(error);
        return 0;
      })
      .finally(() => {
        draining = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  return {
    /** Whether `stop` was called: a pass under way ends after the item in hand. */
    get stopped(): boolean {
      return stopped;
    },
    /** Looks at the queue now and every `pollMs` until stopped. */
    start: (): void => {
      stopped = false;
      tick();
      timer = setInterval(tick, options.pollMs);
      timer.unref();
    },
    /** Work is waiting: a pass now (when started). */
    wake: (): void => {
      if (timer !== undefined) {
        tick();
      }
    },
    /** Does every queued item now and waits for them (tests). */
    runPending: async (): Promise<number> => {
      if (draining) {
        await draining;
      }
      return options.drain();
    },
    /** Stops polling and waits for the pass under way; `halt` is called first when there is one. */
    stop: async (halt?: () => void): Promise<void> => {
      stopped = true;
      if (timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
      if (draining) {
        halt?.();
      }
      await draining;
    },
  };
}
