import type { Messages } from '@/i18n/messages';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { errorTextsOf } from '@/lib/auth-messages';
import { UrlChecker } from '@/features/drive/offline/url-checker';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('url-checker', '/url-checker');

interface UrlCheckerProps extends LocaleParams {
  searchParams: Promise<{
    url?: string | string[];
    save?: string | string[];
    files?: string | string[];
  }>;
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/**
 * `?files=0,2` (set on the way to sign-in): the torrent files chosen, as `url.files` indexes;
 * `?files=all`: every file of a listed torrent (`[]`, which an http(s) link to a `.torrent`
 * needs to run as a torrent); undefined (the link as it is) when absent or unreadable.
 */
function filesOf(value: string | string[] | undefined): string[] | undefined {
  const text = first(value);
  if (text === '') {
    return undefined;
  }
  if (text === 'all') {
    return [];
  }
  const indexes = text.split(',').slice(0, 1000);
  return indexes.every((index) => /^\d{1,7}$/.test(index)) ? indexes : undefined;
}

/** /url-checker?url=...: the link checker, with the pasted link checked at once. */
export default async function UrlCheckerPage({ params, searchParams }: UrlCheckerProps) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const home = await getTranslations({ locale, namespace: 'home' });
  const messages: Messages = await getMessages({ locale });
  const query = await searchParams;
  const pasted = first(query.url).slice(0, 4096);
  return (
    <PageIntro title={t('url-checker.title')} description={t('url-checker.description')}>
      <NextIntlClientProvider locale={locale} messages={{ offline: messages.offline }}>
        <UrlChecker
          initialUrl={pasted}
          saveOnReturn={first(query.save) === '1'}
          initialFiles={filesOf(query.files)}
          errorTexts={errorTextsOf(locale)}
          labels={{ label: home('paste.label'), placeholder: home('paste.placeholder') }}
        />
      </NextIntlClientProvider>
    </PageIntro>
  );
}
