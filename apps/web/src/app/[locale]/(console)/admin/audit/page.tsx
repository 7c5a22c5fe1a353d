import { AuditLogView } from '@/features/console/audit-log-view';
import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

export const generateMetadata = consolePageMetadata('audit');

/** /admin/audit: the audit log, searchable and exportable (admins). */
export default async function ConsoleAuditPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <ConsolePage locale={locale} section="audit">
      <AuditLogView errorTexts={errorTextsOf(locale)} />
    </ConsolePage>
  );
}
