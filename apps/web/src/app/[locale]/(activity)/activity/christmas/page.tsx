import { activityMetadata } from '@/features/activity/activity-metadata';
import { PromotionPage } from '@/features/activity/promotion-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = activityMetadata('christmas', '/activity/christmas');

/** /activity/christmas: a seasonal promotion, closed once it is over (activity-end). */
export default async function ChristmasActivityPage({ params }: LocaleParams) {
  return <PromotionPage activity="christmas" locale={await localeOf(params)} />;
}
