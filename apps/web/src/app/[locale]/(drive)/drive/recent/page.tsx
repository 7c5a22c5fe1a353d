import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-recent');

/** /drive/recent: recently used files. */
export default function DriveRecentPage() {
  return <InfoPage page="drive-recent" />;
}
