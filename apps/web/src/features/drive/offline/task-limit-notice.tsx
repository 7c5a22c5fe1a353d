'use client';

import { useLocale } from 'next-intl';
import { useAbout } from '@/features/drive/use-about';
import { dailyTaskLimitOf, taskLimitReached } from '@/features/drive/quota-state';
import { localePath } from '@/i18n/locale-path';
import { TaskLimitNoticeView } from './task-limit-notice-view';

/**
 * Shown in the Add link dialog and above the task list while the member's offline tasks of
 * today reached the plan's limit (`over_free_task_limit` of `GET /drive/v1/about`, or a create
 * just answered `task_daily_create_limit`): new links would be refused until the next UTC day.
 */
export function TaskLimitNotice({ refused = false }: { refused?: boolean }) {
  const locale = useLocale();
  const about = useAbout();
  if (!taskLimitReached(about.data, refused)) {
    return null;
  }
  return (
    <TaskLimitNoticeView
      limit={dailyTaskLimitOf(about.data)}
      membershipHref={localePath(locale, '/drive/payment')}
    />
  );
}
