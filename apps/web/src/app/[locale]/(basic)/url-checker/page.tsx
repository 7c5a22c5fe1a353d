import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { LinkCheckForm } from '@/features/home/link-check-form';
import { infoPageMetadata } from '@/features/site/info-page';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('url-checker');

interface UrlCheckerProps extends LocaleParams {
  searchParams: Promise<{ url?: string | string[] }>;
}

/** /url-checker?url=...: the link checker, with the pasted link filled in. */
export default async function UrlCheckerPage({ params, searchParams }: UrlCheckerProps) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  const home = await getTranslations({ locale, namespace: 'home' });
  const { url } = await searchParams;
  const pasted = (Array.isArray(url) ? url[0] : url)?.slice(0, 4096) ?? '';
  return (
    <PageIntro title={t('url-checker.title')} description={t('url-checker.description')}>
      <LinkCheckForm
        action={localePath(locale, '/url-checker')}
        defaultValue={pasted}
        labels={{
          label: home('paste.label'),
          placeholder: home('paste.placeholder'),
          submit: home('paste.submit'),
        }}
      />
      {pasted ? (
        <p className="mt-4 break-all rounded-lg bg-muted p-3 text-sm">
          {t('url-checker.checking', { url: pasted })}
        </p>
      ) : null}
    </PageIntro>
  );
}
