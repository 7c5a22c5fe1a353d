import { cache } from 'react';
import { getActivityOperation } from '@nimbus/client';
import type { ActivityOperation, Locale, SeasonalActivity } from '@nimbus/contracts';
import { isActivityOver } from '@nimbus/contracts';
import { redirect } from 'next/navigation';
import { createServerApiClient } from '@/lib/api/server-client';
import { localePath } from '@/i18n/locale-path';

/**
 * The schedule of the config host (`POST /config/v1/activity_operation`), asked on the server
 * for every visit of a promotion page, so an operator's change applies at once. Undefined when
 * the config host cannot answer: the page then stays open rather than failing.
 */
export const loadActivityOperation = cache(
  async (locale: Locale): Promise<ActivityOperation | undefined> => {
    const client = createServerApiClient(locale);
    try {
      return await getActivityOperation(client, { language_system: locale, language_app: locale });
    } catch (cause) {
      console.warn('activity schedule unavailable', cause);
      return undefined;
    }
  },
);

/**
 * The activity-end route middleware (docs/product.md#screens-and-routes): the page of a promotion that is over, or
 * of a compensation that is over, sends the visitor to /activity-end.
 */
export async function closeEndedActivity(
  activity: SeasonalActivity,
  locale: Locale,
  compensationType?: string,
): Promise<ActivityOperation | undefined> {
  const operation = await loadActivityOperation(locale);
  if (operation && isActivityOver(operation, activity, Date.now(), compensationType)) {
    redirect(`${localePath(locale, '/activity-end')}?${new URLSearchParams({ from: activity })}`);
  }
  return operation;
}
