import { headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/error-view';
import { readablePath } from '@/features/errors/readable-path';
import { PageFrame } from '@/features/layout/page-frame';
import { requestedPathHeader } from '@/i18n/internal-rewrites';
import { localePath } from '@/i18n/locale-path';

/**
 * The 404 of a page that calls `notFound()` after its own validation ("Page Not Found" and the
 * path). The proxy validates the same routes first and sends failures to the server-rendered
 * global not-found page; this boundary covers whatever reaches a page anyway.
 */
export default async function LocaleNotFound() {
  const locale = await getLocale();
  const t = await getTranslations({ locale, namespace: 'common' });
  const path = (await headers()).get(requestedPathHeader);
  return (
    <PageFrame locale={locale} layout="default" withoutFooter>
      <ErrorView
        title={path ? t('page-not-found-path', { path: readablePath(path) }) : t('page-not-found')}
        tip={t('not-found-page-tip')}
        homeHref={localePath(locale, '/')}
        homeLabel={t('back-home')}
      />
    </PageFrame>
  );
}
