import path from 'node:path';
import { createLinkSigner } from '../modules/content/content-link';
import { createContentService } from '../modules/content/content.service';
import { createDownloadTrafficMeter } from '../modules/content/download-traffic';
import { createDownloadTrafficRepository } from '../modules/content/download-traffic.repository';
import { createMediaRepository } from '../modules/content/media.repository';
import { createMediaService } from '../modules/content/media.service';
import { detectMediaTools } from '../modules/content/media-tools';
import { createFileRepository } from '../modules/drive/file.repository';
import { createFileService } from '../modules/drive/file.service';
import type { MembershipService } from '../modules/membership/membership.service';
import { createEventRepository } from '../modules/event/event.repository';
import { createEventService } from '../modules/event/event.service';
import { createRestoreWorker } from '../modules/share/share-restore-worker';
import { createShareRepository } from '../modules/share/share.repository';
import { createShareService } from '../modules/share/share.service';
import { createBlobStore } from '../modules/storage/blob-store';
import { createBlobRepository } from '../modules/storage/blob.repository';
import { createBlobService } from '../modules/storage/blob.service';
import { createTaskRepository } from '../modules/task/task.repository';
import { createTaskRecorder, createTaskService } from '../modules/task/task.service';
import { createUploadPartRepository } from '../modules/upload/upload-part.repository';
import { createUploadRepository } from '../modules/upload/upload.repository';
import { createUploadService, uploadNodeId } from '../modules/upload/upload.service';
import type { AuthKeys } from '../modules/user/auth-keys';
import type { AuthFailureRepository } from '../modules/user/auth-failure.repository';
import type { CaptchaGuard } from '../modules/user/captcha-guard';
import type { WindowLimiter } from '../lib/window-limiter';
import type { Wiring } from './container-options';
import { createVideoArea } from './video';

/** The blob store and the records of its blobs, which the drive, avatars and feedback keep files in. */
export function createStorageArea({ config, database, options, now }: Wiring) {
  const blobStore = createBlobStore(config, {
    logger: { warn: (message) => options.logger.info(message) },
  });
  const blobRecords = createBlobRepository(database.db);
  const blobs = createBlobService({ store: blobStore, blobs: blobRecords, now });
  return { blobStore, blobRecords, blobs };
}

/**
 * The drive: files, tasks and events, uploads, shares and the background saves from them, and
 * the content (downloads, previews, zips of shares) served from the blob store.
 */
export function createDriveArea(
  wiring: Wiring,
  needs: {
    storage: ReturnType<typeof createStorageArea>;
    plans: MembershipService;
    keys: Pick<AuthKeys, 'contentLink' | 'sharePassCode'>;
    failures: AuthFailureRepository;
    captchaGuard: CaptchaGuard;
    limiter: WindowLimiter;
  },
) {
  const { config, database, options, now } = wiring;
  const { blobStore, blobRecords, blobs } = needs.storage;
  const { plans } = needs;
  const taskRecords = createTaskRepository(database.db, database.dialect);
  const events = createEventService({
    events: createEventRepository(database.db),
    now,
    logger: options.logger,
  });
  const files = createFileService({
    files: createFileRepository(database.db),
    tasks: createTaskRecorder({ tasks: taskRecords, now }),
    events,
    now,
    trashRetentionDays: config.TRASH_RETENTION_DAYS,
    plans,
  });
  const tasks = createTaskService({ tasks: taskRecords, files, now });
  const uploadDir = path.join(config.DATA_DIR, 'uploads');
  const uploads = createUploadService({
    uploads: createUploadRepository(database.db),
    parts: createUploadPartRepository(database.db),
    files,
    blobs,
    blobRecords,
    store: blobStore,
    dir: uploadDir,
    node: uploadNodeId(config.DATA_DIR, config.NODE_ID),
    expiryMs: config.UPLOAD_EXPIRY_HOURS * 3_600_000,
    checkpointBytes: config.UPLOAD_CHECKPOINT_MIB * 1024 * 1024,
    now,
    logger: options.logger,
    onComplete: (file) => events.record(file.userId, { type: 'TYPE_UPLOAD', fileId: file.id }),
    events: {
      rowOf: (userId, fileId) => events.rowOf(userId, { type: 'TYPE_UPLOAD', fileId }),
      recorded: (userId, count) => events.recorded(userId, count),
    },
    onStored: (file) => video.videoPrepare.enqueue(file),
  });

  // The share service queues large saves, which the restore worker (built on that service) runs:
  // the service rings the worker through this list, filled once the worker is built.
  const restoreWakes: (() => void)[] = [];
  const shareRecords = createShareRepository(database.db, database.dialect);
  const shares = createShareService({
    shares: shareRecords,
    failures: needs.failures,
    captchaGuard: needs.captchaGuard,
    limiter: needs.limiter,
    passCodeKey: needs.keys.sharePassCode,
    publicUrl: config.PUBLIC_URL,
    plans,
    limits: {
      windowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
      maxFailuresPerClient: config.SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT,
    },
    now,
    onQueued: () => restoreWakes.forEach((wake) => wake()),
    logger: options.logger,
    selection: files,
    ...options.restores,
  });
  const restoreWorker = createRestoreWorker({
    tasks: taskRecords,
    restores: shares,
    now,
    logger: options.logger,
  });
  restoreWakes.push(() => restoreWorker.wake());

  const mediaTools = options.mediaTools ?? detectMediaTools();
  const warn = (message: string) => options.logger.info(message);
  const media = createMediaService({
    store: blobStore,
    blobs,
    media: createMediaRepository(database.db),
    tools: mediaTools,
    tempDir: path.join(config.DATA_DIR, 'media-tmp'),
    now,
    logger: { warn },
    flight: wiring.fleet.flight,
  });
  const downloadTrafficRecords = createDownloadTrafficRepository(database.db);
  const downloadTraffic = createDownloadTrafficMeter({
    traffic: downloadTrafficRecords,
    plans,
    now,
    logger: { warn },
  });
  const signer = createLinkSigner({
    key: needs.keys.contentLink,
    origin: config.CONTENT_ORIGIN,
    ttlSeconds: config.CONTENT_LINK_TTL_SECONDS,
    now,
  });
  // Video links are checked by the content origin, which lists the video's renditions in turn.
  const video = createVideoArea(wiring, {
    store: blobStore,
    signer,
    files: { openFile: (claims) => content.openFile(claims) },
  });
  const content = createContentService({
    files,
    store: blobStore,
    signer,
    media,
    videos: video.videos.medias,
    events,
    traffic: downloadTraffic,
    now,
    logger: { warn },
    // Links of shares and their zips: the share service answers which files a share holds.
    shares,
  });
  return {
    taskRecords,
    tasks,
    events,
    files,
    uploads,
    shares,
    shareRecords,
    restoreWorker,
    content,
    downloadTraffic,
    downloadTrafficRecords,
    media,
    mediaTools,
    ...video,
  };
}
