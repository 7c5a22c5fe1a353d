import type { Migration, MigrationProvider } from 'kysely';
import * as settings from './0001-settings';
import * as identity from './0002-identity';
import * as oauth from './0003-oauth';
import * as twoFactorShield from './0004-two-factor-shield';
import * as blobs from './0005-blobs';
import * as files from './0006-files';
import * as avatars from './0007-avatars';
import * as memberships from './0008-memberships';
import * as uploads from './0009-uploads';
import * as tasksEvents from './0010-tasks-events';
import * as media from './0011-media';
import * as offline from './0012-offline';
import * as shares from './0013-shares';
import * as usageIndex from './0014-usage-index';
import * as shareRestores from './0015-share-restores';
import * as offlineResumeLimits from './0016-offline-resume-limits';
import * as torrentSources from './0017-torrent-sources';
import * as memberUsage from './0019-member-usage';
import * as filesIndexTidy from './0020-files-index-tidy';
import * as restoreChunks from './0021-restore-chunks';
import * as membershipActivities from './0022-membership-activities';
import * as downloadTraffic from './0023-download-traffic';
import * as memberPacks from './0024-member-packs';
import * as membershipReminders from './0025-membership-reminders';
import * as feedback from './0026-feedback';
import * as analyticsEvents from './0027-analytics-events';
import * as taskOpenRuns from './0028-task-open-runs';
import * as authFailureSweep from './0029-auth-failure-sweep';
import * as mediaTracks from './0030-media-tracks';
import * as videoFacts from './0031-video-facts';
import * as videoPrepare from './0032-video-prepare';
import * as jobLeases from './0033-job-leases';
import * as shareDecisions from './0035-share-decisions';
import * as operatorConsole from './0036-operator-console';
import * as payments from './0037-payments';
import * as uploadHolder from './0038-upload-holder';
import * as davProperties from './0041-dav-properties';
import * as appPasswords from './0042-app-passwords';
import * as activationBatches from './0043-activation-batches';
import * as taskRequestIds from './0044-task-request-ids';
import * as subscriptionPlanChanges from './0048-subscription-plan-changes';
import * as paymentReversals from './0049-payment-reversals';
import * as subscriptionReminders from './0050-subscription-reminders';
import * as dashboardIndexes from './0051-dashboard-indexes';
import * as emailChange from './0052-email-change';
import * as dataExports from './0053-data-exports';
import * as settingHistory from './0054-setting-history';
import * as davLocks from './0055-dav-locks';
import * as nodeHeartbeats from './0057-node-heartbeats';
import * as statisticsDaily from './0058-statistics-daily';
import * as uploadParts from './0059-upload-parts';
import * as mailDeliveries from './0060-mail-deliveries';
import * as statisticsDailyMetricIndex from './0061-statistics-daily-metric-index';
import * as jobRequestIds from './0062-job-request-ids';
import * as offlineParked from './0063-offline-parked';
import * as davLockPaths from './0064-dav-lock-paths';
import * as shareOpenDays from './0065-share-open-days';
import * as activityGrantsActivityIndex from './0066-activity-grants-activity-index';
import * as dataExportLayout from './0067-data-export-layout';

/**
 * The one migration set, shared by SQLite and PostgreSQL. Migrations are bundled with the code
 * (not read from disk) so the built server carries them; names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  '0001-settings': settings,
  '0002-identity': identity,
  '0003-oauth': oauth,
  '0004-two-factor-shield': twoFactorShield,
  '0005-blobs': blobs,
  '0006-files': files,
  '0007-avatars': avatars,
  '0008-memberships': memberships,
  '0009-uploads': uploads,
  '0010-tasks-events': tasksEvents,
  '0011-media': media,
  '0012-offline': offline,
  '0013-shares': shares,
  '0014-usage-index': usageIndex,
  '0015-share-restores': shareRestores,
  '0016-offline-resume-limits': offlineResumeLimits,
  '0017-torrent-sources': torrentSources,
  '0019-member-usage': memberUsage,
  '0020-files-index-tidy': filesIndexTidy,
  '0021-restore-chunks': restoreChunks,
  '0022-membership-activities': membershipActivities,
  '0023-download-traffic': downloadTraffic,
  '0024-member-packs': memberPacks,
  '0025-membership-reminders': membershipReminders,
  '0026-feedback': feedback,
  '0027-analytics-events': analyticsEvents,
  '0028-task-open-runs': taskOpenRuns,
  '0029-auth-failure-sweep': authFailureSweep,
  '0030-media-tracks': mediaTracks,
  '0031-video-facts': videoFacts,
  '0032-video-prepare': videoPrepare,
  '0033-job-leases': jobLeases,
  '0035-share-decisions': shareDecisions,
  '0036-operator-console': operatorConsole,
  '0037-payments': payments,
  '0038-upload-holder': uploadHolder,
  '0041-dav-properties': davProperties,
  '0042-app-passwords': appPasswords,
  '0043-activation-batches': activationBatches,
  '0044-task-request-ids': taskRequestIds,
  '0048-subscription-plan-changes': subscriptionPlanChanges,
  '0049-payment-reversals': paymentReversals,
  '0050-subscription-reminders': subscriptionReminders,
  '0051-dashboard-indexes': dashboardIndexes,
  '0052-email-change': emailChange,
  '0053-data-exports': dataExports,
  '0054-setting-history': settingHistory,
  '0055-dav-locks': davLocks,
  '0057-node-heartbeats': nodeHeartbeats,
  '0058-statistics-daily': statisticsDaily,
  '0059-upload-parts': uploadParts,
  '0060-mail-deliveries': mailDeliveries,
  '0061-statistics-daily-metric-index': statisticsDailyMetricIndex,
  '0062-job-request-ids': jobRequestIds,
  '0063-offline-parked': offlineParked,
  '0064-dav-lock-paths': davLockPaths,
  '0065-share-open-days': shareOpenDays,
  '0066-activity-grants-activity-index': activityGrantsActivityIndex,
  '0067-data-export-layout': dataExportLayout,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
