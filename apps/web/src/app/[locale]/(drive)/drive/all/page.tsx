import { DrivePage } from '@/features/drive/drive-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-all');

/** /drive/all: every file of the drive, folder by folder. */
export default async function DriveAllPage({ params }: LocaleParams) {
  return <DrivePage locale={await localeOf(params)} section="all" />;
}
