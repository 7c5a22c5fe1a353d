import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { siteMetadata } from '@/features/site/site-metadata';
import { policyTextsOf } from '@/features/policy/policy-document';
import { resolvePolicyNotice } from '@/features/policy/policy-docs';
import { localePath } from '@/i18n/locale-path';
import { localeOf } from '@/i18n/params';

interface PolicyNoticeProps {
  params: Promise<{ locale: string; token: string }>;
}

/** The notice's title and summary, or the 404 title for an unknown token. */
export async function generateMetadata({ params }: PolicyNoticeProps): Promise<Metadata> {
  const notice = resolvePolicyNotice((await params).token);
  if (!notice) {
    const common = await getTranslations('common');
    return { title: common('page-not-found'), robots: { index: false } };
  }
  const locale = await localeOf(params);
  const { t, args } = await policyTextsOf(locale);
  return siteMetadata(locale, `/policy/update/${notice.token}`, {
    title: t(`notices.${notice.token}.title`, args),
    description: t(`notices.${notice.token}.summary`, args),
  });
}

/**
 * /policy/update/{token}: one change notice, with this server's figures, and the link to the
 * document it changed; the token is validated.
 */
export default async function PolicyNoticePage({ params }: PolicyNoticeProps) {
  const notice = resolvePolicyNotice((await params).token);
  if (!notice) {
    notFound();
  }
  const locale = await localeOf(params);
  const policy = await getTranslations({ locale, namespace: 'policy' });
  const { t, args } = await policyTextsOf(locale);
  return (
    <PageIntro
      className="mx-0 max-w-none px-0 py-0 sm:py-0"
      title={t(`notices.${notice.token}.title`, args)}
      description={t(`notices.${notice.token}.summary`, args)}
    >
      <p className="text-sm text-muted-foreground">
        {policy('effective', { date: new Date(`${notice.date}T00:00:00Z`) })}
      </p>
      <Link
        href={localePath(locale, `/policy/${notice.doc}`)}
        className="mt-4 inline-block text-sm font-medium text-primary hover:underline"
      >
        {policy(`docs.${notice.doc}.title`)}
      </Link>
    </PageIntro>
  );
}
