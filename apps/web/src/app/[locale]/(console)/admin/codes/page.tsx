import { CodesView } from '@/features/console/codes-view';
import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

export const generateMetadata = consolePageMetadata('codes');

/** /admin/codes: batches of activation codes (admins mint and revoke, support reads). */
export default async function ConsoleCodesPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <ConsolePage locale={locale} section="codes">
      <CodesView errorTexts={errorTextsOf(locale)} />
    </ConsolePage>
  );
}
