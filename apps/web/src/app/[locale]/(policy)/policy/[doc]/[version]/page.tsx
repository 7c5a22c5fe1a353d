import type { Metadata } from 'next';
import type { Locale } from '@nimbus/contracts';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/page-intro';
import { siteMetadata } from '@/features/site/site-metadata';
import type { PolicyVersionPage } from '@/features/policy/policy-docs';
import { resolvePolicyVersion } from '@/features/policy/policy-docs';
import { localePath } from '@/i18n/locale-path';
import { localeOf } from '@/i18n/params';

interface PolicyVersionProps {
  params: Promise<{ locale: string; doc: string; version: string }>;
}

async function resolve(
  params: PolicyVersionProps['params'],
): Promise<PolicyVersionPage | undefined> {
  const { doc, version } = await params;
  return resolvePolicyVersion(doc, version);
}

async function titleOf(page: PolicyVersionPage, locale: Locale): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'policy' });
  const title = t(`docs.${page.doc}.title`);
  return page.kind === 'full-text'
    ? t('full-text-title', { title })
    : t('version-title', { title, date: page.date });
}

/**
 * The version's public page metadata (the document's description), or the 404 title for an
 * unknown document or version.
 */
export async function generateMetadata({ params }: PolicyVersionProps): Promise<Metadata> {
  const resolved = await resolve(params);
  if (!resolved) {
    const common = await getTranslations('common');
    return { title: common('page-not-found'), robots: { index: false } };
  }
  const { doc, version } = await params;
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  return siteMetadata(locale, `/policy/${doc}/${version}`, {
    title: await titleOf(resolved, locale),
    description: t(`docs.${resolved.doc}.description`),
  });
}

/**
 * /policy/{doc}/{version}: a dated earlier version of a document, or its full text when the
 * version is the document's own name. Unknown documents and versions are a 404 naming the path.
 */
export default async function PolicyVersionPage({ params }: PolicyVersionProps) {
  const resolved = await resolve(params);
  if (!resolved) {
    notFound();
  }
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  return (
    <PageIntro
      className="mx-0 max-w-none px-0 py-0 sm:py-0"
      title={await titleOf(resolved, locale)}
      description={t(`docs.${resolved.doc}.description`)}
    >
      <Link
        href={localePath(locale, `/policy/${resolved.doc}`)}
        className="text-sm font-medium text-primary hover:underline"
      >
        {t('current-version')}
      </Link>
    </PageIntro>
  );
}
