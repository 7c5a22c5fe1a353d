import path from 'node:path';
import type { LinkSigner } from '../modules/content/content-link';
import type { ContentService } from '../modules/content/content.service';
import type { BlobStore } from '../modules/storage/blob-store';
import { createMediaRunner } from '../modules/video/ffmpeg-runner';
import { createFleetSegments } from '../modules/video/fleet-segments';
import { createSegmentCache } from '../modules/video/segment-cache';
import { createTranscodeJobs } from '../modules/video/transcode-jobs';
import { detectVideoEncoder } from '../modules/video/video-encoder';
import { createVideoPrepareWorker } from '../modules/video/video-prepare-worker';
import { createVideoRepository } from '../modules/video/video.repository';
import { createVideoService } from '../modules/video/video.service';
import type { Wiring } from './container-options';

/** Video playback: HLS renditions made on demand, cached by content, within the node's limits. */
export function createVideoArea(
  { config, database, options, now, fleet }: Wiring,
  needs: {
    store: Pick<BlobStore, 'get' | 'localPath' | 'segments'>;
    signer: Pick<LinkSigner, 'sign'>;
    files: Pick<ContentService, 'openFile'>;
  },
) {
  const warn = (message: string) => options.logger.info(message);
  const runner = options.mediaRunner ?? createMediaRunner();
  const root = config.TRANSCODE_CACHE_DIR ?? path.join(config.DATA_DIR, 'transcode');
  const limits = {
    memoryMiB: config.TRANSCODE_MEMORY_MIB,
    niceness: config.TRANSCODE_NICENESS,
  };
  const cache = createSegmentCache({
    root,
    maxBytes: config.TRANSCODE_CACHE_BYTES,
    now: () => now().getTime(),
  });
  // With BLOB_STORE=s3 the nodes share their segments through the bucket, and with Redis their
  // runs too (docs/video.md, "In a fleet").
  const fleetSegments =
    needs.store.segments === undefined
      ? undefined
      : createFleetSegments({
          bucket: needs.store.segments,
          redis: fleet.redis,
          cache,
          maxBytes: config.TRANSCODE_CACHE_BYTES,
          remoteWaitMs: 15_000,
          now: () => Date.now(),
          logger: { warn },
        });
  const jobs = createTranscodeJobs({
    runner,
    cache,
    // A run lasts while it is asked for; the wall time only ends one that hangs for hours.
    limits: { ...limits, wallMs: 6 * 3600 * 1000 },
    maxJobs: config.TRANSCODE_MAX_JOBS,
    slotWaitMs: config.TRANSCODE_QUEUE_WAIT_SECONDS * 1000,
    segmentWaitMs: 60_000,
    idleMs: 60_000,
    maxAhead: 15,
    joinAhead: 3,
    now: () => Date.now(),
    logger: { warn },
    fleet: fleetSegments,
  });
  const records = createVideoRepository(database.db);
  const videos = createVideoService({
    videos: records,
    runner,
    jobs,
    store: needs.store,
    signer: needs.signer,
    files: needs.files,
    probeLimits: { ...limits, wallMs: 30_000 },
    encoder: detectVideoEncoder(config.TRANSCODE_HW_ENCODER, config.TRANSCODE_VAAPI_DEVICE, {
      warn,
    }),
    vaapiDevice: config.TRANSCODE_VAAPI_DEVICE,
    sourceDir: path.join(root, 'sources'),
    now,
    logger: { warn },
    flight: fleet.flight,
  });
  const videoPrepare = createVideoPrepareWorker({
    videos: records,
    service: videos,
    mode: config.TRANSCODE_AT_INGEST,
    now,
    logger: options.logger,
    halt: () => jobs.close(),
  });
  return { videos, videoJobs: jobs, segmentCache: cache, videoRecords: records, videoPrepare };
}
