import type { Metadata } from 'next';
import { PolicyVersionView } from '@/features/policy/policy-pages';
import { policyVersionMetadata } from '@/features/site/policy-metadata';
import { localeOf } from '@/i18n/params';

interface PolicyVersionProps {
  params: Promise<{ locale: string; doc: string; version: string }>;
}

/** The version's metadata, or the 404 title for an unknown document or version. */
export async function generateMetadata({ params }: PolicyVersionProps): Promise<Metadata> {
  const { doc, version } = await params;
  return policyVersionMetadata(await localeOf(params), doc, version);
}

/** /policy/{doc}/{version}: a dated earlier version of a document, or its full text. */
export default async function PolicyVersionPage({ params }: PolicyVersionProps) {
  const { doc, version } = await params;
  return <PolicyVersionView locale={await localeOf(params)} doc={doc} version={version} />;
}
