import path from 'node:path';
import type { Logger } from 'pino';
import { defaultLocale, isLocale, locales } from '@nimbus/contracts';
import type { Config } from './config';
import { isDatabaseReady, type DatabaseHandle } from './db/database';
import { createWindowLimiter } from './lib/window-limiter';
import { createAccessService } from './modules/access/access.service';
import { createSettingRepository } from './modules/site-config/setting.repository';
import { createOAuthClientRegistry } from './modules/oauth/oauth-clients';
import { createOAuthRepository } from './modules/oauth/oauth.repository';
import { createOAuthService } from './modules/oauth/oauth.service';
import { externalProductsOf } from './modules/site-config/external-products';
import { createSiteConfigService } from './modules/site-config/site-config.service';
import { createAccessTokens } from './modules/user/access-token';
import { createAccountService } from './modules/user/account.service';
import { deriveAuthKeys, loadAuthSecret } from './modules/user/auth-keys';
import { createAuthFailureRepository } from './modules/user/auth-failure.repository';
import type { CaptchaGuard } from './modules/user/captcha-guard';
import { createClientRegistry } from './modules/user/client-registry';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './modules/user/mail/mailer';
import { createArgon2Hasher, type PasswordHasher } from './modules/user/password';
import { createAccountSecurityService } from './modules/user/account-security.service';
import { createProfileService } from './modules/user/profile.service';
import { createAccountDeletionRepository } from './modules/user/account-deletion.repository';
import { createAccountDeletionService } from './modules/user/account-deletion.service';
import { createAvatarRepository } from './modules/user/avatar.repository';
import { createAvatarService } from './modules/user/avatar.service';
import { createSessionAuthenticator } from './modules/user/session.authenticator';
import { createSessionRepository } from './modules/user/session.repository';
import { createSessionService } from './modules/user/session.service';
import { createUserRepository } from './modules/user/user.repository';
import { createVerificationRepository } from './modules/user/verification.repository';
import { createTwoFactorRepository } from './modules/user/two-factor.repository';
import { createTwoFactorService } from './modules/user/two-factor.service';
import { createShieldRepository } from './modules/shield/shield.repository';
import { createShieldService } from './modules/shield/shield.service';
import { createBlobStore } from './modules/storage/blob-store';
import { createBlobRepository } from './modules/storage/blob.repository';
import { createBlobService } from './modules/storage/blob.service';
import { createFileRepository } from './modules/drive/file.repository';
import { createFileService } from './modules/drive/file.service';
import { createShareRepository } from './modules/share/share.repository';
import { createShareService, type ShareServiceDeps } from './modules/share/share.service';
import { createStatisticsRepository } from './modules/statistics/statistics.repository';
import { createStatisticsService } from './modules/statistics/statistics.service';
import { createRestoreWorker } from './modules/share/share-restore-worker';
import { createMembershipRepository } from './modules/membership/membership.repository';
import { createMembershipService, planDefaultsOf } from './modules/membership/membership.service';
import { createMembershipActivityRepository } from './modules/membership/membership-activity.repository';
import { createMembershipActivityService } from './modules/membership/membership-activity.service';
import { createMembershipReminderRepository } from './modules/membership/membership-reminder.repository';
import { createMembershipReminderService } from './modules/membership/membership-reminder.service';
import { createFeedbackRepository } from './modules/feedback/feedback.repository';
import { createFeedbackService } from './modules/feedback/feedback.service';
import { activityOperationOf } from './modules/site-config/activity-operation';
import { createEventRepository } from './modules/event/event.repository';
import { createEventService } from './modules/event/event.service';
import { createTaskRepository } from './modules/task/task.repository';
import { createTaskRecorder, createTaskService } from './modules/task/task.service';
import { createUploadRepository } from './modules/upload/upload.repository';
import { createUploadService } from './modules/upload/upload.service';
import { createLinkSigner } from './modules/content/content-link';
import { createContentService } from './modules/content/content.service';
import { createDownloadTrafficMeter } from './modules/content/download-traffic';
import { createDownloadTrafficRepository } from './modules/content/download-traffic.repository';
import { createMediaRepository } from './modules/content/media.repository';
import { createMediaService } from './modules/content/media.service';
import type { MediaTools } from './modules/content/media-tools';
import { detectMediaTools } from './modules/content/media-tools';
import { parseRanges, privateFetchRanges } from './modules/offline/fetch-guard';
import { createOfflineService } from './modules/offline/offline.service';
import { createOfflineWorker } from './modules/offline/offline-worker';
import { createQueueSignal } from './db/queue-signal';
import { createUrlFetcher } from './modules/offline/url-fetcher';
import { createUrlCheckService } from './modules/offline/url-check.service';
import { createTorrentFetcher } from './modules/offline/torrent/torrent-fetcher';
import { createTorrentMetadata } from './modules/offline/torrent/torrent-metadata';
import {
  bundledTorrentThread,
  type TorrentThreadScript,
} from './modules/offline/torrent/torrent-session';
import { createTorrentSourceRepository } from './modules/offline/torrent/torrent.repository';
import { fetchLinkedTorrent } from './modules/offline/torrent/torrent-link';

