import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/features/layout/page-frame';
import { SideNavLayout } from '@/features/layout/side-nav-layout';
import { policyDocs } from '@/features/policy/policy-docs';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The policy layout: the list of policy documents beside the document. */
export default async function PolicyLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'policy' });
  const links = [
    ...policyDocs.map((doc) => ({
      href: localePath(locale, `/policy/${doc}`),
      label: t(`docs.${doc}.title`),
    })),
    { href: localePath(locale, '/policy/update'), label: t('update.title') },
  ];
  return (
    <PageFrame locale={locale} layout="policy">
      <SideNavLayout headingId="policy-documents" heading={t('label')} links={links}>
        {children}
      </SideNavLayout>
    </PageFrame>
  );
}
