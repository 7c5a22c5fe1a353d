import { InfoPage, infoPageMetadata } from '@/features/site/info-page';
import { closeEndedActivity } from '@/features/activity/activity-gate';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('activity-christmas');

/** /activity/christmas: a seasonal promotion, closed once it is over (activity-end). */
export default async function ChristmasActivityPage({ params }: LocaleParams) {
  closeEndedActivity('christmas', await localeOf(params));
  return <InfoPage page="activity-christmas" />;
}
