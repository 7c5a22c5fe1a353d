import type { ReactNode } from 'react';
import { PageFrame } from '@/features/layout/page-frame';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

/** The activity layout: seasonal promotions on a festive brand backdrop. */
export default async function ActivityLayout({
  children,
  params,
}: { children: ReactNode } & LocaleParams) {
  return (
    <PageFrame
      locale={await localeOf(params)}
      layout="activity"
      className="bg-gradient-to-b from-brand-100 via-background to-background dark:from-brand-950"
    >
      {children}
    </PageFrame>
  );
}
