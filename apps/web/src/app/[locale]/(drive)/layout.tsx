import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Toaster } from '@/components/ui/toast';
import { PageFrame } from '@/features/layout/page-frame';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The drive layout: the drive, its account and payment pages, the in-app shop and share pages. */
export default async function DriveLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const t = await getTranslations({ locale, namespace: 'common' });
  return (
    <PageFrame locale={locale} layout="drive" className="bg-surface">
      {children}
      <Toaster label={t('toast.region')} closeLabel={t('toast.close')} />
    </PageFrame>
  );
}
