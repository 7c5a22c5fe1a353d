import { z } from 'zod';
import { paymentProviders, subscriptionIntervals } from './products';

/*
 * Payments (docs/memberships.md#payments): what a member sees of their subscription and payments
 * at `GET /vip/v1/payment/overview`, and the checkout and portal calls of the purchase pages.
 */

/**
 * A subscription's state as the provider reports it: `active`, `trialing`, `past_due` (a renewal
 * failed and is being retried: the grace runs), `unpaid`, `canceled` (ended), `incomplete`
 * (the first payment is pending) or `incomplete_expired`, `paused`.
 */
export const subscriptionStates = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

/**
 * A payment's state: `pending` (the provider has not confirmed it), `paid`, `failed` (a renewal
 * that did not go through), `refunded` or `disputed` (its days were taken back).
 */
export const paymentStates = ['pending', 'paid', 'failed', 'refunded', 'disputed'] as const;
export type PaymentState = (typeof paymentStates)[number];

/** `POST /vip/v1/payment/checkout`: the product to buy and, optionally, the currency. */
export const checkoutBodySchema = z.object({
  product_id: z.string().min(1).max(64),
  /** ISO 4217; absent: the product's own currency. */
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .optional(),
});

/** The provider's checkout page to send the member to. */
export const checkoutAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  data: z.object({ url: z.string(), session_id: z.string() }),
});

/** `POST /vip/v1/payment/portal`: the provider's page for cards, cancellation and invoices. */
export const portalAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  data: z.object({ url: z.string() }),
});

/** The member's subscription, as the provider last reported it. */
export const subscriptionSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  interval: z.enum(subscriptionIntervals).or(z.literal('')),
  status: z.enum(subscriptionStates),
  /** The end of the period paid for: the renewal date, or the end when `cancel_at_period_end`. */
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
  /** While `past_due`: when premium ends unless the renewal goes through. */
  grace_ends_at: z.string(),
  /** The product it renews on at `current_period_end` after a plan change; `""`: the same. */
  next_product_id: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionSchema>;

/** `POST /vip/v1/payment/subscription/change`: the subscription product to renew on. */
export const planChangeBodySchema = z.object({ product_id: z.string().min(1).max(64) });

/** The member's subscription after a cancellation, resumption or plan change. */
export const paymentSubscriptionAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  data: z.object({ subscription: subscriptionSchema }),
});

/** One payment of the member's history, newest first. */
export const paymentSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  status: z.enum(paymentStates),
  /** Minor units of `currency` as a decimal string (`"499"` is 4.99 USD). */
  amount: z.string(),
  currency: z.string(),
  /** The provider's receipt or invoice page; `""` when it has none. */
  receipt_url: z.string(),
  created_at: z.string(),
});
export type PaymentView = z.infer<typeof paymentSchema>;

/** `GET /vip/v1/payment/overview`. */
export const paymentOverviewAnswerSchema = z.object({
  result: z.literal('ACCEPTED'),
  data: z.object({
    /** The provider the purchase pages sell through; `""`: none (codes and the shop's links). */
    provider: z.enum(paymentProviders).or(z.literal('')),
    /** The member's current (or last) subscription, or null. */
    subscription: subscriptionSchema.nullable(),
    payments: z.array(paymentSchema),
  }),
});
export type PaymentOverview = z.infer<typeof paymentOverviewAnswerSchema>['data'];

/** The answer to a provider's notice. */
export const webhookAnswerSchema = z.object({ received: z.literal(true) });
