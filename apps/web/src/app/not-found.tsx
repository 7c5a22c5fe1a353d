import './globals.css';
import { defaultLocale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/error-view';

/** The 404 of a path outside every locale: the error page in the default locale. */
export default async function RootNotFound() {
  const t = await getTranslations({ locale: defaultLocale, namespace: 'common' });
  return (
    <html lang={defaultLocale}>
      <head>
        <title>{`${t('page-not-found')} | Nimbus`}</title>
      </head>
      <body>
        <main id="main">
          <ErrorView title={t('page-not-found')} tip={t('not-found-page-tip')} homeHref="/" homeLabel={t('back-home')} />
        </main>
      </body>
    </html>
  );
}
