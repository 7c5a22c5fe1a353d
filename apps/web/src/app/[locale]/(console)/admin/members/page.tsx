import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import { MembersView } from '@/features/console/members-view';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

export const generateMetadata = consolePageMetadata('members');

/** /admin/members: search the members (admins, moderators, support). */
export default async function ConsoleMembersPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <ConsolePage locale={locale} section="members">
      <MembersView errorTexts={errorTextsOf(locale)} />
    </ConsolePage>
  );
}
