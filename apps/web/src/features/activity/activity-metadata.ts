import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Messages } from '@/i18n/messages';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The `generateMetadata` of an activity page: title ("Title | Nimbus") and description. */
export function activityMetadata(
  page: keyof Messages['activity']['meta'],
): (props: LocaleParams) => Promise<Metadata> {
  return async ({ params }) => {
    const t = await getTranslations({ locale: await localeOf(params), namespace: 'activity.meta' });
    return { title: t(`${page}.title`), description: t(`${page}.description`) };
  };
}
