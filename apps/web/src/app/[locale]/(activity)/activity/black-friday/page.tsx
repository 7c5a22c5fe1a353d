import { activityMetadata } from '@/features/activity/activity-metadata';
import { PromotionPage } from '@/features/activity/promotion-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = activityMetadata('black-friday', '/activity/black-friday');

/** /activity/black-friday: a seasonal promotion, closed once it is over (activity-end). */
export default async function BlackFridayActivityPage({ params }: LocaleParams) {
  return <PromotionPage activity="black-friday" locale={await localeOf(params)} />;
}
