import type { ReactNode } from 'react';
import { PageFrame } from '@/features/layout/page-frame';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The simple layout: one centred panel and no footer, for sign-in and the captcha loading page. */
export default async function SimpleLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  return (
    <PageFrame
      locale={await localeOf(params)}
      layout="simple"
      withoutFooter
      className="flex items-center justify-center bg-surface"
    >
      {children}
    </PageFrame>
  );
}
