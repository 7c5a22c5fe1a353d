import { describe, expect, it } from 'vitest';
import type { DriveAbout } from './drive-api';
import { dailyTaskLimitOf, storageStateOf, taskLimitReached } from './quota-state';

function about(usage: number, limit: number, extra: Partial<DriveAbout> = {}): DriveAbout {
  return {
    quota: {
      kind: 'drive#quota',
      limit: String(limit),
      usage: String(usage),
      usage_in_trash: '0',
      is_unlimited: false,
    },
    ...extra,
  };
}

describe('storageStateOf', () => {
  it('is ok while there is room, full at the limit, over above it or when the server says so', () => {
    expect(storageStateOf(undefined)).toBe('ok');
    expect(storageStateOf(about(99, 100))).toBe('ok');
    expect(storageStateOf(about(100, 100))).toBe('full');
    expect(storageStateOf(about(101, 100))).toBe('over');
    expect(storageStateOf(about(10, 100, { over_storage_limit: true }))).toBe('over');
  });

  it('does not count the trash (usage is the live bytes) and never warns an unlimited plan', () => {
    expect(
      storageStateOf({
        quota: {
          kind: 'drive#quota',
          limit: '100',
          usage: '40',
          usage_in_trash: '500',
          is_unlimited: false,
        },
      }),
    ).toBe('ok');
    expect(
      storageStateOf({
        quota: {
          kind: 'drive#quota',
          limit: '100',
          usage: '400',
          usage_in_trash: '0',
          is_unlimited: true,
        },
      }),
    ).toBe('ok');
  });
});

describe('taskLimitReached and dailyTaskLimitOf', () => {
  it('follows over_free_task_limit, or a create the server refused with task_daily_create_limit', () => {
    expect(taskLimitReached(undefined)).toBe(false);
    expect(taskLimitReached(about(0, 100, { over_free_task_limit: false }))).toBe(false);
    expect(taskLimitReached(about(0, 100, { over_free_task_limit: true }))).toBe(true);
    expect(taskLimitReached(about(0, 100, { over_free_task_limit: false }), true)).toBe(true);
  });

  it('reads the daily limit from quotas.cloud_download when it is there', () => {
    expect(
      dailyTaskLimitOf(
        about(0, 100, {
          quotas: {
            cloud_download: { limit: '5', usage: '5' },
            download_traffic: { limit: '0', usage: '0' },
          },
        }),
      ),
    ).toBe(5);
    expect(dailyTaskLimitOf(about(0, 100))).toBeUndefined();
    expect(dailyTaskLimitOf(undefined)).toBeUndefined();
  });
});
