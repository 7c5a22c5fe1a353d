import { createPaymentNoticeService } from '../modules/payment/payment-notices.service';
import { createPaymentRepository } from '../modules/payment/payment.repository';
import { createPaymentService } from '../modules/payment/payment.service';
import { createStripeProvider } from '../modules/payment/stripe-provider';
import type { SiteConfigService } from '../modules/site-config/site-config.service';
import type { Wiring } from './container-options';

/**
 * Payments: the provider configuration names (Stripe, or none), the member's checkout, portal and
 * history, and the provider's notices that grant and take back premium.
 */
export function createPaymentArea(
  { config, database, options, now }: Wiring,
  membership: { siteConfig: Pick<SiteConfigService, 'productCatalogue'> },
) {
  const payments = createPaymentRepository(database.db);
  const provider =
    config.STRIPE_SECRET_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET !== undefined
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiBase: config.STRIPE_API_BASE,
        })
      : undefined;
  return {
    payments: createPaymentService({
      payments,
      provider,
      catalogue: () => membership.siteConfig.productCatalogue(),
      publicUrl: config.PUBLIC_URL,
      now,
    }),
    paymentNotices: provider
      ? createPaymentNoticeService({
          payments,
          provider,
          graceDays: config.PAYMENT_GRACE_DAYS,
          now,
          logger: options.logger,
        })
      : undefined,
  };
}
