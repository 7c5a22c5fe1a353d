import { PaymentPage } from '@/features/payment/payment-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-payment-traffic');

/** /drive/payment/traffic: download traffic use, the traffic packs and the redeem box. */
export default async function DrivePaymentTrafficPage({ params }: LocaleParams) {
  return <PaymentPage locale={await localeOf(params)} variant="traffic" />;
}
