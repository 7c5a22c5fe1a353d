import type { ReactNode } from 'react';
import { PageFrame } from '@/features/layout/page-frame';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The basic layout of the public site: home, apps, FAQ, help and the link checker. */
export default async function BasicLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  return (
    <PageFrame locale={await localeOf(params)} layout="basic">
      {children}
    </PageFrame>
  );
}
