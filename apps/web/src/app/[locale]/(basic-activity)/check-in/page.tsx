import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('check-in');

/** /check-in: the daily check-in. */
export default function CheckInPage() {
  return <InfoPage page="check-in" />;
}
