import { getLocale, getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/error-view';
import { PageFrame } from '@/features/layout/page-frame';
import { RequestedPathTitle } from '@/features/errors/requested-path-title';
import { localePath } from '@/i18n/locale-path';

/**
 * The 404 of a route whose parameters failed validation (a malformed share id, an unknown
 * policy version): "Page Not Found" followed by the path (spec section 2).
 */
export default async function LocaleNotFound() {
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: 'common' });
  return (
    <PageFrame locale={locale} layout="default">
      <ErrorView
        title={<RequestedPathTitle />}
        tip={t('not-found-page-tip')}
        homeHref={localePath(locale, '/')}
        homeLabel={t('back-home')}
      />
    </PageFrame>
  );
}
