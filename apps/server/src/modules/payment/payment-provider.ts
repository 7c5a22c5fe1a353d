import type {
  PaymentProviderName,
  ProductKind,
  SubscriptionInterval,
  SubscriptionState,
} from '@nimbus/contracts';

/**
 * What Nimbus writes into a checkout (and the provider hands back in every notice about it): the
 * member it is for and what was sold, so a notice grants what was bought even after the catalogue
 * changed. All values are strings, as providers keep metadata.
 */
export interface SaleMetadata {
  userId: string;
  productId: string;
  kind: ProductKind;
  days: string;
  bytes: string;
  interval: SubscriptionInterval | '';
}

/** A checkout to open: the member's provider account, what is sold and where to come back. */
export interface CheckoutRequest {
  customerId: string;
  sale: SaleMetadata;
  name: string;
  currency: string;
  /** Minor units of `currency`. */
  unitAmount: number;
  locale: string;
  successUrl: string;
  cancelUrl: string;
}

interface NoticeBase {
  /** The provider's event id: a notice is applied once. */
  id: string;
  /** When the provider created it (orders subscription states). */
  at: Date;
}

/** A payment's money and receipt as a notice tells it. */
interface Money {
  amount: number;
  currency: string;
  receiptUrl: string;
}

/**
 * A provider's notice in Nimbus's terms. Each names the member's provider account (`customerId`)
 * and, where the provider keeps it, the sale's metadata; the service checks that both name the
 * same member before it grants anything.
 */
export type PaymentNotice =
  | (NoticeBase &
      Money & {
        type: 'checkout_completed';
        customerId: string;
        /** The member the checkout was opened for. */
        clientReference: string;
        sale: Partial<SaleMetadata>;
        mode: 'payment' | 'subscription';
        paid: boolean;
        /** The payment (one-time checkouts). */
        paymentReference: string;
        subscriptionId: string;
      })
  | (NoticeBase &
      Money & {
        type: 'invoice_paid' | 'invoice_failed';
        customerId: string;
        invoiceId: string;
        subscriptionId: string;
        sale: Partial<SaleMetadata>;
        /** The payment of a paid invoice (or the invoice itself when it has none). */
        paymentReference: string;
        periodStart: Date;
        periodEnd: Date;
      })
  | (NoticeBase & {
      type: 'subscription_changed';
      customerId: string;
      subscriptionId: string;
      sale: Partial<SaleMetadata>;
      status: SubscriptionState;
      interval: SubscriptionInterval | '';
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: Date | undefined;
    })
  | (NoticeBase & {
      type: 'payment_reversed';
      paymentReference: string;
      reason: 'refunded' | 'disputed';
    })
  | (NoticeBase & {
      type: 'payment_refunded_partly';
      paymentReference: string;
      /** Minor units refunded so far (all partial refunds of the payment together). */
      refunded: number;
      /** The payment's amount, in the same units. */
      amount: number;
    })
  | (NoticeBase & { type: 'dispute_won'; paymentReference: string })
  | (NoticeBase & { type: 'other'; name: string });

/** A subscription's state as the provider answers a change made through its API. */
export interface SubscriptionSnapshot {
  status: SubscriptionState;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: Date | undefined;
}

/** A plan change: the subscription, and what it sells from its current period's end. */
export interface PlanChangeRequest {
  subscriptionId: string;
  sale: SaleMetadata;
  name: string;
  currency: string;
  /** Minor units of `currency`. */
  unitAmount: number;
}

/**
 * A payment provider (docs/memberships.md#payments): Stripe today. The service speaks only this
 * interface; the provider's SDK stays behind it.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the member's account at the provider; its id binds every later notice to them. */
  createCustomer(member: { userId: string; email: string }): Promise<string>;
  /** Opens a checkout and answers the page to send the member to. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** A one-time link to the provider's customer portal. */
  createPortal(input: { customerId: string; returnUrl: string; locale: string }): Promise<string>;
  /** Ends the subscription at its period's end; drops a plan change planned for then. */
  cancelSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** Takes back a cancellation before the period ends: the subscription renews again. */
  resumeSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /**
   * Renews the subscription on another plan from its current period's end (the period paid for
   * is kept as it is, nothing is prorated); replaces a change planned before and takes back a
   * cancellation.
   */
  changeSubscription(request: PlanChangeRequest): Promise<SubscriptionSnapshot>;
  /**
   * Checks a notice's signature over the raw body and reads it; throws
   * `payment_signature_invalid` when it does not check.
   */
  readNotice(body: Buffer, signature: string | undefined): Promise<PaymentNotice>;
}