type ContainerConfig = Pick<
  Config,
  | 'ACCESS_BLOCKED_CIDRS'
  | 'ACCESS_BLOCKED_COUNTRIES'
  | 'DEBUG_CONSOLE'
  | 'EXTERNAL_PRODUCTS'
  | 'PUBLIC_URL'
  | 'DATA_DIR'
  | 'AUTH_SECRET'
  | 'AUTH_CLIENTS'
  | 'ACCESS_TOKEN_TTL_SECONDS'
  | 'REFRESH_TOKEN_TTL_SECONDS'
  | 'VERIFICATION_CODE_TTL_SECONDS'
  | 'VERIFICATION_MAX_ATTEMPTS'
  | 'VERIFICATION_MAX_PER_EMAIL'
  | 'VERIFICATION_CHALLENGE_AFTER_PER_EMAIL'
  | 'VERIFICATION_MAX_PER_EMAIL_PER_CLIENT_PER_DAY'
  | 'VERIFICATION_MAX_PER_EMAIL_PER_DAY'
  | 'AUTH_RATE_WINDOW_SECONDS'
  | 'AUTH_RATE_MAX_PER_ADDRESS'
  | 'AUTH_RATE_MAX_PER_ACCOUNT'
  | 'AUTH_RATE_MAX_PER_DEVICE'
  | 'AUTH_FREEZE_AFTER_FAILURES'
  | 'AUTH_FREEZE_SECONDS'
  | 'OAUTH_CLIENTS'
  | 'OAUTH_CODE_TTL_SECONDS'
  | 'DEVICE_CODE_TTL_SECONDS'
  | 'DEVICE_CODE_INTERVAL_SECONDS'
  | 'DEVICE_USER_CODE_MAX_ATTEMPTS'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'FEEDBACK_EMAIL'
  | 'FEEDBACK_MAX_PER_MEMBER'
  | 'FEEDBACK_MAX_PER_ADDRESS'
  | 'TWO_FACTOR_ISSUER'
  | 'SHIELD_TOKEN_TTL_SECONDS'
  | 'SHIELD_CHALLENGE_TTL_SECONDS'
  | 'SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES'
  | 'SHIELD_CHALLENGE_AFTER_DEVICE_FAILURES'
  | 'SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES'
  | 'SHIELD_POW_MAX_COUNTER'
  | 'SHIELD_INIT_MAX_PER_ADDRESS'
  | 'SHIELD_INIT_MAX_PER_DEVICE'
  | 'SHIELD_SIGN_WINDOW_SECONDS'
  | 'SHIELD_CLIENT_SALTS'
  | 'BLOB_STORE'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'PLAN_FREE_STORAGE_BYTES'
  | 'PLAN_FREE_CLOUD_DOWNLOADS'
  | 'PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES'
  | 'PLAN_PREMIUM_STORAGE_BYTES'
  | 'PLAN_PREMIUM_CLOUD_DOWNLOADS'
  | 'PLAN_PREMIUM_DOWNLOAD_TRAFFIC_BYTES'
  | 'ACTIVATION_CODE_MAX_ATTEMPTS'
  | 'FREE_TRIAL_DAYS'
  | 'INVITE_FREE_DAYS'
  | 'INVITE_CLAIM_WINDOW_DAYS'
  | 'INVITE_MAX_PER_INVITER_PER_MONTH'
  | 'INVITE_MAX_PER_ADDRESS_PER_DAY'
  | 'TASK_REWARD_DAYS'
  | 'MEMBERSHIP_REMINDER_DAYS'
  | 'ACTIVITY_ENDS'
  | 'COMPENSATIONS'
  | 'APP_DOWNLOADS'
  | 'APP_LINK_SCHEME'
  | 'TRASH_RETENTION_DAYS'
  | 'UPLOAD_EXPIRY_HOURS'
  | 'UPLOAD_CHECKPOINT_MIB'
  | 'ACCOUNT_DELETION_GRACE_DAYS'
  | 'ANALYTICS_RETENTION_DAYS'
  | 'SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT'
  | 'CONTENT_ORIGIN'
  | 'CONTENT_LINK_TTL_SECONDS'
  | 'OFFLINE_FETCH_ALLOWED_CIDRS'
  | 'ALLOW_PRIVATE_FETCH'
  | 'OFFLINE_FETCH_EXTRA_PORTS'
  | 'OFFLINE_MAX_BYTES'
  | 'OFFLINE_TIMEOUT_SECONDS'
  | 'OFFLINE_WORKERS'
  | 'OFFLINE_LEASE_SECONDS'
  | 'OFFLINE_POLL_SECONDS'
  | 'PLAN_FREE_OFFLINE_RUNNING'
  | 'PLAN_PREMIUM_OFFLINE_RUNNING'
  | 'PLAN_FREE_OFFLINE_TRAFFIC_BYTES'
  | 'PLAN_PREMIUM_OFFLINE_TRAFFIC_BYTES'
  | 'OFFLINE_TORRENT_DHT'
  | 'OFFLINE_TORRENT_METADATA_SECONDS'
