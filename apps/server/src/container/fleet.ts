import type { Logger } from 'pino';
import type { DatabaseHandle } from '../db/database';
import type { QueueSignal } from '../db/queue-signal';
import { newId } from '../lib/secrets';
import { createFleetFlight } from '../lib/fleet-flight';
import { openFleetRedis, type FleetRedis } from '../lib/fleet-redis';
import {
  createRedisWindowLimiter,
  createWindowLimiter,
  type WindowLimiter,
} from '../lib/window-limiter';
import type { Config } from '../config';

/**
 * What the nodes of a fleet share beside the database: Redis when `REDIS_URL` is set, nothing
 * otherwise (one node keeps everything in its process, as before).
 */
export function createFleet(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_PREFIX'>,
  deps: { now: () => Date; logger: Pick<Logger, 'warn'> },
) {
  const redis: FleetRedis | undefined =
    config.REDIS_URL === ''
      ? undefined
      : openFleetRedis({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, logger: deps.logger });
  const subscriptions: Array<Promise<void>> = [];
  return {
    redis,

    /** Expensive work done once in the fleet at a time: thumbnails, media analyses, video probes. */
    flight: createFleetFlight({ redis }),

    /** Settles once this node's subscriptions to the fleet's broadcasts are in place. */
    async ready(): Promise<void> {
      await Promise.all(subscriptions);
    },

    /**
     * The count of statements that may end a member's access (`access-changes.ts`), of this node
     * and, with Redis, of every node: each such statement is broadcast, so the session check
     * cache of every node drops what it trusted, and a sign-out or a blocked member takes effect
     * on the whole fleet at once rather than after `SESSION_CHECK_CACHE_SECONDS`.
     */
    accessChanges(database: Pick<DatabaseHandle, 'accessChanges' | 'onAccessChange'>) {
      if (!redis) {
        return database.accessChanges;
      }
      const node = newId();
      let elsewhere = 0;
      subscriptions.push(
        redis
          .subscribe('access-changes', (from) => {
            if (from !== node) {
              elsewhere += 1;
            }
          })
          .then(
            () => undefined,
            (error: unknown) => redis.warn('redis subscription failed', error),
          ),
      );
      database.onAccessChange(() => redis.publish('access-changes', node));
      return () => database.accessChanges() + elsewhere;
    },

    /**
     * A limiter of guessing attempts (sign-in, codes, pass codes, redemptions, URL checks): in
     * Redis for every node when there is one, counting on this node while Redis is unreachable.
     */
    guessLimiter(): WindowLimiter {
      const local = createWindowLimiter({ now: deps.now });
      return redis ? createRedisWindowLimiter({ redis, fallback: 'count-locally', local }) : local;
    },
    /**
     * The wake-ups of task workers: with Redis, a queued task is also published there, so the
     * workers of every node wake at once on SQLite too; PostgreSQL's LISTEN/NOTIFY (`database`)
     * goes on beside it, the fallback while Redis is unreachable. A worker woken twice only
     * looks at the queue twice.
     */
    queueSignal(database: QueueSignal): QueueSignal {
      if (!redis) {
        return database;
      }
      return {
        notify(type) {
          database.notify(type);
          redis.publish(`queue:${type}`, '');
        },
        async listen(type, onWake) {
          const [fallback, unsubscribe] = await Promise.all([
            database.listen(type, onWake),
            redis
              .subscribe(`queue:${type}`, () => onWake())
              .catch((error: unknown) => {
                redis.warn('redis subscription failed', error);
                return undefined;
              }),
          ]);
          return {
            listening: fallback.listening || unsubscribe !== undefined,
            async stop() {
              unsubscribe?.();
              await fallback.stop();
            },
          };
        },
      };
    },

    async close(): Promise<void> {
      await redis?.close();
    },
  };
}

export type Fleet = ReturnType<typeof createFleet>;
