/** A limit: at most `max` hits per key in each window of `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** The outcome of one hit. */
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface Window {
  startedAt: number;
  hits: number;
}

/**
 * Fixed-window counters in memory, keyed by any string (`signin:address:1.2.3.4`). Per node,
 * like the global request limit; the failed-attempt counters that must be shared across nodes
 * live in the database. Expired windows are dropped as the map grows, so memory stays bounded
 * by the keys active in one window.
 */
export function createWindowLimiter(deps: { now: () => Date; maxKeys?: number }) {
  const windows = new Map<string, Window>();
  const maxKeys = deps.maxKeys ?? 100_000;

  function prune(now: number, windowMs: number): void {
    for (const [key, window] of windows) {
      if (now - window.startedAt >= windowMs) {
        windows.delete(key);
      }
    }
    // Still full of live windows: forget the oldest rather than grow without bound.
    while (windows.size >= maxKeys) {
      const oldest = windows.keys().next();
      if (oldest.done) {
        break;
      }
      windows.delete(oldest.value);
    }
  }

  return {
    /** Counts a hit for a key and says whether it is within the limit. */
    hit(key: string, limit: WindowLimit): LimitDecision {
      const now = deps.now().getTime();
      let window = windows.get(key);
      if (!window || now - window.startedAt >= limit.windowMs) {
        if (!window && windows.size >= maxKeys) {
          prune(now, limit.windowMs);
        }
        window = { startedAt: now, hits: 0 };
        windows.delete(key);
        windows.set(key, window);
      }
      window.hits += 1;
      if (window.hits > limit.max) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(
            1,
            Math.ceil((window.startedAt + limit.windowMs - now) / 1000),
          ),
        };
      }
      return { allowed: true };
    },
  };
}

export type WindowLimiter = ReturnType<typeof createWindowLimiter>;
