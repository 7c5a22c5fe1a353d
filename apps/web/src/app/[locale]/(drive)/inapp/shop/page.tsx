import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('inapp-shop');

/** /inapp/shop: premium plans inside the apps. */
export default function InappShopPage() {
  return <InfoPage page="inapp-shop" />;
}
