import type { Metadata } from 'next';
import { PolicyDocView } from '@/features/policy/policy-pages';
import { policyDocMetadata } from '@/features/site/policy-metadata';
import { localeOf } from '@/i18n/params';

interface PolicyDocProps {
  params: Promise<{ locale: string; doc: string }>;
}

/** The document's title and description, or the 404 title for an unknown document. */
export async function generateMetadata({ params }: PolicyDocProps): Promise<Metadata> {
  return policyDocMetadata(await localeOf(params), (await params).doc);
}

/** /policy/{doc}: a policy document's current text and its earlier versions. */
export default async function PolicyDocPage({ params }: PolicyDocProps) {
  return <PolicyDocView locale={await localeOf(params)} doc={(await params).doc} />;
}
