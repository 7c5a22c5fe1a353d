import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { siteMetadata } from '@/features/site/site-metadata';
import { policyTextsOf } from '@/features/policy/policy-document';
import { policyNotices } from '@/features/policy/policy-docs';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The title and description of the policy updates. */
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  return siteMetadata(locale, '/policy/update', {
    title: t('update.title'),
    description: t('update.description'),
  });
}

/** /policy/update: the policy change notices, newest first, with this server's figures. */
export default async function PolicyUpdatesPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  const texts = await policyTextsOf(locale);
  return (
    <PageIntro
      className="mx-0 max-w-none px-0 py-0 sm:py-0"
      title={t('update.title')}
      description={t('update.description')}
    >
      <ul className="grid gap-3">
        {policyNotices.map((notice) => (
          <li key={notice.token}>
            <Link
              href={localePath(locale, `/policy/update/${notice.token}`)}
              className="block rounded-xl border border-border p-4 hover:bg-muted"
            >
              <span className="block font-medium">
                {texts.t(`notices.${notice.token}.title`, texts.args)}
              </span>
              <span className="mt-1 block text-sm text-muted-foreground">
                {texts.t(`notices.${notice.token}.summary`, texts.args)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageIntro>
  );
}
