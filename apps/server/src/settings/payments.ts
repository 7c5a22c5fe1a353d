import { z } from 'zod';

/**
 * The payment provider the purchase pages sell through. Without `STRIPE_SECRET_KEY` and
 * `STRIPE_WEBHOOK_SECRET` no provider is configured: the pages keep the catalogue's checkout
 * links and activation codes. Each variable is described in its schema (`.describe()`).
 */
export const paymentSettings = {
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      "Secret API key of the Stripe account payments go to (`sk_live_...`, `sk_test_...`). With `STRIPE_WEBHOOK_SECRET`, the purchase pages sell the catalogue's priced products through Stripe Checkout.",
    ),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe(
      'Signing secret (`whsec_...`) of the Stripe webhook endpoint `PUBLIC_URL/vip/v1/payment/stripe/webhook`, which must send `checkout.session.completed`, `invoice.paid`, `invoice.payment_failed`, `customer.subscription.updated`, `customer.subscription.deleted`, `charge.refunded` and `charge.dispute.created`.',
    ),
  STRIPE_API_BASE: z
    .url({ protocol: /^https?$/ })
    .optional()
    .describe(
      "Address of Stripe's API (`https://api.stripe.com` when empty); a test stand-in's address in tests.",
    ),
  PAYMENT_GRACE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(7)
    .describe(
      'Premium days a subscriber keeps after a renewal payment fails, while the provider retries it; premium ends after them unless a retry succeeds.',
    ),
  PAYMENT_MAX_CALLS_PER_MEMBER: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      "Payment calls that reach the provider (checkout, portal, cancel, resume, plan change) one member may make per AUTH_RATE_WINDOW_SECONDS, together; past it they answer 429. Keeps one member from spending the provider account's own rate limit for everyone.",
    ),
  SUBSCRIPTION_REMINDER_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(7)
    .describe(
      'Days before a subscription renews that its member is mailed a reminder (once per renewal, with the link to cancel or switch plan); 0 sends none. Checked hourly.',
    ),
};
