import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { Toaster } from '@/components/ui/toast';
import { DeletionBanner } from '@/features/account/deletion-banner';
import { PageFrame } from '@/features/layout/page-frame';
import { localePath } from '@/i18n/locale-path';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/**
 * The drive layout: the drive, its account and payment pages, the in-app shop and share pages,
 * with the banner of a pending account deletion on the drive's pages.
 */
export default async function DriveLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  const locale = await localeOf(params);
  const [t, account] = await Promise.all([
    getTranslations({ locale, namespace: 'common' }),
    getTranslations({ locale, namespace: 'account' }),
  ]);
  const cancelDeletion = `${localePath(locale, '/drive/login')}?${new URLSearchParams({
    cancel_deletion: '1',
    redirect: localePath(locale, '/drive/all'),
  }).toString()}`;
  return (
    <PageFrame locale={locale} layout="drive" className="bg-surface">
      <DeletionBanner
        locale={locale}
        texts={{
          body: account('deletion.banner', { date: '{date}' }),
          cancel: account('deletion.cancel'),
        }}
        cancelHref={cancelDeletion}
      />
      {children}
      <Toaster label={t('toast.region')} closeLabel={t('toast.close')} />
    </PageFrame>
  );
}
