import {
  checkoutAnswerSchema,
  checkoutBodySchema,
  paymentOverviewAnswerSchema,
  planChangeBodySchema,
  portalAnswerSchema,
  paymentSubscriptionAnswerSchema,
  webhookAnswerSchema,
} from '../payments';
import { defineEndpoint } from './endpoint';

const tags = ['payment'];

/**
 * The payment calls of docs/api.md#account-and-membership: checkout and the customer portal
 * through the configured provider, the member's subscription and payments, and the provider's
 * signed notices (webhooks) that grant and take back premium days.
 */
export const paymentApi = {
  checkout: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/payment/checkout',
    summary: 'Start a checkout at the payment provider for the signed-in member',
    description:
      "Answers the provider's checkout page for a product of the catalogue (one-time premium " +
      "days or packs, or a monthly or yearly subscription), in `currency` or the product's own. " +
      'The checkout is bound to the signed-in member; nobody can buy for another member. ' +
      'Errors: `payment_unavailable` (no provider configured), `payment_product_invalid` ' +
      '(not in the catalogue, or no price in the currency).',
    tags,
    auth: 'member',
    body: checkoutBodySchema,
    answer: checkoutAnswerSchema,
  }),
  portal: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/payment/portal',
    summary: "Open the payment provider's customer portal",
    description:
      "Answers a one-time link to the provider's portal, where the member changes cards, " +
      'cancels or resumes and changes the subscription, and reads invoices. Errors: ' +
      '`payment_unavailable`, `payment_subscription_not_found` (the member never paid here).',
    tags,
    auth: 'member',
    answer: portalAnswerSchema,
  }),
  cancelSubscription: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/payment/subscription/cancel',
    summary: "Cancel the member's subscription at the end of the period paid for",
    description:
      'Premium stays until `current_period_end`; nothing renews then. A plan change planned ' +
      'for then is dropped. Errors: `payment_unavailable`, `payment_subscription_not_found` ' +
      '(no subscription that still runs).',
    tags,
    auth: 'member',
    answer: paymentSubscriptionAnswerSchema,
  }),
  resumeSubscription: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/payment/subscription/resume',
    summary: 'Take back a cancellation: the subscription renews again',
    description: 'Errors: `payment_unavailable`, `payment_subscription_not_found`.',
    tags,
    auth: 'member',
    answer: paymentSubscriptionAnswerSchema,
  }),
  changeSubscription: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/payment/subscription/change',
    summary: 'Renew the subscription on another plan from the end of the period paid for',
    description:
      'Moves a monthly subscription to yearly or back, from `current_period_end` (named in ' +
      '`next_product_id` until then): the period paid for is kept, nothing is prorated, and a ' +
      'cancelled subscription renews again. Errors: `payment_unavailable`, ' +
      '`payment_subscription_not_found`, `payment_product_invalid` (not a subscription of the ' +
      'catalogue, the plan it already renews on, or no price in its currency).',
    tags,
    auth: 'member',
    body: planChangeBodySchema,
    answer: paymentSubscriptionAnswerSchema,
  }),
  overview: defineEndpoint({
    method: 'GET',
    path: '/vip/v1/payment/overview',
    summary: "The member's subscription and payment history",
    tags,
    auth: 'member',
    answer: paymentOverviewAnswerSchema,
  }),
  stripeWebhook: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/payment/stripe/webhook',
    summary: "Stripe's signed notices",
    description:
      'Verified by the `stripe-signature` header against `STRIPE_WEBHOOK_SECRET` over the raw ' +
      'body; each event is applied once (by its id), whatever the order and the retries. ' +
      'Errors: `payment_signature_invalid`, `payment_unavailable` (not configured).',
    tags,
    auth: 'visitor',
    answer: webhookAnswerSchema,
  }),
};
