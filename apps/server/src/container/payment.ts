import { createPaymentNoticeService } from '../modules/payment/payment-notices.service';
import { createPaymentRepository } from '../modules/payment/payment.repository';
import { createPaymentService } from '../modules/payment/payment.service';
import { createStripeProvider } from '../modules/payment/stripe-provider';
import { createSubscriptionReminderRepository } from '../modules/payment/subscription-reminder.repository';
import { createSubscriptionReminderService } from '../modules/payment/subscription-reminder.service';
import type { MembershipActivityService } from '../modules/membership/membership-activity.service';
import type { SiteConfigService } from '../modules/site-config/site-config.service';
import type { Mailer } from '../modules/user/mail/mailer';
import { memberCallLimit } from '../modules/user/member-call-limit';
import type { WindowLimiter } from '../lib/window-limiter';
import type { Wiring } from './container-options';

/**
 * Payments: the provider configuration names (Stripe, or none), the member's checkout, portal and
 * history, the provider's notices that grant and take back premium, and renewal reminders.
 */
export function createPaymentArea(
  { config, database, options, now }: Wiring,
  membership: {
    siteConfig: Pick<SiteConfigService, 'productCatalogue'>;
    membershipActivities: Pick<MembershipActivityService, 'unsubscribeToken' | 'isUnsubscribed'>;
  },
  accounts: { mailer: Pick<Mailer, 'send'>; limiter: WindowLimiter },
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
      limitCall: memberCallLimit(
        accounts.limiter,
        {
          max: config.PAYMENT_MAX_CALLS_PER_MEMBER,
          windowMs: config.AUTH_RATE_WINDOW_SECONDS * 1000,
        },
        'payment',
      ),
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
    subscriptionReminders: createSubscriptionReminderService({
      reminders: createSubscriptionReminderRepository(database.db),
      mailPreferences: membership.membershipActivities,
      mailer: accounts.mailer,
      publicUrl: config.PUBLIC_URL,
      days: config.SUBSCRIPTION_REMINDER_DAYS,
      now,
      logger: options.logger,
    }),
  };
}
