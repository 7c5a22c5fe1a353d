import type {
  AppPasswordTable,
  AuthFailureTable,
  CaptchaTokenTable,
  DeviceGrantTable,
  OAuthCodeTable,
  RefreshTokenTable,
  SessionTable,
  SettingTable,
  SettingHistoryTable,
  ShieldChallengeTable,
  TwoFactorRecoveryCodeTable,
  TwoFactorTable,
  UserTable,
  VerificationTable,
} from './tables/accounts';
import type {
  BlobTable,
  DownloadTrafficTable,
  EventTable,
  FileModerationTable,
  FileTable,
  MediaInfoTable,
  MediaThumbnailTable,
  MemberRoleTable,
  MemberUsageTable,
  OfflineTrafficTable,
  ShareItemTable,
  ShareReportTable,
  ShareOpenDayTable,
  ShareRestoreTable,
  ShareTable,
  TaskDailyCountTable,
  TaskTable,
  TorrentSourceTable,
  UploadPartTable,
  UploadTable,
  DavLockTable,
  DavPropertyTable,
} from './tables/drive';
import type {
  ActivationBatchTable,
  ActivationCodeTable,
  ActivationRedemptionTable,
  ActivityGrantTable,
  InviteCodeTable,
  MailUnsubscribeTable,
  MemberPackTable,
  MembershipReminderTable,
  MembershipTable,
} from './tables/membership';
import type {
  AnalyticsEventTable,
  AppDownloadCountTable,
  AppDownloadMarkTable,
  AuditLogTable,
  FeedbackAttachmentTable,
  FeedbackTable,
  StatisticsDailyTable,
  MailDeliveryTable,
} from './tables/site';
import type {
  PaymentCustomerTable,
  PaymentEventTable,
  PaymentSubscriptionTable,
  PaymentTable,
} from './tables/payments';
import type {
  MediaPickedSubtitleTable,
  MediaPreferencesTable,
  MediaStreamsTable,
  MediaTrackCacheTable,
} from './tables/media';
import type { VideoFactsTable, VideoPrepareJobTable } from './tables/video';
import type { JobLeaseTable, NodeHeartbeatTable } from './tables/jobs';
import type { DataExportEntryTable, DataExportTable } from './tables/data-export';
import type {
  ContentBanTable,
  ShareDecisionTable,
  ShareDecisionTargetTable,
} from './tables/moderation';

export type * from './tables/accounts';
export type * from './tables/drive';
export type * from './tables/membership';
export type * from './tables/site';
export type * from './tables/payments';
export type * from './tables/media';
export type * from './tables/video';
export type * from './tables/jobs';
export type * from './tables/moderation';

/**
 * Tables of the database, by topic in `tables/`. Times are RFC 3339 strings in UTC with
 * milliseconds, which sort the same way on SQLite and PostgreSQL.
 */
export interface Database {
  setting: SettingTable;
  setting_history: SettingHistoryTable;
  users: UserTable;
  verifications: VerificationTable;
  sessions: SessionTable;
  refresh_tokens: RefreshTokenTable;
  auth_failures: AuthFailureTable;
  oauth_codes: OAuthCodeTable;
  device_grants: DeviceGrantTable;
  two_factors: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodeTable;
  shield_challenges: ShieldChallengeTable;
  captcha_tokens: CaptchaTokenTable;
  blobs: BlobTable;
  files: FileTable;
  memberships: MembershipTable;
  activation_codes: ActivationCodeTable;
  member_packs: MemberPackTable;
  activation_redemptions: ActivationRedemptionTable;
  activation_batches: ActivationBatchTable;
  invite_codes: InviteCodeTable;
  activity_grants: ActivityGrantTable;
  mail_unsubscribes: MailUnsubscribeTable;
  membership_reminders: MembershipReminderTable;
  payment_customers: PaymentCustomerTable;
  payment_events: PaymentEventTable;
  payments: PaymentTable;
  payment_subscriptions: PaymentSubscriptionTable;
  tasks: TaskTable;
  task_daily_counts: TaskDailyCountTable;
  offline_traffic: OfflineTrafficTable;
  download_traffic: DownloadTrafficTable;
  torrent_sources: TorrentSourceTable;
  events: EventTable;
  uploads: UploadTable;
  upload_parts: UploadPartTable;
  shares: ShareTable;
  share_items: ShareItemTable;
  share_reports: ShareReportTable;
  file_moderation: FileModerationTable;
  member_roles: MemberRoleTable;
  share_restores: ShareRestoreTable;
  share_open_days: ShareOpenDayTable;
  media_info: MediaInfoTable;
  media_thumbnails: MediaThumbnailTable;
  member_usage: MemberUsageTable;
  feedback: FeedbackTable;
  feedback_attachments: FeedbackAttachmentTable;
  analytics_events: AnalyticsEventTable;
  app_download_counts: AppDownloadCountTable;
  app_download_marks: AppDownloadMarkTable;
  statistics_daily: StatisticsDailyTable;
  mail_deliveries: MailDeliveryTable;
  media_streams: MediaStreamsTable;
  media_track_cache: MediaTrackCacheTable;
  media_picked_subtitles: MediaPickedSubtitleTable;
  media_preferences: MediaPreferencesTable;
  video_facts: VideoFactsTable;
  video_prepare_jobs: VideoPrepareJobTable;
  job_leases: JobLeaseTable;
  node_heartbeats: NodeHeartbeatTable;
  share_decisions: ShareDecisionTable;
  share_decision_targets: ShareDecisionTargetTable;
  content_bans: ContentBanTable;
  audit_log: AuditLogTable;
  dav_properties: DavPropertyTable;
  dav_locks: DavLockTable;
  app_passwords: AppPasswordTable;
  data_exports: DataExportTable;
  data_export_entries: DataExportEntryTable;
}
