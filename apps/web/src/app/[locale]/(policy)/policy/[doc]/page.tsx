import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { siteMetadata } from '@/features/site/site-metadata';
import {
  fullTextDocs,
  isPolicyDoc,
  policyVersions,
  versionDate,
} from '@/features/policy/policy-docs';
import { localePath } from '@/i18n/locale-path';
import { localeOf } from '@/i18n/params';

interface PolicyDocProps {
  params: Promise<{ locale: string; doc: string }>;
}

/** The document's title and description, or the 404 title for an unknown document. */
export async function generateMetadata({ params }: PolicyDocProps): Promise<Metadata> {
  const { doc } = await params;
  if (!isPolicyDoc(doc)) {
    const common = await getTranslations('common');
    return { title: common('page-not-found'), robots: { index: false } };
  }
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  return siteMetadata(locale, `/policy/${doc}`, {
    title: t(`docs.${doc}.title`),
    description: t(`docs.${doc}.description`),
  });
}

/** /policy/{doc}: a policy document and its earlier versions; the document name is validated. */
export default async function PolicyDocPage({ params }: PolicyDocProps) {
  const { doc } = await params;
  if (!isPolicyDoc(doc)) {
    notFound();
  }
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  const title = t(`docs.${doc}.title`);
  const linkClass = 'flex min-h-11 items-center rounded-lg px-3 text-sm hover:bg-muted md:min-h-9';
  return (
    <PageIntro
      className="mx-0 max-w-none px-0 py-0 sm:py-0"
      title={title}
      description={t(`docs.${doc}.description`)}
    >
      <h2 className="text-sm font-medium text-muted-foreground">{t('versions')}</h2>
      <ul className="mt-2 grid gap-1">
        {fullTextDocs.includes(doc) ? (
          <li>
            <Link href={localePath(locale, `/policy/${doc}/${doc}`)} className={linkClass}>
              {t('full-text-title', { title })}
            </Link>
          </li>
        ) : null}
        {policyVersions[doc].map((version) => (
          <li key={version}>
            <Link href={localePath(locale, `/policy/${doc}/${version}`)} className={linkClass}>
              {t('version-title', { title, date: versionDate(version) })}
            </Link>
          </li>
        ))}
      </ul>
    </PageIntro>
  );
}
