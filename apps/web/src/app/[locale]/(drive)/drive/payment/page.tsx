import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-payment');

/** /drive/payment: premium plans. */
export default function DrivePaymentPage() {
  return <InfoPage page="drive-payment" />;
}
