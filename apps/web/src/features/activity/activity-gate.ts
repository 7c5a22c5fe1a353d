import type { Locale } from '@nimbus/contracts';
import { redirect } from 'next/navigation';
import { localePath } from '@/i18n/locale-path';
import type { Activity } from './activity-schedule';
import { isActivityOver } from './activity-schedule';

/** The activity-end route middleware: an activity page that is over sends to /activity-end. */
export function closeEndedActivity(activity: Activity, locale: Locale): void {
  if (isActivityOver(activity, Date.now())) {
    redirect(localePath(locale, '/activity-end'));
  }
}
