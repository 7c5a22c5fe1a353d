import { DrivePage } from '@/features/drive/drive-page';
import { SharesBrowser } from '@/features/share/owner/shares-browser';
import { errorTextsOf } from '@/lib/auth-messages';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';
import { localePath } from '@/i18n/locale-path';

export const generateMetadata = infoPageMetadata('drive-shares');

/** /drive/shares: the member's share links, with their views, saves and expiry. */
export default async function DriveSharesPage({ params }: LocaleParams) {
  const locale = await localeOf(params);
  return (
    <DrivePage
      locale={locale}
      section="shares"
      listing={
        <SharesBrowser
          errorTexts={errorTextsOf(locale)}
          allHref={localePath(locale, '/drive/all')}
        />
      }
    />
  );
}
