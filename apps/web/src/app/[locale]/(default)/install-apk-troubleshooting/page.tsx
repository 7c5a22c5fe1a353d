import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { buttonVariants } from '@/components/ui/button-variants';
import { loadSiteResources } from '@/features/apps/site-resources';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata(
  'install-apk-troubleshooting',
  '/install-apk-troubleshooting',
);

const stepKeys = [
  'source',
  'complete',
  'space',
  'conflict',
  'version',
  'protect',
  'checksum',
] as const;

/**
 * /install-apk-troubleshooting: the steps that get the Android package installed, in the order
 * that solves most cases, with the operator's package link and checksum when published.
 */
export default async function InstallApkTroubleshootingPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const [t, pages, resources] = await Promise.all([
    getTranslations({ locale, namespace: 'apps' }),
    getTranslations({ locale, namespace: 'pages' }),
    loadSiteResources(locale),
  ]);
  const apk = resources.app_downloads.android;
  return (
    <PageIntro
      title={pages('install-apk-troubleshooting.title')}
      description={pages('install-apk-troubleshooting.description')}
    >
      <div className="space-y-8">
        <p>{t('apk.intro')}</p>
        <ol className="space-y-4">
          {stepKeys.map((key, index) => (
            <li
              key={key}
              id={key}
              className="flex scroll-mt-24 gap-3 rounded-xl border border-border p-5"
            >
              <span
                aria-hidden
                className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary"
              >
                {index + 1}
              </span>
              <div>
                <h2 className="font-semibold">{t(`apk.steps.${key}.title`)}</h2>
                <p className="mt-1 text-muted-foreground">{t(`apk.steps.${key}.body`)}</p>
                {key === 'checksum' && apk?.sha256 ? (
                  <code className="mt-2 block font-mono text-xs break-all select-all">
                    {apk.sha256}
                  </code>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          {apk ? (
            <a
              href={apk.url}
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'primary' })}
            >
              {t('apk.download')}
            </a>
          ) : null}
          <a
            href={localePath(locale, '/contact-us')}
            className={buttonVariants({ variant: 'outline' })}
          >
            {t('apk.contact')}
          </a>
        </div>
        <p className="text-sm text-muted-foreground">{t('apk.still')}</p>
      </div>
    </PageIntro>
  );
}
