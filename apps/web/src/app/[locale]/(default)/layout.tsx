import type { ReactNode } from 'react';
import { PageFrame } from '@/features/layout/page-frame';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The layout of pages without a named layout (docs/product.md#screens-and-routes). */
export default async function DefaultLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  return (
    <PageFrame locale={await localeOf(params)} layout="default">
      {children}
    </PageFrame>
  );
}
