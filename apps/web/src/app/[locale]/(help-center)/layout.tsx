import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { helpCenterDirectories } from '@/features/help-center/help-center-content';
import { PageFrame } from '@/features/layout/page-frame';
import { SideNavLayout } from '@/features/layout/side-nav-layout';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The help-center layout: the list of topics beside the article. */
export default async function HelpCenterLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'help-center' });
  const links = helpCenterDirectories.map((directory) => ({
    href: localePath(locale, `/help-center/${directory.slug}`),
    label: t(`directories.${directory.slug}.title`),
  }));
  return (
    <PageFrame locale={locale} layout="help-center">
      <SideNavLayout headingId="help-center-topics" heading={t('topics')} links={links}>
        {children}
      </SideNavLayout>
    </PageFrame>
  );
}
