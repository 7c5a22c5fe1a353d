import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-account');

/** /drive/account: the member's account. */
export default function DriveAccountPage() {
  return <InfoPage page="drive-account" />;
}
