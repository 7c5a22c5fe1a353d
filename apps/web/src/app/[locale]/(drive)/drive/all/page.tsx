import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-all');

/** /drive/all: every file of the drive. */
export default function DriveAllPage() {
  return <InfoPage page="drive-all" />;
}
