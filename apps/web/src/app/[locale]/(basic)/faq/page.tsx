import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { visibleFaqQuestions } from '@/features/faq/faq-anchors';
import { FaqHashRedirect } from '@/features/faq/faq-hash-redirect';
import { loadHelpFeatures } from '@/features/help-center/help-features';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('faq', '/faq');

/**
 * /faq: questions and answers, each linkable, those of features this server offers only; old
 * anchors are redirected (redirect-faq-hash).
 */
export default async function FaqPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const [pages, t, features] = await Promise.all([
    getTranslations({ locale, namespace: 'pages' }),
    getTranslations({ locale, namespace: 'faq' }),
    loadHelpFeatures(locale),
  ]);
  return (
    <PageIntro title={pages('faq.title')} description={pages('faq.description')}>
      <div className="grid gap-4">
        {visibleFaqQuestions(features).map((id) => (
          <section
            key={id}
            id={id}
            tabIndex={-1}
            aria-labelledby={`${id}-question`}
            className="rounded-xl border border-border p-5 focus:outline-none target:border-primary"
          >
            <h2 id={`${id}-question`} className="text-lg font-semibold">
              <a href={`#${id}`} className="hover:underline">
                {t(`questions.${id}.question`)}
              </a>
            </h2>
            <p className="mt-2 text-muted-foreground">{t(`questions.${id}.answer`)}</p>
          </section>
        ))}
      </div>
      <p className="mt-8 text-sm text-muted-foreground">
        <Link
          href={localePath(locale, '/help-center')}
          className="font-medium text-primary hover:underline"
        >
          {t('lead')}
        </Link>
      </p>
      <FaqHashRedirect helpPath={localePath(locale, '/help')} />
    </PageIntro>
  );
}
