import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-trash');

/** /drive/trash: deleted files. */
export default function DriveTrashPage() {
  return <InfoPage page="drive-trash" />;
}
