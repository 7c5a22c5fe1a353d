import { DrivePage } from '@/features/drive/drive-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-shares');

/** /drive/shares: the member's share links, with their views, saves and expiry. */
export default async function DriveSharesPage({ params }: LocaleParams) {
  return <DrivePage locale={await localeOf(params)} section="shares" />;
}
