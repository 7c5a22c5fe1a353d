import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('inapp-widget');

/** /inapp/widget: the compact in-app view. */
export default function InappWidgetPage() {
  return <InfoPage page="inapp-widget" />;
}
