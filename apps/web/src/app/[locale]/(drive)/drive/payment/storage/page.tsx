import { PaymentPage } from '@/features/payment/payment-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('drive-payment-storage');

/** /drive/payment/storage: storage use, the storage packs and the redeem box. */
export default async function DrivePaymentStoragePage({ params }: LocaleParams) {
  return <PaymentPage locale={await localeOf(params)} variant="storage" />;
}
