import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-payment-storage');

/** /drive/payment/storage: extra storage. */
export default function DrivePaymentStoragePage() {
  return <InfoPage page="drive-payment-storage" />;
}
