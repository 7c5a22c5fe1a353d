import type { AppChannel } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { buttonVariants } from '@/components/ui/button-variants';
import { DownloadCard } from '@/features/apps/download-card';
import { recommendedChannels } from '@/features/apps/platform';
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

export const generateMetadata = infoPageMetadata('browser-extension', '/browser-extension');

const extensionChannels: readonly AppChannel[] = [
  'extension_chrome',
  'extension_edge',
  'extension_firefox',
];
const stepKeys = ['install', 'sign-in', 'spot', 'save', 'follow'] as const;

/**
 * /browser-extension: the extension in each browser's store as the operator publishes it, the
 * visitor's browser first, and how it works (its saves are transfers of source `plugin_entry`).
 * Mobile visitors are sent home by the proxy.
 */
export default async function BrowserExtensionPage({ params }: LocaleParams) {
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
    extensionChannels.includes(channel),
  );
  const ordered = [...extensionChannels].sort(
    (a, b) => Number(b === recommended) - Number(a === recommended),
  );
  const hasAny = extensionChannels.some((channel) => downloads[channel] !== undefined);
  return (
    <PageIntro
      title={pages('browser-extension.title')}
      description={pages('browser-extension.description')}
    >
      <div className="space-y-8">
        {hasAny ? null : <WebAppCard locale={locale} visitor={visitor} isPrimary />}
        <section aria-labelledby="extension-browsers" className="space-y-3">
          <h2 id="extension-browsers" className="text-lg font-semibold">
            {t('extension.browsers')}
          </h2>
          <DownloadCount locale={locale} count={counts.extension} />
          <div className="grid gap-4 md:grid-cols-3">
            {ordered.map((channel) => (
              <DownloadCard
                key={channel}
                locale={locale}
                channel={channel}
                download={downloads[channel]}
                isRecommended={recommended === channel}
              />
            ))}
          </div>
        </section>
        <section aria-labelledby="extension-steps" className="space-y-4">
          <h2 id="extension-steps" className="text-lg font-semibold">
            {t('extension.steps-title')}
          </h2>
          <StepList
            labelledBy="extension-steps"
            steps={stepKeys.map((key) => t(`extension.steps.${key}`))}
          />
          <a
            href={localePath(locale, '/drive/tasks')}
            className={buttonVariants({ variant: 'outline' })}
          >
            {t('extension.transfers')}
          </a>
        </section>
        {hasAny ? <WebAppCard locale={locale} visitor={visitor} isPrimary={false} /> : null}
      </div>
    </PageIntro>
  );
}
