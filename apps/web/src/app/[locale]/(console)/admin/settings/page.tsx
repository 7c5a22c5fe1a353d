import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import { SettingsView } from '@/features/console/settings/settings-view';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

export const generateMetadata = consolePageMetadata('settings');

/** /admin/settings: the site settings, their history and reverts (admins). */
export default async function ConsoleSettingsPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <ConsolePage locale={locale} section="settings">
      <SettingsView errorTexts={errorTextsOf(locale)} />
    </ConsolePage>
  );
}
