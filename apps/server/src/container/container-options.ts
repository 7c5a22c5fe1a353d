import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { MediaTools } from '../modules/content/media-tools';
import type { MediaRunner } from '../modules/video/ffmpeg-runner';
import type { TorrentThreadScript } from '../modules/offline/torrent/torrent-session';
import type { ShareServiceDeps } from '../modules/share/share.service';
import type { PasswordHasher } from '../modules/user/password';
import type { TrackToolRunner } from '../modules/video/tracks/track-tools';
import type { CaptchaGuard } from '../modules/user/captcha-guard';
import type { Fleet } from './fleet';

/** The settings the composition root reads (a slice of `config.ts`, so tests pass only these). */
export type ContainerConfig = Pick<
  Config,
  | 'ACCESS_BLOCKED_CIDRS'
  | 'ACCESS_BLOCKED_COUNTRIES'
  | 'DEBUG_CONSOLE'
  | 'EXTERNAL_PRODUCTS'
  | 'PUBLIC_URL'
  | 'DATA_DIR'
  | 'REDIS_URL'
  | 'REDIS_PREFIX'
  | 'METRICS_PORT'
  | 'AUTH_SECRET'
  | 'AUTH_CLIENTS'
  | 'ACCESS_TOKEN_TTL_SECONDS'
  | 'REFRESH_TOKEN_TTL_SECONDS'
  | 'SESSION_CHECK_CACHE_SECONDS'
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
  | 'DAV_ACCOUNT_PASSWORD'
  | 'APP_PASSWORDS_MAX_PER_MEMBER'
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
  | 'S3_PART_MIB'
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
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_API_BASE'
  | 'PAYMENT_GRACE_DAYS'
  | 'PAYMENT_MAX_CALLS_PER_MEMBER'
  | 'SUBSCRIPTION_REMINDER_DAYS'
  | 'ACTIVITY_ENDS'
  | 'COMPENSATIONS'
  | 'APP_DOWNLOADS'
  | 'APP_LINK_SCHEME'
  | 'TRASH_RETENTION_DAYS'
  | 'UPLOAD_EXPIRY_HOURS'
  | 'UPLOAD_CHECKPOINT_MIB'
  | 'NODE_ID'
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
  | 'TRANSCODE_CACHE_DIR'
  | 'TRANSCODE_CACHE_BYTES'
  | 'TRANSCODE_MAX_JOBS'
  | 'TRANSCODE_QUEUE_WAIT_SECONDS'
  | 'TRANSCODE_MEMORY_MIB'
  | 'TRANSCODE_NICENESS'
  | 'TRANSCODE_AT_INGEST'
  | 'TRANSCODE_HW_ENCODER'
  | 'TRANSCODE_VAAPI_DEVICE'
>;

/** What the caller of `createContainer` provides besides configuration. */
export interface ContainerOptions {
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** The clock of every service; tests pass one they can move. */
  now?: () => Date;
  /** Replaces the argon2 hasher (never in production). */
  hasher?: PasswordHasher;
  /** Replaces the captcha shield's guard of the protected actions (tests of the seam). */
  captchaGuard?: CaptchaGuard;
  /** Which media programs exist; found on the PATH when absent. */
  mediaTools?: MediaTools;
  /** Runs ffmpeg and ffprobe for media tracks (tests count the runs); the niced, capped runner when absent. */
  trackRunner?: TrackToolRunner;
  /** Starts ffmpeg and ffprobe for video playback (tests count the runs). */
  mediaRunner?: MediaRunner;
  /** Background saves from shares (tests: a small save queued, small chunks, a failure between two). */
  restores?: Pick<
    ShareServiceDeps,
    'backgroundItems' | 'restoreChunkItems' | 'betweenRestoreChunks'
  >;
  /** The script of torrent threads; the built one next to the bundle when absent (tests build their own). */
  torrentThread?: TorrentThreadScript;
  /** Entries a WebDAV listing reads per query (tests: small pages, to watch the answer stream). */
  davPageSize?: number;
}

/** What every area of the composition is built from: settings, database, options, one clock. */
export interface Wiring {
  config: ContainerConfig;
  database: DatabaseHandle;
  options: ContainerOptions;
  now: () => Date;
  /** What the nodes of a fleet share beside the database (Redis, when configured). */
  fleet: Fleet;
}
