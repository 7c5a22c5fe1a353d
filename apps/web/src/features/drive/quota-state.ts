import type { DriveAbout } from './drive-api';

/**
 * What the member's storage allows now: `ok`, `full` (nothing more fits: usage reached the
 * limit) or `over` (usage above the limit, the site's `overStorageLimit`, e.g. after a
 * membership lapsed). Files in the trash do not count (`usage` is the live bytes alone).
 */
export type StorageState = 'ok' | 'full' | 'over';

export function storageStateOf(about: DriveAbout | undefined): StorageState {
  if (!about || about.quota.is_unlimited) {
    return 'ok';
  }
  const usage = Number(about.quota.usage);
  const limit = Number(about.quota.limit);
  if (about.over_storage_limit === true || usage > limit) {
    return 'over';
  }
  return limit > 0 && usage >= limit ? 'full' : 'ok';
}

/**
 * Whether today's offline tasks reached the plan's daily limit (the site's `overFreeTaskLimit`):
 * from `about`, or because the server just answered `task_daily_create_limit`.
 */
export function taskLimitReached(about: DriveAbout | undefined, refused = false): boolean {
  return refused || about?.over_free_task_limit === true;
}

/** The plan's daily offline task limit, when `about` says it. */
export function dailyTaskLimitOf(about: DriveAbout | undefined): number | undefined {
  const limit = Number(about?.quotas?.cloud_download?.limit);
  return Number.isFinite(limit) && limit >= 0 && about?.quotas?.cloud_download !== undefined
    ? limit
    : undefined;
}
