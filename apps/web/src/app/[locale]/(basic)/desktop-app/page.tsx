import type { AppChannel } from '@nimbus/contracts';
import { Laptop, Monitor } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { DownloadCard } from '@/features/apps/download-card';
import { OpenInApp } from '@/features/apps/open-in-app';
import { recommendedChannels } from '@/features/apps/platform';
import { DownloadCount } from '@/features/apps/download-count';
import {
  currentVisitor,
  loadDownloadCounts,
  loadSiteResources,
} from '@/features/apps/site-resources';
import { WebAppCard } from '@/features/apps/web-app-card';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('desktop-app', '/desktop-app');

const desktopChannels: readonly AppChannel[] = ['windows', 'mac_apple_silicon', 'mac_intel'];

/**
 * /desktop-app: the Windows and Mac apps as the operator publishes them; the Mac builds for
 * Apple silicon and Intel are tabs (a browser does not tell the chip, so a Mac visitor sees
 * both marked). The web app comes first when nothing is published.
 */
export default async function DesktopAppPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const [t, resources, visitor, counts] = await Promise.all([
    getTranslations({ locale, namespace: 'pages' }),
    loadSiteResources(locale),
    currentVisitor(),
    loadDownloadCounts(locale),
  ]);
  const downloads = resources.app_downloads;
  const recommended = new Set(recommendedChannels(visitor, downloads));
  const hasAny = desktopChannels.some((channel) => downloads[channel] !== undefined);
  const windows = (
    <section aria-labelledby="desktop-windows" className="space-y-3" key="windows">
      <h2 id="desktop-windows" className="flex items-center gap-2 text-lg font-semibold">
        <Monitor aria-hidden className="size-5 text-primary" />
        {t('desktop-app.windows')}
      </h2>
      <DownloadCount locale={locale} count={counts.windows} />
      <DownloadCard
        locale={locale}
        channel="windows"
        download={downloads.windows}
        isRecommended={recommended.has('windows')}
        detail={t('desktop-app.windows-detail')}
      />
    </section>
  );
  const mac = (
    <section aria-labelledby="desktop-mac" className="space-y-3" key="mac">
      <h2 id="desktop-mac" className="flex items-center gap-2 text-lg font-semibold">
        <Laptop aria-hidden className="size-5 text-primary" />
        {t('desktop-app.mac')}
      </h2>
      <DownloadCount locale={locale} count={counts.mac} />
      <Tabs defaultValue="apple-silicon">
        <TabsList aria-label={t('desktop-app.builds-label')}>
          <TabsTrigger value="apple-silicon">{t('desktop-app.mac-apple-silicon')}</TabsTrigger>
          <TabsTrigger value="intel">{t('desktop-app.mac-intel')}</TabsTrigger>
        </TabsList>
        <TabsContent value="apple-silicon" className="mt-3">
          <DownloadCard
            locale={locale}
            channel="mac_apple_silicon"
            download={downloads.mac_apple_silicon}
            isRecommended={recommended.has('mac_apple_silicon')}
            detail={t('desktop-app.mac-apple-silicon-detail')}
          />
        </TabsContent>
        <TabsContent value="intel" className="mt-3">
          <DownloadCard
            locale={locale}
            channel="mac_intel"
            download={downloads.mac_intel}
            isRecommended={recommended.has('mac_intel')}
            detail={t('desktop-app.mac-intel-detail')}
          />
        </TabsContent>
      </Tabs>
    </section>
  );
  return (
    <PageIntro title={t('desktop-app.title')} description={t('desktop-app.description')}>
      <div className="space-y-6">
        {hasAny ? null : <WebAppCard locale={locale} visitor={visitor} isPrimary />}
        <div className="grid gap-6 md:grid-cols-2">
          {visitor.platform === 'mac' ? [mac, windows] : [windows, mac]}
        </div>
        {resources.app_link_scheme && hasAny && !visitor.isMobile ? (
          <OpenInApp locale={locale} scheme={resources.app_link_scheme} path="drive/all" />
        ) : null}
        {hasAny ? <WebAppCard locale={locale} visitor={visitor} isPrimary={false} /> : null}
      </div>
    </PageIntro>
  );
}
