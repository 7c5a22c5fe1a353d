import { ConsolePage, consolePageMetadata } from '@/features/console/console-page';
import { MemberView } from '@/features/console/member-view';
import { localeOf } from '@/i18n/params';
import { errorTextsOf } from '@/lib/auth-messages';

interface MemberPageProps {
  params: Promise<{ locale: string; userId: string }>;
}

export const generateMetadata = consolePageMetadata('members');

/** /admin/members/{id}: one member's page and the actions on them. */
export default async function ConsoleMemberPage({ params }: MemberPageProps) {
  const locale = await localeOf(params);
  const { userId } = await params;
  return (
    <ConsolePage locale={locale} section="members">
      <MemberView userId={userId} errorTexts={errorTextsOf(locale)} />
    </ConsolePage>
  );
}
