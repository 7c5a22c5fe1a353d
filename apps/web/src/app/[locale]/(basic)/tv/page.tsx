import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { config } from '@/config';
import { TvActivateLink } from '@/features/auth/tv-activate-link';
import { DownloadCard } from '@/features/apps/download-card';
import { PhoneQr } from '@/features/apps/phone-qr';
import { DownloadCount } from '@/features/apps/download-count';
import {
  currentVisitor,
  loadDownloadCounts,
  loadSiteResources,
} from '@/features/apps/site-resources';
import { StepList } from '@/features/apps/step-list';
import { WebAppCard } from '@/features/apps/web-app-card';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('tv', '/tv');

const stepKeys = ['install', 'open', 'visit', 'enter', 'done'] as const;

/**
 * /tv: the TV package as the operator publishes it and the pairing steps of the device flow
 * (the TV shows a user code, the member approves it on /tv/activate), with a QR code of the
 * activation page for a visitor reading this on a TV or computer.
 */
export default async function TvPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const [t, pages, resources, visitor, counts] = await Promise.all([
    getTranslations({ locale, namespace: 'apps' }),
    getTranslations({ locale, namespace: 'pages' }),
    loadSiteResources(locale),
    currentVisitor(),
    loadDownloadCounts(locale),
  ]);
  const tv = resources.app_downloads.tv;
  const activateUrl = `${config.publicUrl}${localePath(locale, '/tv/activate')}`;
  return (
    <PageIntro title={pages('tv.title')} description={pages('tv.description')}>
      <div className="space-y-8">
        <DownloadCard
          locale={locale}
          channel="tv"
          download={tv}
          isRecommended={tv !== undefined && visitor.platform === 'tv'}
          detail={counts.tv ? <DownloadCount locale={locale} count={counts.tv} /> : undefined}
        />
        <section aria-labelledby="tv-steps" className="space-y-4">
          <h2 id="tv-steps" className="text-lg font-semibold">
            {t('tv.steps-title')}
          </h2>
          <StepList labelledBy="tv-steps" steps={stepKeys.map((key) => t(`tv.steps.${key}`))} />
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <TvActivateLink locale={locale} />
            <a
              href={localePath(locale, '/tv-help')}
              className="text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              {t('tv.help')}
            </a>
          </div>
        </section>
        {visitor.isMobile ? null : (
          <PhoneQr
            url={activateUrl}
            title={t('tv.qr-title')}
            body={t('tv.qr-body')}
            label={t('tv.activate-qr')}
          />
        )}
        {tv ? null : <WebAppCard locale={locale} visitor={visitor} isPrimary={false} />}
      </div>
    </PageIntro>
  );
}
