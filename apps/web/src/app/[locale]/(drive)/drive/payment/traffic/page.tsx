import { InfoPage, infoPageMetadata } from '@/features/site/info-page';

export const generateMetadata = infoPageMetadata('drive-payment-traffic');

/** /drive/payment/traffic: extra download traffic. */
export default function DrivePaymentTrafficPage() {
  return <InfoPage page="drive-payment-traffic" />;
}
