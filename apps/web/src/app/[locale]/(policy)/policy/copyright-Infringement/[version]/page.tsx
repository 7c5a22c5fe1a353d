import type { Metadata } from 'next';
import { policyVersionMetadata, PolicyVersionView } from '@/features/policy/policy-pages';
import { TakedownSection } from '@/features/policy/takedown-section';
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
 * /policy/copyright-Infringement/{version}: a dated earlier version, or the full text with the
 * takedown request form.
 */
export default async function CopyrightVersionPage({ params }: CopyrightVersionProps) {
  const locale = await localeOf(params);
  return (
    <PolicyVersionView
      locale={locale}
      doc={doc}
      version={(await params).version}
      extra={<TakedownSection locale={locale} />}
    />
  );
}
