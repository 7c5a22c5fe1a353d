import { isDatabaseReady, type DatabaseHandle } from './db/database';
import { createAccessService } from './modules/access/access.service';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { createShareDecisionRepository } from './modules/moderation/share-decision.repository';
import { createShareDecisionService } from './modules/moderation/share-decision.service';
import { createSharePreviewService } from './modules/moderation/share-preview.service';
import { createStatisticsRepository } from './modules/statistics/statistics.repository';
import { createStatisticsService } from './modules/statistics/statistics.service';
import { createAvatarRepository } from './modules/user/avatar.repository';
import { createAvatarService } from './modules/user/avatar.service';
import { createProfileService } from './modules/user/profile.service';
import { createAccountArea } from './container/accounts';
import { createAdminArea } from './container/admin';
import type { ContainerConfig, ContainerOptions, Wiring } from './container/container-options';
import { requestIdLines } from './lib/request-context';
import { createDriveArea, createStorageArea } from './container/drive';
import { createMediaTracksArea } from './container/media-tracks';
import { createMembershipArea } from './container/membership';
import { createTransferQuotaService } from './modules/membership/transfer-quota.service';
import { createFileReferences } from './modules/drive/file-references';
import { createOfflineArea } from './container/offline';
import { createPaymentArea } from './container/payment';
import { createFleet } from './container/fleet';
import { createMetrics } from './lib/metrics';
import { createTaskQueueRepository } from './modules/task/task-queue.repository';
import { createJobLeaseRepository } from './db/job-lease.repository';
import { createJobLeases } from './db/job-leases';
import { createWebDavArea } from './container/webdav';
import { createDataExportArea } from './container/data-export';

export type { ContainerConfig, ContainerOptions } from './container/container-options';

/**
 * The composition root: every repository and service, wired once from configuration. Each area
 * (`container/*.ts`) is built after the areas it needs, in the order below, and no service is
 * used before it is built.
 */
