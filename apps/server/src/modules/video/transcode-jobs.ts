import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, watch as watchFolder, type FSWatcher } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { segmentArgs, type SegmentRun } from './ffmpeg-args';
import type { MediaRunner, RunLimits, RunningProcess } from './ffmpeg-runner';
import type { FleetSegments } from './fleet-segments';
import type { SegmentCache, SegmentKey } from './segment-cache';
import { UnplayableMediaError } from './video-facts';

/** Every transcode slot stayed busy for the whole wait. */
export class TranscodeBusyError extends Error {}

export interface TranscodeJobsOptions {
  runner: MediaRunner;
  cache: SegmentCache;
  limits: RunLimits;
  /** Runs at once on this node (`TRANSCODE_MAX_JOBS`). */
  maxJobs: number;
  /** How long a request waits for a free slot, then for its segment, in milliseconds. */
  slotWaitMs: number;
  segmentWaitMs: number;
  /** A run nobody asked anything of for this long is ended. */
  idleMs: number;
  /** Segments a run may make past the last one asked for before it is paused. */
  maxAhead: number;
  /** Segments a request may lie past a run's progress and still wait for that run. */
  joinAhead: number;
  now: () => number;
  logger?: { warn(message: string): void };
  /** The segments and runs of the other nodes (`BLOB_STORE=s3`, `REDIS_URL`), if any. */
  fleet?: FleetSegments | undefined;
}

/**
 * What a segment request asks for, with what a run needs to make it; the local path of the input
 * is asked for only when a run starts (a remote blob is copied then, not for a cached segment).
 */
export type SegmentRequest = SegmentKey &
  Omit<SegmentRun, 'from' | 'until' | 'dir' | 'input'> & { input: () => Promise<string> };

interface Waiter {
  resolve: (file: string) => void;
  reject: (error: Error) => void;
}

interface Job {
  id: string;
  /** The cache key of the rendition and audio choice (without the segment). */
  key: string;
  dir: string;
  from: number;
  until: number;
  /** The next segment the run has not finished yet. */
  next: number;
  lastAsked: number;
  touchedAt: number;
  progressAt: number;
  paused: boolean;
  ended: boolean;
  process: RunningProcess;
  waiters: Map<number, Waiter[]>;
  listLength: number;
  /** The collection under way: collections of one run go one after another. */
  collecting: Promise<void>;
}

/**
 * Where the first `moof` box of a fragmented MP4 file starts: the bytes before it (`ftyp`,
 * `moov`) are its init segment.
 */
async function firstFragment(handle: fs.FileHandle): Promise<number> {
  const { size } = await handle.stat();
  const header = Buffer.alloc(16);
  let at = 0;
  while (at + 8 <= size) {
    await handle.read(header, 0, 16, at);
    const type = header.toString('latin1', 4, 8);
    if (type === 'moof') {
      return at;
    }
    const short = header.readUInt32BE(0);
    const length = short === 1 ? Number(header.readBigUInt64BE(8)) : short;
    if (length < 8) {
      break;
    }
    at += length;
  }
  throw new UnplayableMediaError('a fragmented segment holds no fragment');
}

/** How far one run goes at most, in segments (about 40 minutes of a transcode). */
const maxRunSegments = 600;

/** How often a run's progress is polled and its viewers' pace checked, in milliseconds. */
const tick = 250;

function keyOf(key: Omit<SegmentKey, 'segment'>): string {
  return `${key.sha256}/${key.rendition}/${key.audio ?? 'n'}/${key.burn ?? 'n'}`;
}

/**
 * On-demand segment runs. A request for a segment nobody has made starts ffmpeg at that
 * segment's time (a seek costs one segment's work); the run then keeps making the following
 * segments, each moved into the cache as it is finished, while the viewer asks for them. A run
 * too far ahead of the last request is paused (SIGSTOP) until asked again, one nobody asks for
 * is ended, and at most `maxJobs` run at once: a request past that waits for a slot, then gets
 * `TranscodeBusyError`.
 */
