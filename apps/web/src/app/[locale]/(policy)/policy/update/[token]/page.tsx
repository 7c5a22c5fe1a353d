import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { siteMetadata } from '@/features/site/site-metadata';
import { resolvePolicyNotice } from '@/features/policy/policy-docs';
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
  const t = await getTranslations({ locale, namespace: 'policy' });
  return siteMetadata(locale, `/policy/update/${notice.token}`, {
    title: t(`update.notices.${notice.token}.title`),
    description: t(`update.notices.${notice.token}.summary`),
  });
}

/** /policy/update/{token}: one change notice; the token is validated. */
export default async function PolicyNoticePage({ params }: PolicyNoticeProps) {
  const notice = resolvePolicyNotice((await params).token);
  if (!notice) {
    notFound();
  }
  const t = await getTranslations('policy');
  return (
    <PageIntro
      className="mx-0 max-w-none px-0 py-0 sm:py-0"
      title={t(`update.notices.${notice.token}.title`)}
      description={t(`update.notices.${notice.token}.summary`)}
    >
      <p className="text-sm text-muted-foreground">
        {t('effective', { date: new Date(`${notice.date}T00:00:00Z`) })}
      </p>
    </PageIntro>
  );
}
