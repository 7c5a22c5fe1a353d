import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import { RolesView } from '@/features/console/roles-view';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

export const generateMetadata = consolePageMetadata('roles');

/** /admin/roles: who holds a console role; grant and revoke (admins). */
export default async function ConsoleRolesPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <ConsolePage locale={locale} section="roles">
      <RolesView errorTexts={errorTextsOf(locale)} />
    </ConsolePage>
  );
}
