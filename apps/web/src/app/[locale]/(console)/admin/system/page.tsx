import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import { SystemView } from '@/features/console/system-view';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

export const generateMetadata = consolePageMetadata('system');

/** /admin/system: queues, failed jobs, periodic jobs and the blob store now (admins). */
export default async function ConsoleSystemPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <ConsolePage locale={locale} section="system">
      <SystemView errorTexts={errorTextsOf(locale)} />
    </ConsolePage>
  );
}
