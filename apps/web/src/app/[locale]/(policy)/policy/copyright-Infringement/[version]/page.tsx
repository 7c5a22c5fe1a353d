import type { Metadata } from 'next';
import { PolicyVersionView } from '@/features/policy/policy-pages';
import { policyVersionMetadata } from '@/features/site/policy-metadata';
import { localeOf } from '@/i18n/params';

const doc = 'copyright-Infringement';

interface CopyrightVersionProps {
  params: Promise<{ locale: string; version: string }>;
}

/** The version's metadata, or the 404 title for an unknown version. */
export async function generateMetadata({ params }: CopyrightVersionProps): Promise<Metadata> {
  return policyVersionMetadata(await localeOf(params), doc, (await params).version);
}

/**
 * /policy/copyright-Infringement/{version}: a dated earlier version of the copyright policy (the
 * full text, with the form, is its own route beside this one).
 */
export default async function CopyrightVersionPage({ params }: CopyrightVersionProps) {
  return (
    <PolicyVersionView locale={await localeOf(params)} doc={doc} version={(await params).version} />
  );
}