>;

/** What the caller of `createContainer` provides besides configuration. */
export interface ContainerOptions {
  logger: Pick<Logger, 'info' | 'error'>;
  /** The clock of every service; tests pass one they can move. */
  now?: () => Date;
  /** Replaces the argon2 hasher (never in production). */
  hasher?: PasswordHasher;
  /** Replaces the captcha shield's guard of the protected actions (tests of the seam). */
  captchaGuard?: CaptchaGuard;
  /** Which media programs exist; found on the PATH when absent. */
  mediaTools?: MediaTools;
  /** Chunks of background saves from shares (tests: small chunks, a failure between two). */
  restores?: Pick<ShareServiceDeps, 'restoreChunkItems' | 'betweenRestoreChunks'>;
  /** The script of torrent threads; the built one next to the bundle when absent (tests build their own). */
  torrentThread?: TorrentThreadScript;
}

function createMailer(config: ContainerConfig, logger: ContainerOptions['logger']): Mailer {
  if (config.SMTP_URL !== '') {
    return createSmtpMailer({ url: config.SMTP_URL, from: config.MAIL_FROM });
  }
  return createOutboxMailer({
    dir: path.join(config.DATA_DIR, 'outbox'),
    from: config.MAIL_FROM,
    logger,
  });
}

/** The composition root: every repository and service, wired once from configuration. */
export function createContainer(
  config: ContainerConfig,
  database: DatabaseHandle,
  options: ContainerOptions,
) {
  const now = options.now ?? (() => new Date());
  const settings = createSettingRepository(database.db);
  const keys = deriveAuthKeys(loadAuthSecret(config.AUTH_SECRET, config.DATA_DIR));
  const clients = createClientRegistry(config.AUTH_CLIENTS);
  const users = createUserRepository(database.db);
  const verifications = createVerificationRepository(database.db);
  const sessions = createSessionRepository(database.db);
  const failures = createAuthFailureRepository(database.db);
  const mailer = createMailer(config, options.logger);
  const limiter = createWindowLimiter({ now });
  const hasher = options.hasher ?? createArgon2Hasher();
  const twoFactor = createTwoFactorService({
    twoFactors: createTwoFactorRepository(database.db),
    users,
    hasher,
    limiter,
    secretKey: keys.twoFactorSecret,
    recoveryKey: keys.recoveryCode,
    issuer: config.TWO_FACTOR_ISSUER,
    limit: {
      max: config.AUTH_RATE_MAX_PER_ACCOUNT,
      windowMs: config.AUTH_RATE_WINDOW_SECONDS * 1000,
    },
    now,
  });
  const shield = createShieldService({
    shield: createShieldRepository(database.db),
    failures,
    clients,
    limiter,
    challengeKey: keys.shieldChallenge,
    now,
    settings: {
      tokenTtlSeconds: config.SHIELD_TOKEN_TTL_SECONDS,
      challengeTtlSeconds: config.SHIELD_CHALLENGE_TTL_SECONDS,
      thresholds: {
        account: config.SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES,
        device: config.SHIELD_CHALLENGE_AFTER_DEVICE_FAILURES,
        address: config.SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES,
        mail: config.VERIFICATION_CHALLENGE_AFTER_PER_EMAIL,
      },
      failureWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
      signWindowSeconds: config.SHIELD_SIGN_WINDOW_SECONDS,
      clientSalts: config.SHIELD_CLIENT_SALTS,
      powMaxCounter: config.SHIELD_POW_MAX_COUNTER,
      initMaxPerAddress: config.SHIELD_INIT_MAX_PER_ADDRESS,
      initMaxPerDevice: config.SHIELD_INIT_MAX_PER_DEVICE,
      publicUrl: config.PUBLIC_URL,
    },
  });
  const sessionService = createSessionService({
    sessions,
    clients,
    now,
    refreshTtlSeconds: config.REFRESH_TOKEN_TTL_SECONDS,
    accessTokens: createAccessTokens({
      key: keys.accessToken,
      issuer: config.PUBLIC_URL,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      now,
    }),
  });

  const blobStore = createBlobStore(config, {
    logger: { warn: (message) => options.logger.info(message) },
  });
  const blobRecords = createBlobRepository(database.db);
  const blobs = createBlobService({ store: blobStore, blobs: blobRecords, now });
  const memberships = createMembershipService({
    memberships: createMembershipRepository(database.db),
    limiter: createWindowLimiter({ now }),
    plans: planDefaultsOf(config),
    redeemLimit: {
      max: config.ACTIVATION_CODE_MAX_ATTEMPTS,
      windowMs: config.AUTH_RATE_WINDOW_SECONDS * 1000,
    },
    now,
  });
  const siteConfig = createSiteConfigService({
    settings,
    defaults: {
      basic: {
        site_name: 'Nimbus',
        site_url: config.PUBLIC_URL,
        default_locale: defaultLocale,
        locales,
      },
      resources: {},
      external_products: {},
      activity_operation: {},
      debug_options: { allow_vconsole: config.DEBUG_CONSOLE },
    },
    activityOperation: activityOperationOf(config.ACTIVITY_ENDS, config.COMPENSATIONS),
    apps: { downloads: config.APP_DOWNLOADS, linkScheme: config.APP_LINK_SCHEME ?? '' },
    externalProducts: externalProductsOf(planDefaultsOf(config), config.EXTERNAL_PRODUCTS),
  });
  const membershipActivities = createMembershipActivityService({
    activities: createMembershipActivityRepository(database.db),
    vipOf: (userId) => memberships.vipOf(userId),
    compensationOf: (type) => siteConfig.compensationOf(type),
    settings: {
      trialDays: config.FREE_TRIAL_DAYS,
      inviteDays: config.INVITE_FREE_DAYS,
      claimWindowDays: config.INVITE_CLAIM_WINDOW_DAYS,
      maxInvitesPerMonth: config.INVITE_MAX_PER_INVITER_PER_MONTH,
      maxGrantsPerAddressPerDay: config.INVITE_MAX_PER_ADDRESS_PER_DAY,
      taskRewardDays: config.TASK_REWARD_DAYS,
    },
    publicUrl: config.PUBLIC_URL,
    unsubscribeKey: keys.mailUnsubscribe,
    now,
  });
  const membershipReminderRecords = createMembershipReminderRepository(database.db);
  const membershipReminders = createMembershipReminderService({
    reminders: membershipReminderRecords,
    mailPreferences: membershipActivities,
    mailer,
    publicUrl: config.PUBLIC_URL,
    days: config.MEMBERSHIP_REMINDER_DAYS,
    now,
    logger: options.logger,
  });
  const deletionRecords = createAccountDeletionRepository(database.db);
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
    plans: memberships,
  });
  const tasks = createTaskService({ tasks: taskRecords, files, now });
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
  const queueSignal = createQueueSignal(database, options.logger);
  const queueOffline = () => {
    offlineWorker.wake();
    queueSignal.notify('offline');
  };
  tasks.onChange((change) => {
    if (change.phase === 'PHASE_TYPE_PENDING') {
      queueOffline();
    }
  });
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
      const locale = (await users.findById(userId))?.locale;
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
    plans: memberships,
    partDir: path.join(config.DATA_DIR, 'offline'),
  });
  // The URL checker opens links through the offline downloads' guarded fetcher.
  const urlCheck = createUrlCheckService({
    fetcher: urlFetcher,
    torrents: torrentMetadata,
    limiter: createWindowLimiter({ now }),
  });
  const offline = createOfflineService({
    tasks: taskRecords,
    files,
    plans: memberships,
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
  const avatars = createAvatarService({
    avatars: createAvatarRepository(database.db),
    blobs,
    store: blobStore,
    publicUrl: config.PUBLIC_URL,
    now,
  });

  const uploads = createUploadService({
    uploads: createUploadRepository(database.db),
    files,
    blobs,
    blobRecords,
    store: blobStore,
    dir: path.join(config.DATA_DIR, 'uploads'),
    expiryMs: config.UPLOAD_EXPIRY_HOURS * 3_600_000,
    checkpointBytes: config.UPLOAD_CHECKPOINT_MIB * 1024 * 1024,
    now,
    logger: options.logger,
    onComplete: (file) => events.record(file.userId, { type: 'TYPE_UPLOAD', fileId: file.id }),
  });
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
  });
  const downloadTrafficRecords = createDownloadTrafficRepository(database.db);
  const downloadTraffic = createDownloadTrafficMeter({
    traffic: downloadTrafficRecords,
    plans: memberships,
    now,
    logger: { warn },
  });
  const content = createContentService({
    files,
    store: blobStore,
    signer: createLinkSigner({
      key: keys.contentLink,
      origin: config.CONTENT_ORIGIN,
      ttlSeconds: config.CONTENT_LINK_TTL_SECONDS,
      now,
    }),
    media,
    events,
    traffic: downloadTraffic,
    now,
    logger: { warn },
    shares: {
      zipEntries: (...args) => shares.zipEntries(...args),
      holdsFile: (...args) => shares.holdsFile(...args),
    },
  });

  const shares = createShareService({
    shares: createShareRepository(database.db, database.dialect),
    failures,
    captchaGuard: options.captchaGuard ?? shield.guard,
    limiter,
    passCodeKey: keys.sharePassCode,
    publicUrl: config.PUBLIC_URL,
    plans: memberships,
    limits: {
      windowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
      maxFailuresPerClient: config.SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT,
    },
    now,
    onQueued: () => restoreWorker.wake(),
    logger: options.logger,
    selection: files,
    ...options.restores,
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
  const statistics = createStatisticsService({
    statistics: createStatisticsRepository(database.db),
    hashKey: keys.analyticsHash,
    retentionDays: config.ANALYTICS_RETENTION_DAYS,
    now,
  });
  const restoreWorker = createRestoreWorker({
    tasks: taskRecords,
    restores: shares,
    now,
    logger: options.logger,
  });
  return {
    database,
    isDatabaseReady: () => isDatabaseReady(database.db),
    authenticator: createSessionAuthenticator(sessionService),
    access: createAccessService({
      blockedCidrs: config.ACCESS_BLOCKED_CIDRS,
      blockedCountries: config.ACCESS_BLOCKED_COUNTRIES,
    }),
    settings,
    siteConfig,
    users,
    failures,
    /**
     * The hourly sweep of guessing counters: those whose window began over a day ago (the
     * longest window any counter uses, or AUTH_RATE_WINDOW_SECONDS if longer) and hold nobody.
     */
    failureSweep: {
      sweepStale: () => {
        const at = now();
        return failures.deleteStale(
          new Date(at.getTime() - Math.max(86_400_000, config.AUTH_RATE_WINDOW_SECONDS * 1000)),
          at,
        );
      },
    },
    mailer,
    sessions: sessionService,
    accounts: createAccountService({
      users,
      verifications,
      failures,
      sessions,
      deletions: deletionRecords,
      sessionService,
      clients,
      hasher,
      limiter,
      captchaGuard: options.captchaGuard ?? shield.guard,
      twoFactor,
      mailer,
      logger: options.logger,
      codeKey: keys.verificationCode,
      now,
      settings: {
        verificationTtlSeconds: config.VERIFICATION_CODE_TTL_SECONDS,
        verificationMaxAttempts: config.VERIFICATION_MAX_ATTEMPTS,
        verificationMaxPerEmail: config.VERIFICATION_MAX_PER_EMAIL,
        verificationMaxPerEmailPerDay: config.VERIFICATION_MAX_PER_EMAIL_PER_DAY,
        verificationMaxPerEmailPerClientPerDay:
          config.VERIFICATION_MAX_PER_EMAIL_PER_CLIENT_PER_DAY,
        rateWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
        rateMaxPerAddress: config.AUTH_RATE_MAX_PER_ADDRESS,
        rateMaxPerDevice: config.AUTH_RATE_MAX_PER_DEVICE,
        freezeAfterFailures: config.AUTH_FREEZE_AFTER_FAILURES,
        freezeSeconds: config.AUTH_FREEZE_SECONDS,
        deletionGraceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
        publicUrl: config.PUBLIC_URL,
      },
    }),
    profiles: createProfileService({ users, avatars, now }),
    avatars,
    accountDeletions: createAccountDeletionService({
      users,
      deletions: deletionRecords,
      sessions,
      hasher,
      graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
      now,
    }),
    accountSecurity: createAccountSecurityService({ users, sessions, hasher, now }),
    oauth: createOAuthService({
      clients: createOAuthClientRegistry({
        clientIds: config.AUTH_CLIENTS,
        overrides: config.OAUTH_CLIENTS,
        publicUrl: config.PUBLIC_URL,
      }),
      grants: createOAuthRepository(database.db),
      sessions: sessionService,
      sessionRecords: sessions,
      users,
      limiter: createWindowLimiter({ now }),
      now,
      settings: {
        publicUrl: config.PUBLIC_URL,
        codeTtlSeconds: config.OAUTH_CODE_TTL_SECONDS,
        deviceCodeTtlSeconds: config.DEVICE_CODE_TTL_SECONDS,
        deviceIntervalSeconds: config.DEVICE_CODE_INTERVAL_SECONDS,
        userCodeMaxAttempts: config.DEVICE_USER_CODE_MAX_ATTEMPTS,
        rateWindowSeconds: config.AUTH_RATE_WINDOW_SECONDS,
        rateMaxPerAddress: config.AUTH_RATE_MAX_PER_ADDRESS,
      },
    }),
    twoFactor,
    shield,
    blobStore,
    blobRecords,
    blobs,
    files,
    shares,
    memberships,
    membershipActivities,
    membershipReminders,
    membershipReminderRecords,
    feedback,
    statistics,
    taskRecords,
    tasks,
    offline,
    offlineWorker,
    urlCheck,
    restoreWorker,
    events,
    uploads,
    content,
    downloadTraffic,
    downloadTrafficRecords,
    media,
    mediaTools,
  };
}

export type Container = ReturnType<typeof createContainer>;
