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
import type { PaymentProvider, SaleMetadata } from './payment-provider';
import type { PaymentRecord, PaymentRepository, SubscriptionRecord } from './payment.repository';

export interface PaymentServiceDeps {
  payments: PaymentRepository;
  /** Undefined when no provider is configured: the purchase pages keep codes and shop links. */
  provider: PaymentProvider | undefined;
  catalogue: () => Promise<ProductCatalogue>;
  publicUrl: string;
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
  };
}

/**
 * The member's side of payments (docs/memberships.md#payments): checkout of a catalogue product
 * through the provider, the provider's customer portal, and the subscription and history.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { payments } = deps;

  function providerOrFail(): PaymentProvider {
    if (!deps.provider) {
      throw new AppError('payment_unavailable');
    }
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
      const provider = providerOrFail();
      const { products } = await deps.catalogue();
      const product = products.find((entry) => entry.id === input.productId);
      if (!product) {
        throw new AppError('payment_product_invalid');
      }
      const currency = (input.currency ?? product.currency).toUpperCase();
      const price = priceIn(product, currency);
      const unitAmount = price === undefined ? undefined : minorUnits(price, currency);
      if (unitAmount === undefined) {
        throw new AppError('payment_product_invalid');
      }
      const sale: SaleMetadata = {
        userId,
        productId: product.id,
        kind: product.kind,
        days: String(product.days),
        bytes: product.bytes,
        interval: product.kind === 'premium' ? (product.interval ?? '') : '',
      };
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
      const provider = providerOrFail();
      const customerId = await payments.customerOf(userId, provider.name);
      if (customerId === undefined) {
        throw new AppError('payment_subscription_not_found');
      }
      return provider.createPortal({ customerId, returnUrl: pageUrl(locale, ''), locale });
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
