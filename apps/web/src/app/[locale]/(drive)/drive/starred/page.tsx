import { DrivePage } from '@/features/drive/drive-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-starred');

/** /drive/starred: the member's starred files and folders, of every folder. */
export default async function DriveStarredPage({ params }: LocaleParams) {
  return <DrivePage locale={await localeOf(params)} section="starred" />;
}
