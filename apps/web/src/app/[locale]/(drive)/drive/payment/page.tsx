import { PaymentPage } from '@/features/payment/payment-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-payment');

/** /drive/payment: free and premium compared, the premium plans and the redeem box. */
export default async function DrivePaymentPage({ params }: LocaleParams) {
  return <PaymentPage locale={await localeOf(params)} variant="plans" />;
}
