import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { FleetRedis } from '../../lib/fleet-redis';
import type { BucketSegments } from '../storage/blob-store.interface';
import { segmentName, type SegmentCache, type SegmentKey } from './segment-cache';

/** What a node tells the fleet about one of its segment runs. */
export interface RunAdvert {
  /** The run's id on its node. */
  job: string;
  /** The rendition and audio choice it makes (the transcode jobs' key). */
  key: string;
  from: number;
  /** The next segment it has not finished yet. */
  next: number;
  until: number;
}

interface RemoteRun extends RunAdvert {
  node: string;
}

/** An advert not renewed for this long is gone: its node ended the run, or died. */
const advertTtlMs = 3_000;
/** How often a running run's advert is written again (with its progress). */
const renewEveryMs = 500;
/** How often a waiting node looks in the bucket and asks for the segment again. */
const pollMs = 500;
/** How often a node sweeps the bucket's segments down to the budget (after sharing one). */
const sweepEveryMs = 10 * 60 * 1000;

/** A run advert or a "wanted" message as another node wrote it; anything else is ignored. */
const remoteRun = z.object({
  node: z.string(),
  job: z.string(),
  key: z.string(),
  from: z.number(),
  next: z.number(),
  until: z.number(),
});
const wantedMessage = z.object({ job: z.string(), segment: z.number().int() });

