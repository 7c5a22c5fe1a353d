import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { AuthMessages, errorTextsOf } from '@/lib/auth-messages';
import { UnsubscribePanel } from '@/features/support/unsubscribe-panel';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** Its title and description; never indexed (every address is a personal link). */
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeOf(params), namespace: 'pages' });
  return {
    title: t('unsubscribe.title'),
    description: t('unsubscribe.description'),
    robots: { index: false, follow: false },
  };
}

interface UnsubscribePageProps extends LocaleParams {
  searchParams: Promise<{ d?: string | string[] }>;
}

/**
 * /unsubscribe?d=: email preferences, opened from the link in an email. Opening the page reads
 * the link only; the member's click unsubscribes, and the same link subscribes again.
 */
export default async function UnsubscribePage({ params, searchParams }: UnsubscribePageProps) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const asked = (await searchParams).d;
  const d = typeof asked === 'string' && asked !== '' && asked.length <= 4096 ? asked : undefined;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {t('unsubscribe.title')}
      </h1>
      <div className="mt-8">
        <AuthMessages locale={locale} namespaces={['support']}>
          <UnsubscribePanel
            d={d}
            errorTexts={errorTextsOf(locale)}
            homeHref={localePath(locale, '/')}
          />
        </AuthMessages>
      </div>
    </div>
  );
}
