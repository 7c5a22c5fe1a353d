import type { ReactNode } from 'react';
import { PageFrame } from '@/features/layout/page-frame';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The basic-activity layout: the public site's frame for everyday rewards such as the check-in. */
export default async function BasicActivityLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  return (
    <PageFrame
      locale={await localeOf(params)}
      layout="basic-activity"
      className="bg-gradient-to-b from-accent to-background"
    >
      {children}
    </PageFrame>
  );
}
