import { sharedMessages } from '@nimbus/contracts';
import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import { ModerationView } from '@/features/console/moderation-view';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

export const generateMetadata = consolePageMetadata('moderation');

/** /admin/moderation: the queue of reported shares (admins, moderators). */
export default async function ConsoleModerationPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <ConsolePage locale={locale} section="moderation">
      <ModerationView
        errorTexts={errorTextsOf(locale)}
        reasonTexts={sharedMessages[locale].moderationReason}
      />
    </ConsolePage>
  );
}
