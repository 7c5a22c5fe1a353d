import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { visibleDirectories } from '@/features/help-center/help-center-content';
import { loadVisibleHelpArticles } from '@/features/help-center/help-features';
import { HelpSearchForm } from '@/features/help-center/help-search-form';
import { PageFrame } from '@/features/layout/page-frame';
import { SideNavLayout } from '@/features/layout/side-nav-layout';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The help-center layout: the search box above, the list of topics beside the article. */
export default async function HelpCenterLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const [t, visible] = await Promise.all([
    getTranslations({ locale, namespace: 'help-center' }),
    loadVisibleHelpArticles(locale),
  ]);
  const links = visibleDirectories(visible).map((directory) => ({
    href: localePath(locale, `/help-center/${directory}`),
    label: t(`directories.${directory}.title`),
  }));
  return (
    <PageFrame locale={locale} layout="help-center">
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <HelpSearchForm
          action={localePath(locale, '/help-center/search')}
          labels={{
            label: t('search.label'),
            placeholder: t('search.placeholder'),
            submit: t('search.submit'),
          }}
        />
      </div>
      <SideNavLayout headingId="help-center-topics" heading={t('topics')} links={links}>
        {children}
      </SideNavLayout>
    </PageFrame>
  );
}
