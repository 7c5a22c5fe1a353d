import type { Metadata } from 'next';
import { PolicyDocView } from '@/features/policy/policy-pages';
import { policyDocMetadata } from '@/features/site/policy-metadata';
import { TakedownSection } from '@/features/policy/takedown-section';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

const doc = 'copyright-Infringement';

/** The copyright policy's title and description. */
export async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
  return policyDocMetadata(await localeOf(params), doc);
}

/**
 * /policy/copyright-Infringement: the copyright policy with its takedown request form; its own
 * route, so the form's script loads on no other policy page.
 */
export default async function CopyrightPolicyPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return <PolicyDocView locale={locale} doc={doc} extra={<TakedownSection locale={locale} />} />;
}
