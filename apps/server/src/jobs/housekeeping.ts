import type { Container } from '../container';
import type { JobLeases } from '../db/job-leases';
import { startPeriodicJob, type JobLogger } from './periodic-job';

const hour = 3_600_000;

/** How long a blob nobody references is kept before its bytes are deleted. */
const blobGraceMs = hour;

/**
 * Starts the node's housekeeping: the trash retention purge, the expiry of abandoned uploads,
 * the release of thumbnails whose content is gone, the end of expired data exports, the analytics
 * retention sweep, the statistics rollup that stores the dashboard's figures per finished day, the sweep of mail outbox records past 30 days, the sweep of stale guessing counters, the sweep of expired WebDAV locks, the
 * purge of accounts whose deletion grace period is over, and the garbage collection that deletes
 * the bytes of blobs nobody references any more (an hour after
 * their last reference went, so an upload that is committing the same content never loses it). Every job is safe to run on
 * several nodes at once, and runs once per fleet per period by its lease (`job_leases`). `stop`
 * ends them all and waits for passes under way.
 */
export function startHousekeeping(
  container: Pick<
    Container,
    | 'files'
    | 'uploads'
    | 'media'
    | 'trackCache'
    | 'blobs'
    | 'statistics'
    | 'failureSweep'
    | 'jobLeases'
    | 'davLocks'
    | 'dataExports'
    | 'accountPurge'
    | 'statisticsRollup'
    | 'mailer'
    | 'sweepParked'
  >,
  logger: JobLogger,
): { stop(): Promise<void> } {
  const leases: JobLeases = container.jobLeases;
  const jobs = [
    startPeriodicJob({
      lease: { name: 'housekeeping.trash', leases },
      batch: () => container.files.purgeExpiredTrash(),
      intervalMs: hour,
      logger,
      done: 'expired trash deleted',
      failed: 'trash purge failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.uploads', leases },
      batch: () => container.uploads.sweepExpired(),
      intervalMs: 15 * 60_000,
      logger,
      done: 'expired uploads deleted',
      failed: 'upload sweep failed',
    }),
    // Each node's own partial data whose upload went (expired by the sweep on another node).
    startPeriodicJob({
      batch: () => container.uploads.removeOrphanParts(),
      intervalMs: hour,
      logger,
      done: 'partial upload data without an upload removed',
      failed: 'partial upload data sweep failed',
    }),
    // Bucket objects of tasks and uploads that are gone (an offline download's parked bytes,
    // when its task was deleted while no worker ran).
    startPeriodicJob({
      lease: { name: 'housekeeping.parked', leases },
      batch: () => container.sweepParked(),
      intervalMs: hour,
      logger,
      done: 'bucket objects of gone tasks and uploads removed',
      failed: 'bucket object sweep failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.thumbnails', leases },
      batch: () => container.media.releaseOrphans(),
      intervalMs: hour,
      logger,
      done: 'thumbnails of deleted content released',
      failed: 'media sweep failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.media-tracks', leases },
      batch: () => container.trackCache.releaseOrphans(),
      intervalMs: hour,
      logger,
      done: 'subtitles and storyboards of deleted content released',
      failed: 'media track sweep failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.data-exports', leases },
      batch: () => container.dataExports.expireDue(),
      intervalMs: hour,
      logger,
      done: 'expired data exports ended',
      failed: 'data export expiry failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.analytics', leases },
      batch: () => container.statistics.sweepExpired(),
      intervalMs: hour,
      logger,
      done: 'expired analytics events deleted',
      failed: 'analytics retention sweep failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.statistics-rollup', leases },
      batch: () => container.statisticsRollup.rollupNext(),
      intervalMs: hour,
      logger,
      done: "days of the dashboard's statistics stored",
      failed: 'statistics rollup failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.mail-deliveries', leases },
      batch: () => container.mailer.sweep(),
      intervalMs: hour,
      logger,
      done: 'old mail outbox records deleted',
      failed: 'mail outbox sweep failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.guessing-counters', leases },
      batch: () => container.failureSweep.sweepStale(),
      intervalMs: hour,
      logger,
      done: 'stale guessing counters deleted',
      failed: 'guessing counter sweep failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.dav-locks', leases },
      batch: () => container.davLocks.sweepExpired(),
      intervalMs: hour,
      logger,
      done: 'expired WebDAV locks deleted',
      failed: 'WebDAV lock sweep failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.account-purge', leases },
      batch: () => container.accountPurge.purgeBatch(),
      intervalMs: hour,
      logger,
      done: 'accounts past their deletion grace handled',
      failed: 'account purge failed',
    }),
    startPeriodicJob({
      lease: { name: 'housekeeping.blobs', leases },
      batch: async () =>
        (await container.blobs.collectGarbage({ graceMs: blobGraceMs, limit: 500 })).deleted,
      intervalMs: hour,
      logger,
      done: 'unreferenced blobs deleted',
      failed: 'blob garbage collection failed',
    }),
  ];
  return {
    async stop() {
      await Promise.all(jobs.map((job) => job.stop()));
    },
  };
}
