import type { AppChannel } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { PageIntro } from '@/components/page-intro';
import { config } from '@/config';
import { DownloadCard } from '@/features/apps/download-card';
import { OpenInApp } from '@/features/apps/open-in-app';
import { PageQr } from '@/features/apps/phone-qr';
import { recommendedChannels } from '@/features/apps/platform';
import { DownloadCount } from '@/features/apps/download-count';
import {
  currentVisitor,
  loadDownloadCounts,
  loadSiteResources,
} from '@/features/apps/site-resources';
import { WebAppCard } from '@/features/apps/web-app-card';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('mobile-app', '/mobile-app');

const mobileChannels: readonly AppChannel[] = ['gp', 'android', 'ios'];

/**
 * /mobile-app: the Android app (store and package file) and the iOS app as the operator
 * publishes them, the one that fits the visitor's phone first; a QR code for visitors on a
 * computer; the web app when nothing is published.
 */
export default async function MobileAppPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const [t, pages, resources, visitor, counts] = await Promise.all([
    getTranslations({ locale, namespace: 'apps' }),
    getTranslations({ locale, namespace: 'pages' }),
    loadSiteResources(locale),
    currentVisitor(),
    loadDownloadCounts(locale),
  ]);
  const downloads = resources.app_downloads;
  const recommended = recommendedChannels(visitor, downloads).find((channel) =>
    mobileChannels.includes(channel),
  );
  const hasAny = mobileChannels.some((channel) => downloads[channel] !== undefined);
  const card = (channel: AppChannel, footer?: ReactNode) => (
    <DownloadCard
      locale={locale}
      channel={channel}
      download={downloads[channel]}
      isRecommended={recommended === channel}
      footer={footer}
    />
  );
  const androidFirst = visitor.platform !== 'ios';
  const android = (
    <section aria-labelledby="mobile-android" className="space-y-3" key="android">
      <h2 id="mobile-android" className="text-lg font-semibold">
        {t('mobile.android')}
      </h2>
      <DownloadCount locale={locale} count={counts.android} />
      {card('gp')}
      {card(
        'android',
        <a
          href={localePath(locale, '/install-apk-troubleshooting')}
          className="text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {t('mobile.apk-help')}
        </a>,
      )}
    </section>
  );
  const ios = (
    <section aria-labelledby="mobile-ios" className="space-y-3" key="ios">
      <h2 id="mobile-ios" className="text-lg font-semibold">
        {t('mobile.ios')}
      </h2>
      <DownloadCount locale={locale} count={counts.ios} />
      {card('ios')}
    </section>
  );
  return (
    <PageIntro title={pages('mobile-app.title')} description={pages('mobile-app.description')}>
      <div className="space-y-6">
        {hasAny ? null : <WebAppCard locale={locale} visitor={visitor} isPrimary />}
        <div className="grid gap-6 md:grid-cols-2">
          {androidFirst ? [android, ios] : [ios, android]}
        </div>
        {resources.app_link_scheme && visitor.isMobile ? (
          <OpenInApp locale={locale} scheme={resources.app_link_scheme} path="drive/all" />
        ) : null}
        {visitor.isMobile ? null : (
          <PageQr locale={locale} url={`${config.publicUrl}${localePath(locale, '/mobile-app')}`} />
        )}
        {hasAny ? <WebAppCard locale={locale} visitor={visitor} isPrimary={false} /> : null}
      </div>
    </PageIntro>
  );
}
