import { DrivePage } from '@/features/drive/drive-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-trash');

/** /drive/trash: the items in the trash. */
export default async function DriveTrashPage({ params }: LocaleParams) {
  return <DrivePage locale={await localeOf(params)} section="trash" />;
}
