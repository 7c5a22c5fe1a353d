import { DrivePage } from '@/features/drive/drive-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-recent');

/** /drive/recent: the files changed most recently. */
export default async function DriveRecentPage({ params }: LocaleParams) {
  return <DrivePage locale={await localeOf(params)} section="recent" />;
}
