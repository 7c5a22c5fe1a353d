import type { Metadata } from 'next';
import type { Locale } from '@nimbus/contracts';
import { getTranslations } from 'next-intl/server';
import { isPolicyDoc, resolvePolicyVersion } from '@/features/policy/policy-docs';
import { policyVersionTitle } from '@/features/policy/policy-pages';
import { siteMetadata } from './site-metadata';

/*
 * The public page metadata of the policy pages (docs/site.md#policy-pages), shared by
 * `/policy/[doc]` and the copyright policy's own routes.
 */

async function notFoundMetadata(): Promise<Metadata> {
  const common = await getTranslations('common');
  return { title: common('page-not-found'), robots: { index: false } };
}

/** The document's title and description, or the 404 title for an unknown document. */
export async function policyDocMetadata(locale: Locale, doc: string): Promise<Metadata> {
  if (!isPolicyDoc(doc)) {
    return notFoundMetadata();
  }
  const t = await getTranslations({ locale, namespace: 'policy' });
  return siteMetadata(locale, `/policy/${doc}`, {
    title: t(`docs.${doc}.title`),
    description: t(`docs.${doc}.description`),
  });
}

/**
 * A version's metadata (the document's description), or the 404 title for an unknown document or
 * version.
 */
export async function policyVersionMetadata(
  locale: Locale,
  doc: string,
  version: string,
): Promise<Metadata> {
  const resolved = resolvePolicyVersion(doc, version);
  if (!resolved) {
    return notFoundMetadata();
  }
  const t = await getTranslations({ locale, namespace: 'policy' });
  return siteMetadata(locale, `/policy/${doc}/${version}`, {
    title: await policyVersionTitle(resolved, locale),
    description: t(`docs.${resolved.doc}.description`),
  });
}