export function createContainer(
  config: ContainerConfig,
  database: DatabaseHandle,
  given: ContainerOptions,
) {
  // Every line a service or worker logs during a request's work (or a job it queued) names it.
  const options: ContainerOptions = { ...given, logger: requestIdLines(given.logger) };
  const now = options.now ?? (() => new Date());
  const fleet = createFleet(config, { now, logger: options.logger });
  const metrics = config.METRICS_PORT > 0 ? createMetrics() : undefined;
  if (metrics) {
    const queues = createTaskQueueRepository(database.db);
    metrics.watchQueues(() => queues.depths(['offline', 'restore']), now);
    if (database.pool) {
      metrics.watchPool(database.pool);
    }
  }
  const wiring: Wiring = { config, database, options, now, fleet };
  const accounts = createAccountArea(wiring);
  const { keys, users, mailer } = accounts;
  const storage = createStorageArea(wiring);
  const { blobStore, blobs } = storage;
  const membership = createMembershipArea(wiring, accounts);
  const plans = membership.memberships;
  const payment = createPaymentArea(wiring, membership, accounts);
  const drive = createDriveArea(wiring, {
    storage,
    plans,
    keys,
    failures: accounts.failures,
    captchaGuard: accounts.captchaGuard,
    limiter: accounts.limiter,
  });
  const offline = createOfflineArea(wiring, { storage, drive, plans, users });
  const tracks = createMediaTracksArea(wiring, { storage, drive, keys });
  const transferQuotas = createTransferQuotaService({
    planOf: (userId) => plans.planOf(userId),
    offlineTraffic: (userId, period) => drive.taskRecords.trafficOf(userId, period),
    downloadTraffic: (userId) => drive.downloadTraffic.usage(userId),
    now,
  });
  const avatars = createAvatarService({
    avatars: createAvatarRepository(database.db),
    blobs,
    store: blobStore,
    publicUrl: config.PUBLIC_URL,
    now,
  });
  const feedback = createFeedbackService({
    feedback: createFeedbackRepository(database.db),
    blobs,
    mailer,
    operatorEmail: config.FEEDBACK_EMAIL,
    emailOf: async (userId) => (await users.findById(userId))?.email,
    limits: {
      maxPerMember: config.FEEDBACK_MAX_PER_MEMBER,
      maxPerAddress: config.FEEDBACK_MAX_PER_ADDRESS,
      windowMs: 24 * 60 * 60 * 1000,
    },
    now,
    logger: options.logger,
  });
  const admin = createAdminArea(wiring, {
    authenticator: accounts.authenticator,
    users,
    sessions: accounts.sessionRecords,
    memberships: plans,
    mailer,
  });
  const webdav = createWebDavArea(wiring, {
    files: drive.files,
    shares: drive.shares,
    shareRecords: drive.shareRecords,
    blobs,
    authenticator: accounts.authenticator,
    appPasswords: accounts.appPasswords,
  });
  const dataExport = createDataExportArea(wiring, { keys, users, mailer, store: blobStore });
  const statistics = createStatisticsService({
    statistics: createStatisticsRepository(database.db),
    hashKey: keys.analyticsHash,
    retentionDays: config.ANALYTICS_RETENTION_DAYS,
    now,
  });
  const shareDecisionRecords = createShareDecisionRepository(database.db);
  return {
    database,
    fleet,
    isDatabaseReady: () => isDatabaseReady(database.db),
    /** The blob store answers (a lookup of a key nobody stores; S3 or the disk down fails it). */
    isBlobStoreReady: () =>
      blobStore.exists('0'.repeat(64)).then(
        () => true,
        () => {
          metrics?.blobStoreFailed('ready');
          return false;
        },
      ),
    metrics,
    access: createAccessService({
      blockedCidrs: config.ACCESS_BLOCKED_CIDRS,
      blockedCountries: config.ACCESS_BLOCKED_COUNTRIES,
    }),
    authenticator: accounts.authenticator,
    settings: membership.settings,
    siteConfig: membership.siteConfig,
    settingsConsole: membership.settingsConsole,
    compensationClaims: membership.compensationClaims,
    users,
    failures: accounts.failures,
    failureSweep: accounts.failureSweep,
    mailer,
    sessions: accounts.sessions,
    accounts: accounts.accounts,
    profiles: createProfileService({ users, avatars, now }),
    avatars,
    accountDeletions: accounts.accountDeletions,
    accountSecurity: accounts.accountSecurity,
    emailChanges: accounts.emailChanges,
    appPasswords: accounts.appPasswords,
    dav: webdav.dav,
    davLocks: webdav.davLocks,
    davAuthenticator: webdav.davAuthenticator,
    oauth: accounts.oauth,
    twoFactor: accounts.twoFactor,
    shield: accounts.shield,
    blobStore,
    blobRecords: storage.blobRecords,
    blobs,
    files: drive.files,
    fileReferences: createFileReferences({ files: drive.files, links: drive.content.linker }),
    shares: drive.shares,
    shareDecisions: createShareDecisionService({
      decisions: shareDecisionRecords,
      shares: drive.shareRecords,
      sessions: accounts.sessionRecords,
      now,
    }),
    sharePreviews: createSharePreviewService({
      shares: drive.shareRecords,
      moderation: shareDecisionRecords,
      media: drive.media,
      store: blobStore,
    }),
    memberships: plans,
    activationBatches: membership.activationBatches,
    membershipActivities: membership.membershipActivities,
    transferQuotas,
    membershipReminders: membership.membershipReminders,
    membershipReminderRecords: membership.membershipReminderRecords,
    payments: payment.payments,
    paymentNotices: payment.paymentNotices,
    subscriptionReminders: payment.subscriptionReminders,
    feedback,
    statistics,
    taskRecords: drive.taskRecords,
    tasks: drive.tasks,
    offline: offline.offline,
    offlineWorker: offline.offlineWorker,
    sweepParked: offline.sweepParked,
    urlCheck: offline.urlCheck,
    restoreWorker: drive.restoreWorker,
    dataExports: dataExport.dataExports,
    exportRecords: dataExport.exportRecords,
    dataExportWorker: dataExport.dataExportWorker,
    events: drive.events,
    uploads: drive.uploads,
    content: drive.content,
    downloadTraffic: drive.downloadTraffic,
    downloadTrafficRecords: drive.downloadTrafficRecords,
    media: drive.media,
    mediaTools: drive.mediaTools,
    mediaTracks: tracks.mediaTracks,
    mediaPreferences: tracks.mediaPreferences,
    trackCache: tracks.trackCache,
    videos: drive.videos,
    videoJobs: drive.videoJobs,
    videoPrepare: drive.videoPrepare,
    jobLeases: createJobLeases({ leases: createJobLeaseRepository(database.db), now }),
    consoleAccess: admin.consoleAccess,
    audit: admin.audit,
    roles: admin.roles,
    dashboard: admin.dashboard,
    system: admin.system,
    nodes: admin.nodes,
    dashboardRecords: admin.dashboardRecords,
    statisticsRollup: admin.statisticsRollup,
    members: admin.members,
    accountPurge: admin.accountPurge,
  };
}

export type Container = ReturnType<typeof createContainer>;
