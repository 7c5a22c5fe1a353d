import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import { DashboardView } from '@/features/console/dashboard-view';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

export const generateMetadata = consolePageMetadata('dashboard');

/** /admin/dashboard: sign-ups, conversions, active members and storage over a period (admins). */
export default async function ConsoleDashboardPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <ConsolePage locale={locale} section="dashboard">
      <DashboardView errorTexts={errorTextsOf(locale)} />
    </ConsolePage>
  );
}
