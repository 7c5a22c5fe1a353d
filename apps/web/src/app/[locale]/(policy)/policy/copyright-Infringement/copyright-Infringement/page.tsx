import type { Metadata } from 'next';
import { PolicyVersionView } from '@/features/policy/policy-pages';
import { policyVersionMetadata } from '@/features/site/policy-metadata';
import { TakedownSection } from '@/features/policy/takedown-section';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

const doc = 'copyright-Infringement';

/** The full text's metadata. */
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return policyVersionMetadata(await localeOf(params), doc, doc);
}

/**
 * /policy/copyright-Infringement/copyright-Infringement: the copyright policy's full text with the
 * takedown request form (the dated versions' route imports no form).
 */
export default async function CopyrightFullTextPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <PolicyVersionView
      locale={locale}
      doc={doc}
      version={doc}
      extra={<TakedownSection locale={locale} />}
    />
  );
}
