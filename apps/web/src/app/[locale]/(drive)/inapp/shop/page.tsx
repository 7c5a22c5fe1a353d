import { PaymentPage } from '@/features/payment/payment-page';
import { infoPageMetadata } from '@/features/site/info-page';
import type { LocaleParams } from '@/i18n/params';
import { localeOf } from '@/i18n/params';

export const generateMetadata = infoPageMetadata('inapp-shop');

/** /inapp/shop: the premium plans and the redeem box, compact for the apps' in-app view. */
export default async function InappShopPage({ params }: LocaleParams) {
  return <PaymentPage locale={await localeOf(params)} variant="shop" />;
}
