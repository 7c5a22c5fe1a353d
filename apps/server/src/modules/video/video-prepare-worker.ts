import { isVideo } from '@nimbus/contracts';
import { createQueuePump } from '../../lib/queue-pump';
import { currentRequestId, withRequestId } from '../../lib/request-context';
import { newId } from '../../lib/secrets';
import type { FileRecord } from '../drive/file.repository';
import { TranscodeBusyError } from './transcode-jobs';
import type { PrepareJob, VideoRepository } from './video.repository';
import type { VideoService } from './video.service';

export interface VideoPrepareWorkerDeps {
  videos: Pick<
    VideoRepository,
    'enqueuePrepare' | 'claimPrepare' | 'renewPrepare' | 'settlePrepare'
  >;
  service: Pick<VideoService, 'prepare'>;
  /** `TRANSCODE_AT_INGEST`: what is made when a video is stored, past its facts and keyframes. */
  mode: 'off' | 'remux' | 'all';
  now: () => Date;
  logger: {
    info(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
  };
  /** How long a taken video stays this worker's without a renewal (renewed while it runs). */
  leaseMs?: number;
  /** How often the queue is looked at when nobody says a video is waiting. */
  pollMs?: number;
  /** Ends the segment runs under way (a stop does not wait for a film to finish). */
  halt?: () => void;
}

/**
 * Preparing videos at ingest (docs/video.md#preparing-at-ingest): a stored video is queued by
 * content, and a worker (`npm run worker`, or an API node running background work) takes it from
 * the database queue with a compare-and-set lease, as the restore worker takes saves, reads its
 * facts and keyframes and, with `TRANSCODE_AT_INGEST`, makes its segments into the cache. A video
 * ffmpeg cannot read fails its job with the reason; nothing a video holds can end the process.
 */
export function createVideoPrepareWorker(deps: VideoPrepareWorkerDeps) {
  const workerId = `video-${newId()}`;
  const leaseMs = deps.leaseMs ?? 600_000;
  const pollMs = deps.pollMs ?? 10_000;
  const at = () => deps.now().toISOString();
  const until = () => new Date(deps.now().getTime() + leaseMs).toISOString();
  const pump = createQueuePump({
    drain: () => drain(),
    pollMs,
    onError: (error) => deps.logger.error({ err: error }, 'video prepare queue pass failed'),
  });

  /**
   * Prepares one video taken from the queue, renewing its lease meanwhile, as the work of the
   * request that queued it (its lines name it).
   */
  function prepareOne(job: PrepareJob): Promise<boolean> {
    return withRequestId(job.requestId ?? '', () => {
      deps.logger.info({ sha256: job.sha256, worker: workerId }, 'video preparing started');
      return prepareHeld(job);
    });
  }

  async function prepareHeld(job: PrepareJob): Promise<boolean> {
    const renew = setInterval(() => {
      void deps.videos.renewPrepare(job.sha256, workerId, until()).catch(() => undefined);
    }, leaseMs / 3);
    renew.unref();
    try {
      const outcome = await deps.service.prepare(job, deps.mode);
      // A run ended by a stop is not the video's fault: it goes back to the queue.
      await deps.videos.settlePrepare(
        job.sha256,
        workerId,
        pump.stopped ? { phase: 'pending' } : outcome,
        at(),
      );
      return true;
    } catch (error) {
      if (error instanceof TranscodeBusyError || pump.stopped) {
        await deps.videos.settlePrepare(job.sha256, workerId, { phase: 'pending' }, at());
        return false;
      }
      deps.logger.error({ err: error, sha256: job.sha256 }, 'video not prepared');
      const reason = error instanceof Error ? error.message : String(error);
      await deps.videos.settlePrepare(job.sha256, workerId, { phase: 'failed', reason }, at());
      return true;
    } finally {
      clearInterval(renew);
    }
  }

  /** Prepares queued videos one after another until none is left (or the node is busy). */
  async function drain(): Promise<number> {
    let count = 0;
    while (!pump.stopped) {
      const job = await deps.videos.claimPrepare(workerId, at(), until());
      if (!job || !(await prepareOne(job))) {
        break;
      }
      count += 1;
    }
    return count;
  }

  return {
    /** Queues a stored file when it is a video; never throws. */
    async enqueue(file: Pick<FileRecord, 'name' | 'sha256' | 'fileExtension'>): Promise<void> {
      if (!isVideo({ name: file.name }) || !file.sha256) {
        return;
      }
      try {
        await deps.videos.enqueuePrepare(
          { sha256: file.sha256, extension: file.fileExtension, requestId: currentRequestId() },
          at(),
        );
      } catch (error) {
        deps.logger.error({ err: error }, 'video not queued for preparing');
        return;
      }
      pump.wake();
    },
    /** Looks at the queue now and every `pollMs` until stopped. */
    start(): void {
      pump.start();
    },
    /** Prepares every queued video now and waits for them (tests). */
    runPending: pump.runPending,
    /** Stops taking videos; the one under way goes back to the queue. */
    stop: (): Promise<void> => pump.stop(deps.halt),
  };
}

export type VideoPrepareWorker = ReturnType<typeof createVideoPrepareWorker>;
