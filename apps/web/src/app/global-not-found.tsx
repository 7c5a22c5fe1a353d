import './globals.css';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { resolveLocale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/error-view';
import { readablePath } from '@/features/errors/readable-path';
import { PageFrame } from '@/features/layout/page-frame';
import { RootShell } from '@/features/layout/root-shell';
import { invalidRouteHeader, requestedPathHeader } from '@/i18n/internal-rewrites';
import { localePath, localeRequestHeader } from '@/i18n/locale-path';

/** What the 404 says: the path for a failed route validation, else "Page not found". */
async function notFoundPage() {
  const requestHeaders = await headers();
  const locale = resolveLocale(requestHeaders.get(localeRequestHeader));
  const t = await getTranslations({ locale, namespace: 'common' });
  const path = requestHeaders.get(requestedPathHeader);
  const title =
    requestHeaders.get(invalidRouteHeader) && path
      ? t('page-not-found-path', { path: readablePath(path) })
      : t('page-not-found');
  return { locale, t, title };
}

/** The 404 page's title: the same words as its heading. */
export async function generateMetadata(): Promise<Metadata> {
  const { title } = await notFoundPage();
  return { title: `${title} | Nimbus`, robots: { index: false } };
}

/**
 * Every 404 rendered on the server (docs/product.md#screens-and-routes): an unmatched route says "Page not found",
 * a route whose parameters failed validation (the proxy checks them first) says "Page Not
 * Found" and the path. The root shell and the visitor's locale, the error page in the middle.
 */
export default async function GlobalNotFound() {
  const { locale, t, title } = await notFoundPage();
  return (
    <RootShell locale={locale}>
      <PageFrame locale={locale} layout="default" withoutFooter>
        <ErrorView
          title={title}
          tip={t('not-found-page-tip')}
          homeHref={localePath(locale, '/')}
          homeLabel={t('back-home')}
        />
      </PageFrame>
    </RootShell>
  );
}
