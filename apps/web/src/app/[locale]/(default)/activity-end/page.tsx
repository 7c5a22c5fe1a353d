import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('activity-end');

/** /activity-end: where ended promotions lead. */
export default function ActivityEndPage() {
  return <InfoPage page="activity-end" />;
}
