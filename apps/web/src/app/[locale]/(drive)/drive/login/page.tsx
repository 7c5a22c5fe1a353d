import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-login');

/** /drive/login: sign in to the drive. */
export default function DriveLoginPage() {
  return <InfoPage page="drive-login" />;
}
