import path from 'node:path';
import { defaultLocale, isLocale } from '@nimbus/contracts';
import { createQueueSignal } from '../db/queue-signal';
import type { MembershipService } from '../modules/membership/membership.service';
import { parseRanges, privateFetchRanges } from '../modules/offline/fetch-guard';
import { createOfflineWorker } from '../modules/offline/offline-worker';
import { createOfflineService } from '../modules/offline/offline.service';
import { createTorrentFetcher } from '../modules/offline/torrent/torrent-fetcher';
import { fetchLinkedTorrent } from '../modules/offline/torrent/torrent-link';
import { createTorrentMetadata } from '../modules/offline/torrent/torrent-metadata';
import { bundledTorrentThread } from '../modules/offline/torrent/torrent-session';
import { createTorrentSourceRepository } from '../modules/offline/torrent/torrent.repository';
import { createUrlCheckService } from '../modules/offline/url-check.service';
import { createUrlFetcher } from '../modules/offline/url-fetcher';
import type { UserRepository } from '../modules/user/user.repository';
import type { createStorageArea, createDriveArea } from './drive';
import type { Wiring } from './container-options';
import { createParkedRepository } from '../modules/offline/offline-parked.repository';
import { createParkedSweep } from '../modules/offline/offline-parked-sweep';

/**
 * Offline downloads: the guarded fetcher of URLs and torrents, the worker that runs the queued
 * tasks, the service that queues them and the link checker.
 */
export function createOfflineArea(
  { config, database, options, now, fleet }: Wiring,
  needs: {
    storage: ReturnType<typeof createStorageArea>;
    drive: Pick<ReturnType<typeof createDriveArea>, 'taskRecords' | 'tasks' | 'files' | 'events'>;
    plans: MembershipService;
    users: Pick<UserRepository, 'findById'>;
  },
) {
  const { blobStore, blobs } = needs.storage;
  const { taskRecords, tasks, files, events } = needs.drive;
  const fetchPolicy = {
    allowedRanges: parseRanges([
      ...config.OFFLINE_FETCH_ALLOWED_CIDRS,
      ...(config.ALLOW_PRIVATE_FETCH ? privateFetchRanges : []),
    ]),
    extraPorts: new Set(config.OFFLINE_FETCH_EXTRA_PORTS),
  };
  const urlFetcher = createUrlFetcher({ policy: fetchPolicy });
  const torrentSources = createTorrentSourceRepository(database.db);
  // Torrents run in threads of their own: what the BitTorrent libraries throw fails one task or check.
  const torrentThread = options.torrentThread ?? bundledTorrentThread;
  // Magnet links' metadata, fetched by the link checker and remembered for the tasks made from it.
  const torrentMetadata = createTorrentMetadata({
    policy: fetchPolicy,
    dht: config.OFFLINE_TORRENT_DHT,
    timeoutMs: config.OFFLINE_TORRENT_METADATA_SECONDS * 1000,
    thread: torrentThread,
    logger: options.logger,
  });
  // Queued offline tasks wake this process's worker at once and, on PostgreSQL, every other's.
  const queueSignal = fleet.queueSignal(createQueueSignal(database, options.logger));
  const parked = createParkedRepository(database.db);
  const offlineWorker = createOfflineWorker({
    tasks: taskRecords,
    taskChanges: tasks,
    fetcher: urlFetcher,
    torrents: createTorrentFetcher({
      policy: fetchPolicy,
      sources: torrentSources,
      blobs,
      files,
      maxBytes: config.OFFLINE_MAX_BYTES,
      dht: config.OFFLINE_TORRENT_DHT,
      metadata: torrentMetadata,
      thread: torrentThread,
      logger: options.logger,
    }),
    blobs,
    files,
    events,
    localeOf: async (userId) => {
      const locale = (await needs.users.findById(userId))?.locale;
      return isLocale(locale) ? locale : defaultLocale;
    },
    now,
    logger: options.logger,
    concurrency: config.OFFLINE_WORKERS,
    maxBytes: config.OFFLINE_MAX_BYTES,
    timeoutMs: config.OFFLINE_TIMEOUT_SECONDS * 1000,
    leaseMs: config.OFFLINE_LEASE_SECONDS * 1000,
    pollMs: config.OFFLINE_POLL_SECONDS * 1000,
    queue: queueSignal,
    plans: needs.plans,
    partDir: path.join(config.DATA_DIR, 'offline'),
    // With BLOB_STORE=s3, partial data is parked in the bucket too: any worker resumes it.
    bucket: blobStore.uploads,
    parked,
  });
  const queueOffline = () => {
    offlineWorker.wake();
    queueSignal.notify('offline');
  };
  tasks.onChange((change) => {
    if (change.phase === 'PHASE_TYPE_PENDING') {
      queueOffline();
    }
  });
  // The URL checker opens links through the offline downloads' guarded fetcher.
  const urlCheck = createUrlCheckService({
    fetcher: urlFetcher,
    torrents: torrentMetadata,
    limiter: fleet.guessLimiter(),
  });
  const offline = createOfflineService({
    tasks: taskRecords,
    files,
    plans: needs.plans,
    now,
    onQueued: queueOffline,
    torrents: {
      sources: torrentSources,
      readBlob: (sha256) => blobStore.get(sha256),
      metadata: torrentMetadata,
      // A `.torrent` behind an http(s) link, through the same guarded fetcher.
      readLink: (url) => fetchLinkedTorrent(urlFetcher, url),
    },
  });
  // Housekeeping's sweep of bucket objects whose task or upload is gone.
  const sweepParked = createParkedSweep({ bucket: blobStore.uploads, parked, now });
  return { offline, offlineWorker, urlCheck, sweepParked };
}