export function createTranscodeJobs(options: TranscodeJobsOptions) {
  const { runner, cache, now, fleet } = options;
  const jobs = new Set<Job>();
  const slotWaiters: (() => void)[] = [];
  let timer: NodeJS.Timeout | undefined;

  function end(job: Job, error?: Error): void {
    if (job.ended) {
      return;
    }
    job.ended = true;
    job.process.kill();
    jobs.delete(job);
    fleet?.withdraw({ job: job.id, key: job.key });
    for (const [segment, waiters] of job.waiters) {
      const reason =
        error ?? new UnplayableMediaError(`segment ${segment} was not made (the run ended first)`);
      waiters.forEach((waiter) => waiter.reject(reason));
    }
    job.waiters.clear();
    void fs.rm(job.dir, { recursive: true, force: true });
    slotWaiters.shift()?.();
    if (jobs.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  }

  /** Moves the segments the run has finished into the cache, after any collection under way. */
  function collect(job: Job, request: SegmentKey): Promise<void> {
    job.collecting = job.collecting.then(() => collectNow(job, request));
    return job.collecting;
  }

  /** Moves the segments the run has finished (listed in its `list.csv`) into the cache. */
  async function collectNow(job: Job, request: SegmentKey): Promise<void> {
    if (job.ended) {
      return;
    }
    const list = await fs.readFile(path.join(job.dir, 'list.csv'), 'utf8').catch(() => '');
    if (list.length === job.listLength) {
      return;
    }
    job.listLength = list.length;
    for (const line of list.split('\n')) {
      const [, number, extension] = /^(\d+)\.(ts|m4s),/.exec(line) ?? [];
      const segment = Number(number ?? NaN);
      if (!Number.isInteger(segment) || segment < job.next || segment >= job.until) {
        continue;
      }
      const made = path.join(job.dir, `${segment}.${extension ?? 'ts'}`);
      // Past the end of a cut file the muxer closes an empty segment: that one does not exist.
      if (((await fs.stat(made).catch(() => undefined))?.size ?? 0) < 188) {
        end(job, new UnplayableMediaError(`segment ${segment} holds nothing`));
        return;
      }
      const file =
        extension === 'm4s'
          ? await putFragmented(request, segment, made)
          : await store({ ...request, segment, kind: 'ts' }, made);
      job.next = segment + 1;
      job.progressAt = now();
      job.waiters.get(segment)?.forEach((waiter) => waiter.resolve(file));
      job.waiters.delete(segment);
    }
    if (job.next >= job.until) {
      end(job);
    }
  }

  /**
   * Moves a whole fragmented MP4 segment into the cache as the rendition's init segment (its
   * `ftyp` and `moov`, kept once) and the media segment (its fragments).
   */
  async function putFragmented(request: SegmentKey, segment: number, made: string) {
    const handle = await fs.open(made, 'r');
    let split: number;
    try {
      split = await firstFragment(handle);
    } finally {
      await handle.close();
    }
    if (!(await cache.find({ ...request, kind: 'init' }))) {
      const init = `${made}.init`;
      await pipeline(createReadStream(made, { end: split - 1 }), createWriteStream(init));
      await store({ ...request, segment, kind: 'init' }, init);
    }
    const media = `${made}.media`;
    await pipeline(createReadStream(made, { start: split }), createWriteStream(media));
    return store({ ...request, segment, kind: 'm4s' }, media);
  }

  /** Moves a finished segment into the cache, and shares it with the fleet. */
  async function store(key: SegmentKey, from: string): Promise<string> {
    const file = await cache.put(key, from);
    fleet?.share(key, file);
    return file;
  }

  /** What the fleet is told of a run. */
  function advertOf(job: Job) {
    return { job: job.id, key: job.key, from: job.from, next: job.next, until: job.until };
  }

  // Another node waits for a segment of one of this node's runs: it counts as asked here.
  fleet?.onWanted((id, segment) => {
    const job = [...jobs].find((running) => running.id === id);
    if (job && !job.ended) {
      touch(job, segment);
    }
  });

  function watch(): void {
    timer ??= setInterval(() => {
      const at = now();
      for (const job of jobs) {
        fleet?.advertise(advertOf(job));
        if (at - job.touchedAt > options.idleMs) {
          end(job);
        } else if (!job.paused && at - job.progressAt > options.segmentWaitMs) {
          options.logger?.warn(`segment run ${job.key} stalled; ended`);
          end(job, new UnplayableMediaError('the segment run stalled'));
        } else if (!job.paused && job.next > job.lastAsked + options.maxAhead) {
          job.paused = true;
          job.process.pause();
        }
      }
    }, tick);
    timer.unref();
  }

  function touch(job: Job, segment: number): void {
    job.touchedAt = now();
    job.lastAsked = Math.max(job.lastAsked, segment);
    if (job.paused && job.next <= job.lastAsked + options.maxAhead) {
      job.paused = false;
      job.progressAt = now();
      job.process.resume();
    }
  }

  function waitFor(job: Job, segment: number): Promise<string> {
    touch(job, segment);
    return new Promise<string>((resolve, reject) => {
      const waiters = job.waiters.get(segment) ?? [];
      waiters.push({ resolve, reject });
      job.waiters.set(segment, waiters);
    });
  }

  /** A free slot, freeing the least recently asked idle run first. */
  async function slot(key: string): Promise<void> {
    if (jobs.size < options.maxJobs) {
      return;
    }
    // A run nobody waits on that is the position a viewer left by seeking (same rendition), or
    // one paused far enough ahead of its viewer: it gives its slot up and is started again later.
    const idle = [...jobs].filter(
      (job) => job.waiters.size === 0 && (job.key === key || job.paused),
    );
    const stale = idle.sort((a, b) => a.touchedAt - b.touchedAt)[0];
    if (stale) {
      end(stale);
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timeout);
        resolve();
      };
      const timeout = setTimeout(() => {
        const index = slotWaiters.indexOf(grant);
        if (index >= 0) {
          slotWaiters.splice(index, 1);
        }
        reject(new TranscodeBusyError('every transcode slot is busy'));
      }, options.slotWaitMs);
      slotWaiters.push(grant);
    });
  }

  async function start(request: SegmentRequest): Promise<Job> {
    const key = keyOf(request);
    const input = await request.input();
    await slot(key);
    const id = randomBytes(8).toString('hex');
    const dir = path.join(cache.jobsDir, id);
    await fs.mkdir(dir, { recursive: true });
    const until = Math.min(request.bounds.length - 1, request.segment + maxRunSegments);
    const process = runner.start(
      'ffmpeg',
      segmentArgs({ ...request, input, from: request.segment, until, dir }),
      options.limits,
    );
    const at = now();
    const job: Job = {
      id,
      key,
      dir,
      from: request.segment,
      until,
      next: request.segment,
      lastAsked: request.segment,
      touchedAt: at,
      progressAt: at,
      paused: false,
      ended: false,
      process,
      waiters: new Map(),
      listLength: 0,
      collecting: Promise.resolve(),
    };
    jobs.add(job);
    fleet?.advertise(advertOf(job), true);
    watch();
    const collectSoon = () => {
      void collect(job, request).catch((error: unknown) => {
        end(job, error instanceof Error ? error : new Error(String(error)));
      });
    };
    // The folder is watched (a finished segment is served at once); the poll is the fallback
    // where the file system does not report changes.
    const poll = setInterval(collectSoon, tick);
    let watcher: FSWatcher | undefined;
    try {
      watcher = watchFolder(dir, collectSoon);
      watcher.on('error', () => watcher?.close());
    } catch {
      watcher = undefined;
    }
    void process.exited.then(async (code) => {
      clearInterval(poll);
      watcher?.close();
      await collect(job, request).catch(() => undefined);
      if (code !== 0 && !job.ended) {
        options.logger?.warn(`segment run ${key} failed (${String(code)}): ${process.stderr()}`);
      }
      end(job);
    });
    return job;
  }

  /**
   * The init segment of a fragmented MP4 rendition: from the cache, else split off the next
   * segment a run of it makes (segment 0 when none runs).
   */
  async function init(request: SegmentRequest): Promise<string> {
    const key = { ...request, kind: 'init' as const };
    const cached = (await cache.find(key)) ?? (await fleet?.fetch(key));
    if (cached) {
      return cached;
    }
    const running = [...jobs].find(
      (job) => job.key === keyOf(request) && !job.ended && job.next < job.until,
    );
    await segment({ ...request, kind: 'm4s', segment: running?.next ?? 0 });
    const made = (await cache.find(key)) ?? (await fleet?.fetch(key));
    if (!made) {
      throw new UnplayableMediaError('the init segment was not made');
    }
    return made;
  }

  /** Runs being started, by rendition key: parallel requests join one start. */
  const starting = new Map<string, Promise<Job>>();

  /**
   * The path of a finished segment in the cache, made now when it is not there: read from the
   * fleet's bucket first, or waited for from another node's run, when `viaFleet` (once per
   * request).
   */
  async function segment(request: SegmentRequest, viaFleet = true): Promise<string> {
    const cached = await cache.find(request);
    if (cached) {
      return cached;
    }
    const key = keyOf(request);
    const covering = [...jobs].find(
      (job) =>
        job.key === key &&
        request.segment >= job.next &&
        request.segment < job.until &&
        request.segment <= job.next + options.joinAhead,
    );
    const pending = starting.get(key);
    let job: Job;
    if (covering) {
      job = covering;
    } else if (pending) {
      job = await pending;
      if (request.segment < job.next || request.segment > job.next + options.joinAhead) {
        return segment(request, viaFleet);
      }
    } else {
      // A run may have finished the segment since the cache was asked; another node may have.
      const finished =
        (await cache.find(request)) ??
        (viaFleet && fleet
          ? ((await fleet.fetch(request)) ?? (await fleet.fromRun(request, key, options.joinAhead)))
          : undefined);
      if (finished) {
        return finished;
      }
      if (viaFleet && fleet) {
        // The fleet was asked (which takes a while): a run of this node may cover it by now.
        return segment(request, false);
      }
      if (starting.has(key)) {
        return segment(request, false);
      }
      const started = start(request).finally(() => starting.delete(key));
      starting.set(key, started);
      job = await started;
    }
    if (job.ended) {
      // The run ended between its start and now: it made the segment, or it cannot.
      const made = await cache.find(request);
      if (made) {
        return made;
      }
      throw new UnplayableMediaError(`segment ${request.segment} was not made`);
    }
    const produced = waitFor(job, request.segment);
    // Settled later than the deadline below, the run's answer has no one left to hear it.
    produced.catch(() => undefined);
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timeout = setTimeout(
        () => reject(new TranscodeBusyError('the segment took too long')),
        options.segmentWaitMs,
      );
    });
    try {
      return await Promise.race([produced, late]);
    } finally {
      clearTimeout(timeout);
    }
  }

  return {
    segment,
    init,
    /** Runs now (for tests and the bench). */
    running: () => jobs.size,
    /** Ends every run (shutdown). */
    close(): void {
      fleet?.close();
      for (const job of [...jobs]) {
        end(job);
      }
    },
  };
}

export type TranscodeJobs = ReturnType<typeof createTranscodeJobs>;
