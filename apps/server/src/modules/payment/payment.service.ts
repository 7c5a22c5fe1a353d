import {
  priceIn,
  type Locale,
  type PaymentOverview,
  type PaymentState,
  type ProductCatalogue,
  type SubscriptionState,
} from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { sitePath } from '../membership/membership-reminder-mail';
import type { PaymentProvider, SaleMetadata, SubscriptionSnapshot } from './payment-provider';
import type { PaymentRecord, PaymentRepository, SubscriptionRecord } from './payment.repository';

export interface PaymentServiceDeps {
  payments: PaymentRepository;
  /** Undefined when no provider is configured: the purchase pages keep codes and shop links. */
  provider: PaymentProvider | undefined;
  catalogue: () => Promise<ProductCatalogue>;
  publicUrl: string;
  /**
   * Counts a member's call that reaches the provider (`too_many_requests` past the limit), so
   * no member can spend the operator's provider rate limit for everyone.
   */
  limitCall: (userId: string) => Promise<void>;
  now: () => Date;
}

/** Payments history entries a member sees. */
const historyLength = 50;

/**
 * A price (`4.99`) in the currency's minor units (`499`; `500` for 500 JPY), or undefined when
 * it has more decimals than the currency has.
 */
export function minorUnits(price: string, currency: string): number | undefined {
  let digits: number;
  try {
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2;
  } catch {
    return undefined;
  }
  const [whole = '', fraction = ''] = price.split('.');
  if (!/^\d+$/.test(whole) || fraction.length > digits || !/^\d*$/.test(fraction)) {
    return undefined;
  }
  const amount = Number(whole + fraction.padEnd(digits, '0'));
  return Number.isSafeInteger(amount) && amount > 0 ? amount : undefined;
}

function paymentView(row: PaymentRecord) {
  return {
    id: row.id,
    product_id: row.product_id,
    status: row.status as PaymentState,
    amount: String(row.amount),
    currency: row.currency,
    receipt_url: row.receipt_url,
    created_at: row.created_at,
  };
}

function subscriptionView(row: SubscriptionRecord): NonNullable<PaymentOverview['subscription']> {
  return {
    id: row.id,
    product_id: row.product_id,
    interval: row.interval === 'month' || row.interval === 'year' ? row.interval : '',
    status: row.status as SubscriptionState,
    current_period_end: row.current_period_end,
    cancel_at_period_end: row.cancel_at_period_end !== 0,
    grace_ends_at: row.status === 'past_due' ? row.grace_ends_at : '',
    next_product_id: row.next_product_id,
  };
}

/** The states of a subscription the member can still cancel, resume or move to another plan. */
const changeableStates: ReadonlySet<string> = new Set<SubscriptionState>([
  'active',
  'trialing',
  'past_due',
]);

