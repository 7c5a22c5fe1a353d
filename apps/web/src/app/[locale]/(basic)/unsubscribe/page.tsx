import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('unsubscribe');

/** /unsubscribe: email preferences, opened from an email link. */
export default function UnsubscribePage() {
  return <InfoPage page="unsubscribe" />;
}
