import { getLocale, getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/error-view';
import { PageFrame } from '@/features/layout/page-frame';
import { localePath } from '@/i18n/locale-path';

/** The 404 of an unmatched route: "Page not found" (spec section 2). */
export default async function UnmatchedNotFound() {
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: 'common' });
  return (
    <PageFrame locale={locale} layout="default">
      <ErrorView
        title={t('page-not-found')}
        tip={t('not-found-page-tip')}
        homeHref={localePath(locale, '/')}
        homeLabel={t('back-home')}
      />
    </PageFrame>
  );
}
