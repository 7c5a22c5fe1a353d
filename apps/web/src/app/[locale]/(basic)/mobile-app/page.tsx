import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('mobile-app');

/** /mobile-app: the Android and iOS apps. */
export default function MobileAppPage() {
  return <InfoPage page="mobile-app" />;
}