/**
 * The member's side of payments (docs/memberships.md#payments): checkout of a catalogue product
 * through the provider, the provider's customer portal, and the subscription and history.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { payments } = deps;

  /** The provider, once the member's call is counted (`payment_unavailable` when none). */
  async function providerFor(userId: string): Promise<PaymentProvider> {
    if (!deps.provider) {
      throw new AppError('payment_unavailable');
    }
    await deps.limitCall(userId);
    return deps.provider;
  }

  /** The member's provider account, created on their first checkout. */
  async function customerOf(provider: PaymentProvider, userId: string): Promise<string> {
    const known = await payments.customerOf(userId, provider.name);
    if (known !== undefined) {
      return known;
    }
    const email = await payments.emailOf(userId);
    if (email === undefined) {
      throw new AppError('unauthenticated');
    }
    const customerId = await provider.createCustomer({ userId, email });
    await payments.bindCustomer({
      userId,
      provider: provider.name,
      customerId,
      at: deps.now().toISOString(),
    });
    return (await payments.customerOf(userId, provider.name)) ?? customerId;
  }

  /** The member's subscription that can still change, at the configured provider. */
  async function changeableSubscription(provider: PaymentProvider, userId: string) {
    const row = await payments.latestSubscription(userId);
    if (!row || row.provider !== provider.name || !changeableStates.has(row.status)) {
      throw new AppError('payment_subscription_not_found');
    }
    return row;
  }

  /** Stores the state the provider answered a change with, and answers the member's view. */
  async function keep(row: SubscriptionRecord, snapshot: SubscriptionSnapshot, next: string) {
    const patch = {
      status: snapshot.status,
      cancel_at_period_end: snapshot.cancelAtPeriodEnd ? 1 : 0,
      current_period_end: snapshot.currentPeriodEnd?.toISOString() ?? row.current_period_end,
      next_product_id: next,
      // The provider answered after every notice it sent before: newer than the state stored.
      state_at: [deps.now().toISOString(), row.state_at].sort().at(-1) ?? row.state_at,
    };
    await payments.updateSubscriptionState(row.id, patch);
    return subscriptionView({ ...row, ...patch });
  }

  /** What a product sells, as the provider keeps it with the checkout or subscription. */
  function saleOf(userId: string, product: ProductCatalogue['products'][number]): SaleMetadata {
    return {
      userId,
      productId: product.id,
      kind: product.kind,
      days: String(product.days),
      bytes: product.bytes,
      interval: product.kind === 'premium' ? (product.interval ?? '') : '',
    };
  }

  /** A product's price in a currency, in minor units; `payment_product_invalid` when it has none. */
  function amountOf(product: ProductCatalogue['products'][number], currency: string): number {
    const price = priceIn(product, currency);
    const amount = price === undefined ? undefined : minorUnits(price, currency);
    if (amount === undefined) {
      throw new AppError('payment_product_invalid');
    }
    return amount;
  }

  function pageUrl(locale: Locale, query: string): string {
    return new URL(`${sitePath(locale, '/drive/payment')}${query}`, deps.publicUrl).toString();
  }

  return {
    /** The provider the purchase pages sell through, or `''`. */
    providerName(): PaymentOverview['provider'] {
      return deps.provider?.name ?? '';
    },

    /**
     * Opens a checkout of a catalogue product for the signed-in member, in `currency` or the
     * product's own. The checkout names the member's own provider account and the member, and
     * the notices are checked against both: nobody can buy for another member.
     */
    async checkout(
      userId: string,
      input: { productId: string; currency: string | undefined },
      locale: Locale,
    ): Promise<{ url: string; sessionId: string }> {
      const provider = await providerFor(userId);
      const { products } = await deps.catalogue();
      const product = products.find((entry) => entry.id === input.productId);
      if (!product) {
        throw new AppError('payment_product_invalid');
      }
      const currency = (input.currency ?? product.currency).toUpperCase();
      const unitAmount = amountOf(product, currency);
      const sale = saleOf(userId, product);
      const session = await provider.createCheckout({
        customerId: await customerOf(provider, userId),
        sale,
        name: product.name === '' ? product.id : product.name,
        currency,
        unitAmount,
        locale,
        successUrl: pageUrl(locale, '?checkout=done'),
        cancelUrl: pageUrl(locale, '?checkout=cancelled'),
      });
      return { url: session.url, sessionId: session.id };
    },

    /** A link to the provider's portal for the member's cards, subscription and invoices. */
    async portal(userId: string, locale: Locale): Promise<string> {
      const provider = await providerFor(userId);
      const customerId = await payments.customerOf(userId, provider.name);
      if (customerId === undefined) {
        throw new AppError('payment_subscription_not_found');
      }
      return provider.createPortal({ customerId, returnUrl: pageUrl(locale, ''), locale });
    },

    /**
     * Cancels the member's subscription at its period's end (docs/memberships.md#payments):
     * premium stays until then; a plan change planned for then is dropped.
     */
    async cancel(userId: string) {
      const provider = await providerFor(userId);
      const row = await changeableSubscription(provider, userId);
      return keep(row, await provider.cancelSubscription(row.id), '');
    },

    /** Takes back a cancellation: the subscription renews at its period's end again. */
    async resume(userId: string) {
      const provider = await providerFor(userId);
      const row = await changeableSubscription(provider, userId);
      return keep(row, await provider.resumeSubscription(row.id), row.next_product_id);
    },

    /**
     * Moves the member's subscription to another subscription product of the catalogue from its
     * period's end, in the currency it was paid in: the period paid for stays as it is, the next
     * renewal is of the new plan. A cancelled subscription renews again, on the new plan.
     */
    async changePlan(userId: string, productId: string) {
      const provider = await providerFor(userId);
      const row = await changeableSubscription(provider, userId);
      const { products } = await deps.catalogue();
      const product = products.find((entry) => entry.id === productId);
      const planned = row.next_product_id === '' ? row.product_id : row.next_product_id;
      if (!product || product.kind !== 'premium' || !product.interval || product.id === planned) {
        throw new AppError('payment_product_invalid');
      }
      const currency = (
        (await payments.currencyOfSubscription(row.id)) ?? product.currency
      ).toUpperCase();
      const snapshot = await provider.changeSubscription({
        subscriptionId: row.id,
        sale: saleOf(userId, product),
        name: product.name === '' ? product.id : product.name,
        currency,
        unitAmount: amountOf(product, currency),
      });
      return keep(row, snapshot, product.id === row.product_id ? '' : product.id);
    },

    /** The member's subscription and payments. */
    async overview(userId: string): Promise<PaymentOverview> {
      const [subscription, history] = await Promise.all([
        payments.latestSubscription(userId),
        payments.paymentsOf(userId, historyLength),
      ]);
      return {
        provider: deps.provider?.name ?? '',
        subscription: subscription ? subscriptionView(subscription) : null,
        payments: history.map(paymentView),
      };
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
