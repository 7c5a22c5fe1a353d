import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { siteMetadata } from '@/features/site/site-metadata';
import type { Messages } from '@/i18n/messages';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/**
 * The `generateMetadata` of an activity page: title ("Title | Nimbus") and description; a public
 * page (`publicPath`) also gets its canonical URL, alternates and link previews.
 */
export function activityMetadata(
  page: keyof Messages['activity']['meta'],
  publicPath?: string,
): (props: LocaleParams) => Promise<Metadata> {
  return async ({ params }) => {
    const locale = await localeOf(params);
    const t = await getTranslations({ locale, namespace: 'activity.meta' });
    const text = { title: t(`${page}.title`), description: t(`${page}.description`) };
    return publicPath ? siteMetadata(locale, publicPath, text) : text;
  };
}
