import { InfoPage, infoPageMetadata } from '@/features/site/info-page';
import { closeEndedActivity } from '@/features/activity/activity-gate';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('activity-compensation');

/** /activity/compensation: a seasonal promotion, closed once it is over (activity-end). */
export default async function CompensationActivityPage({ params }: LocaleParams) {
  closeEndedActivity('compensation', await localeOf(params));
  return <InfoPage page="activity-compensation" />;
}
