import type { FleetRedis } from './fleet-redis';

/** A limit: at most `max` hits per key in each window of `windowMs`. */
export interface WindowLimit {
  max: number;
  windowMs: number;
}

/** The outcome of one hit. */
export type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The answer of every hit within its limit: one object, not one per call. */
const allowed: LimitDecision = Object.freeze({ allowed: true });

interface Window {
  startedAt: number;
  hits: number;
}

/**
 * Counts hits per key in fixed windows: in this process's memory (`createWindowLimiter`, one
 * node), or in Redis for every node of a fleet (`createRedisWindowLimiter`).
 */
export interface WindowLimiter {
  hit(key: string, limit: WindowLimit): LimitDecision | Promise<LimitDecision>;
}

/**
 * Fixed-window counters in memory, keyed by any string (`signin:address:1.2.3.4`). Per node;
 * with Redis, `createRedisWindowLimiter` shares them across nodes. Expired windows are dropped as
 * the map grows, so memory stays bounded by the keys active in one window.
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
      return allowed;
    },
  };
}

export type MemoryWindowLimiter = ReturnType<typeof createWindowLimiter>;

/**
 * Counts one hit of `key` in its window and answers the hits so far and the milliseconds left in
 * the window; the first hit starts the window (its key expires with it). One round trip, atomic.
 */
const hitScript = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  left = tonumber(ARGV[1])
end
return {hits, left}
`;

/** What a limiter does when Redis cannot be reached for one hit. */
export type RedisFallback = 'allow' | 'count-locally';

/**
 * Fixed-window counters in Redis, shared by every node of a fleet, so the N+1th attempt is
 * refused whichever node answers. Windows run on Redis's clock. When Redis cannot be reached for
 * a hit, `fallback` decides: `allow` lets it through (the request rate limit: an outage of Redis
 * must not take the site down), `count-locally` counts it in this node's memory (the guessing
 * limits: never unlimited, at worst per node); either way a warning is logged.
 */
export function createRedisWindowLimiter(deps: {
  redis: FleetRedis;
  fallback: RedisFallback;
  local: MemoryWindowLimiter;
}): { hit(key: string, limit: WindowLimit): Promise<LimitDecision> } {
  const { redis } = deps;
  const command = `${redis.prefix}limit:`;
  return {
    async hit(key: string, limit: WindowLimit): Promise<LimitDecision> {
      let counted: [number, number];
      try {
        counted = (await redis.commands.eval(hitScript, 1, `${command}${key}`, limit.windowMs)) as [
          number,
          number,
        ];
      } catch (error) {
        redis.warn(
          deps.fallback === 'allow'
            ? 'redis unreachable: the request rate limit lets calls through'
            : 'redis unreachable: guessing limits count on this node alone',
          error,
        );
        return deps.fallback === 'allow' ? { allowed: true } : deps.local.hit(key, limit);
      }
      const [hits, leftMs] = counted;
      if (hits <= limit.max) {
        return { allowed: true };
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) };
    },
  };
}
