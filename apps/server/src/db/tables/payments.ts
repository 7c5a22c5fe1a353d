import type { ColumnType, Generated } from 'kysely';

/* Tables of payments through a provider (0037). */

/** A member's account at the payment provider, created by Nimbus before their first checkout. */
export interface PaymentCustomerTable {
  user_id: string;
  provider: string;
  customer_id: string;
  created_at: string;
}

/** A provider's notice, applied once: its id is the key. */
export interface PaymentEventTable {
  provider: string;
  event_id: string;
  type: string;
  /** The member it concerned, when it named one of ours. */
  user_id: string | null;
  /** What applying it did (`applied`, `duplicate` is never stored, `ignored`, `rejected`). */
  outcome: string;
  received_at: string;
}

/** One payment (or a failed renewal), by the provider's reference. */
export interface PaymentTable {
  id: string;
  /** Null for a refund or dispute heard of before its payment. */
  user_id: string | null;
  provider: string;
  /** The payment intent, or the invoice of a payment without one (`invoice:<id>` for failures). */
  reference: string;
  invoice_id: ColumnType<string | null, string | null | undefined, string | null>;
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  product_id: Generated<string>;
  /** `pending`, `paid`, `failed`, `refunded`, `disputed`, `recovered` (a failure later paid). */
  status: string;
  amount: ColumnType<number | string, number | undefined, number>;
  currency: Generated<string>;
  receipt_url: Generated<string>;
  /** The premium grant the payment gave (or the grace a failure gave). */
  membership_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The storage or traffic pack the payment gave. */
  pack_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Minor units refunded so far (0049); a partial refund takes the same share of the days. */
  refunded_amount: ColumnType<number | string, number | undefined, number>;
  /** The time a full refund or a dispute took back (0049), given back if the dispute is won. */
  taken_back_seconds: ColumnType<number | string, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** The last known state of a subscription. */
export interface PaymentSubscriptionTable {
  id: string;
  user_id: string;
  provider: string;
  product_id: string;
  interval: string;
  status: string;
  current_period_end: string;
  cancel_at_period_end: number;
  /** While `past_due`: the end of the grace premium. */
  grace_ends_at: string;
  /** The provider's time of the state stored: older notices do not overwrite it. */
  state_at: string;
  created_at: string;
  /** The product it renews on from the period's end, after a plan change (`''`: none; 0048). */
  next_product_id: ColumnType<string, string | undefined, string>;
  /** The renewal date the member was last reminded of (0050; `''`: none). */
  reminded_period_end: ColumnType<string, string | undefined, string>;
  /** When a node claimed the reminder it is sending (0050; `''`: none). */
  reminder_claimed_at: ColumnType<string, string | undefined, string>;
}