/** `text` read as JSON of `schema`; undefined when it is not. */
function parsed<T>(schema: z.ZodType<T>, text: string | null): T | undefined {
  if (text === null) {
    return undefined;
  }
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

const parseRun = (value: string | null): RemoteRun | undefined => parsed(remoteRun, value);
const parseWanted = (message: string) => parsed(wantedMessage, message);

/**
 * The segments of a fleet (docs/video.md, "In a fleet"). With `BLOB_STORE=s3` every segment a node
 * makes also goes to the bucket, and a node missing one reads it from there before it would run
 * ffmpeg. With `REDIS_URL` too, each running run is advertised (`transcode:run:<key>:<job>`, with
 * its node and progress, renewed while it runs and removed when it ends); a node asked for a
 * segment that another node's run will reach within the join window asks that node for it (so
 * the run is neither paused nor ended as idle) and waits for it in the bucket, at most
 * `remoteWaitMs`, and only while the run is still advertised; then it makes the segment itself.
 */
export function createFleetSegments(deps: {
  bucket: BucketSegments;
  redis: FleetRedis | undefined;
  /** This node's cache, where segments read from the bucket are kept. */
  cache: SegmentCache;
  /** The bucket's budget for segments (`TRANSCODE_CACHE_BYTES`). */
  maxBytes: number;
  remoteWaitMs: number;
  now: () => number;
  logger: { warn(message: string): void };
}) {
  const { bucket, redis, cache, now } = deps;
  const node = randomBytes(8).toString('hex');
  const renewed = new Map<string, number>();
  const arrivals = new Map<string, Set<() => void>>();
  let onWanted: ((job: string, segment: number) => void) | undefined;
  let lastSweep = 0;

  const subscriptions = redis
    ? Promise.all([
        redis.subscribe('transcode:made', (name) => {
          arrivals.get(name)?.forEach((arrived) => arrived());
        }),
        redis.subscribe(`transcode:wanted:${node}`, (message) => {
          const wanted = parseWanted(message);
          if (wanted) {
            onWanted?.(wanted.job, wanted.segment);
          }
        }),
      ]).catch((error: unknown) => {
        redis.warn('redis subscription failed', error);
        return undefined;
      })
    : Promise.resolve(undefined);

  const runKey = (key: string, job: string) => `${redis?.prefix ?? ''}transcode:run:${key}:${job}`;
  const indexKey = (key: string) => `${redis?.prefix ?? ''}transcode:runs:${key}`;

  function sweepSoon(): void {
    if (now() - lastSweep < sweepEveryMs) {
      return;
    }
    lastSweep = now();
    bucket
      .sweep(deps.maxBytes)
      .catch((error: unknown) => deps.logger.warn(`segment sweep failed: ${String(error)}`));
  }

  /** A segment from the bucket, moved into this node's cache; undefined when not there. */
  async function fetch(key: SegmentKey): Promise<string | undefined> {
    await fs.mkdir(cache.jobsDir, { recursive: true });
    const temp = path.join(cache.jobsDir, `fetch-${randomBytes(8).toString('hex')}`);
    try {
      return (await bucket.fetch(segmentName(key), temp)) ? await cache.put(key, temp) : undefined;
    } catch (error) {
      deps.logger.warn(
        `reading segment ${segmentName(key)} from the bucket failed: ${String(error)}`,
      );
      return undefined;
    } finally {
      await fs.rm(temp, { force: true });
    }
  }

  /** Another node's advertised run that has made `segment` or reaches it within `joinAhead`. */
  async function runFor(key: string, segment: number, joinAhead: number) {
    if (!redis) {
      return undefined;
    }
    const jobs = await redis.commands.smembers(indexKey(key));
    if (jobs.length === 0) {
      return undefined;
    }
    const runs = await redis.commands.mget(jobs.map((job) => runKey(key, job)));
    return runs
      .map(parseRun)
      .find(
        (run) =>
          run !== undefined &&
          run.node !== node &&
          segment >= run.from &&
          segment < run.until &&
          segment <= run.next + joinAhead,
      );
  }

  return {
    fetch,

    /** Puts a segment this node made into the bucket, then tells the waiting nodes. */
    share(key: SegmentKey, file: string): void {
      const name = segmentName(key);
      bucket.put(name, file).then(
        () => {
          redis?.publish('transcode:made', name);
          sweepSoon();
        },
        (error: unknown) => deps.logger.warn(`sharing segment ${name} failed: ${String(error)}`),
      );
    },

    /** Writes a run's advert (at most every `renewEveryMs`, unless `now` says at once). */
    advertise(run: RunAdvert, at = false): void {
      const last = renewed.get(run.job);
      if (!redis || (!at && last !== undefined && now() - last < renewEveryMs)) {
        return;
      }
      renewed.set(run.job, now());
      redis.commands
        .multi()
        .set(runKey(run.key, run.job), JSON.stringify({ ...run, node }), 'PX', advertTtlMs)
        .sadd(indexKey(run.key), run.job)
        .pexpire(indexKey(run.key), advertTtlMs)
        .exec()
        .catch((error: unknown) => redis.warn('redis command failed', error));
    },

    /** Removes a run's advert: it ended. */
    withdraw(run: Pick<RunAdvert, 'job' | 'key'>): void {
      renewed.delete(run.job);
      redis?.commands
        .multi()
        .del(runKey(run.key, run.job))
        .srem(indexKey(run.key), run.job)
        .exec()
        .catch((error: unknown) => redis.warn('redis command failed', error));
    },

    /** Calls `handler` when another node asks this one's run `job` for `segment`. */
    onWanted(handler: (job: string, segment: number) => void): void {
      onWanted = handler;
    },

    /**
     * Segment `request` made by another node's run of `key`, read from the bucket once it is
     * there; undefined at once when no such run is advertised, or later when it does not come.
     */
    async fromRun(
      request: SegmentKey,
      key: string,
      joinAhead: number,
    ): Promise<string | undefined> {
      if (!redis || !(await subscriptions)) {
        return undefined;
      }
      const run = await runFor(key, request.segment, joinAhead).catch((error: unknown) => {
        redis.warn('redis command failed', error);
        return undefined;
      });
      if (!run) {
        return undefined;
      }
      const name = segmentName(request);
      const waiting = arrivals.get(name) ?? new Set();
      arrivals.set(name, waiting);
      let wake = () => {};
      const arrived = () => wake();
      waiting.add(arrived);
      const deadline = now() + deps.remoteWaitMs;
      try {
        while (now() < deadline) {
          redis.publish(
            `transcode:wanted:${run.node}`,
            JSON.stringify({ job: run.job, segment: request.segment }),
          );
          const made = await fetch(request);
          if (made) {
            return made;
          }
          const live = await redis.commands.exists(runKey(key, run.job)).catch(() => 0);
          if (live === 0) {
            // The run ended or its node died: what it made is in the bucket, or nowhere.
            return await fetch(request);
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        return undefined;
      } finally {
        waiting.delete(arrived);
        if (waiting.size === 0) {
          arrivals.delete(name);
        }
      }
    },

    /** Stops listening to the fleet (shutdown). */
    close(): void {
      onWanted = undefined;
      void subscriptions.then((stops) => stops?.forEach((stop) => stop()));
    },
  };
}

export type FleetSegments = ReturnType<typeof createFleetSegments>;
