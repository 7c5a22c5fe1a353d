import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { TvActivateLink } from '@/features/auth/tv-activate-link';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('tv-help', '/tv-help');

const questionKeys = [
  'where',
  'format',
  'expired',
  'wrong',
  'denied',
  'account',
  'install',
  'playback',
] as const;

/** /tv-help: entering the TV's code and the usual problems, each answer linkable by its anchor. */
export default async function TvHelpPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const [t, pages] = await Promise.all([
    getTranslations({ locale, namespace: 'apps' }),
    getTranslations({ locale, namespace: 'pages' }),
  ]);
  return (
    <PageIntro title={pages('tv-help.title')} description={pages('tv-help.description')}>
      <div className="space-y-8">
        <div className="divide-y divide-border rounded-xl border border-border">
          {questionKeys.map((key) => (
            <section
              key={key}
              id={key}
              aria-labelledby={`tv-help-${key}`}
              className="scroll-mt-24 p-5"
            >
              <h2 id={`tv-help-${key}`} className="text-base font-semibold">
                <a
                  href={`#${key}`}
                  className="rounded hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {t(`tv-help.questions.${key}.q`)}
                </a>
              </h2>
              <p className="mt-2 text-muted-foreground">{t(`tv-help.questions.${key}.a`)}</p>
            </section>
          ))}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <TvActivateLink locale={locale} />
          <a
            href={localePath(locale, '/install-apk-troubleshooting')}
            className="text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t('tv-help.apk')}
          </a>
        </div>
      </div>
    </PageIntro>
  );
}
