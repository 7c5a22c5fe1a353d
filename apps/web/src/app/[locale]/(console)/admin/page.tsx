import { ConsoleOverview } from '@/features/console/console-overview';
import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = consolePageMetadata('overview');

/** /admin: the operator console's first page. */
export default async function ConsoleOverviewPage({ params }: LocaleParams) {
  return (
    <ConsolePage locale={await localeOf(params)} section="overview">
      <ConsoleOverview />
    </ConsolePage>
  );
}
