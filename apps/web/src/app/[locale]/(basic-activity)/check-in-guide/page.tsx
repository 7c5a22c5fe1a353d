import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('check-in-guide');

/** /check-in-guide: how the check-in works. */
export default function CheckInGuidePage() {
  return <InfoPage page="check-in-guide" />;
}
