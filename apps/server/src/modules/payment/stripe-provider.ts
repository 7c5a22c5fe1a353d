import type { ProductKind, SubscriptionInterval, SubscriptionState } from '@nimbus/contracts';
import type Stripe from 'stripe';
import { AppError } from '../../http/app-error';
import type {
  CheckoutRequest,
  PaymentNotice,
  PaymentProvider,
  PlanChangeRequest,
  SaleMetadata,
  SubscriptionSnapshot,
} from './payment-provider';

/** How Stripe is reached: the keys, and another API address for a test stand-in. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** `https://api.stripe.com` when undefined. */
  apiBase: string | undefined;
}

type Metadata = Record<string, string> | null | undefined;

const idOf = (value: string | { id: string } | null | undefined): string =>
  typeof value === 'string' ? value : (value?.id ?? '');

const dateOf = (seconds: number): Date => new Date(seconds * 1000);

/** The sale metadata Nimbus wrote, as far as a notice carries it (never trusted alone). */
function saleOf(metadata: Metadata): Partial<SaleMetadata> {
  if (!metadata) {
    return {};
  }
  return {
    ...(metadata.user_id ? { userId: metadata.user_id } : {}),
    ...(metadata.product_id ? { productId: metadata.product_id } : {}),
    ...(metadata.kind ? { kind: metadata.kind as ProductKind } : {}),
    ...(metadata.days ? { days: metadata.days } : {}),
    ...(metadata.bytes ? { bytes: metadata.bytes } : {}),
    ...(metadata.interval ? { interval: metadata.interval as SubscriptionInterval } : {}),
  };
}

function metadataOf(sale: SaleMetadata): Record<string, string> {
  return {
    user_id: sale.userId,
    product_id: sale.productId,
    kind: sale.kind,
    days: sale.days,
    bytes: sale.bytes,
    interval: sale.interval,
  };
}

/** Stripe's checkout languages for Nimbus's locales (`auto` for the others). */
function checkoutLocale(locale: string): Stripe.Checkout.SessionCreateParams.Locale {
  switch (locale) {
    case 'zh-CN':
      return 'zh';
    case 'zh-TW':
      return 'zh-TW';
    case 'pt':
      return 'pt-BR';
    case 'en-US':
      return 'en';
    case 'es':
    case 'id':
    case 'ja':
    case 'ko':
    case 'ms':
    case 'ru':
      return locale;
    default:
      return 'auto';
  }
}

/**
 * The payment reference of a paid invoice: its payment intent (what a refund or dispute names),
 * read from the notice when Stripe included it, else asked of the API; the invoice's own id when
 * it was paid without one (a zero amount, a credit balance).
 */
async function paymentOfInvoice(stripe: Stripe, invoice: Stripe.Invoice): Promise<string> {
  const listed =
    invoice.payments?.data ??
    (await stripe.invoicePayments.list({ invoice: invoice.id, limit: 10 })).data;
  const paid = listed.find((payment) => payment.status === 'paid') ?? listed[0];
  const intent = idOf(paid?.payment.payment_intent);
  return intent === '' ? `invoice:${invoice.id}` : intent;
}

function subscriptionNotice(event: Stripe.Event, subscription: Stripe.Subscription): PaymentNotice {
  const item = subscription.items.data[0];
  const ended = event.type === 'customer.subscription.deleted';
  return {
    type: 'subscription_changed',
    id: event.id,
    at: dateOf(event.created),
    customerId: idOf(subscription.customer),
    subscriptionId: subscription.id,
    sale: saleOf(subscription.metadata),
    status: ended ? 'canceled' : (subscription.status as SubscriptionState),
    interval: (item?.price.recurring?.interval as SubscriptionInterval | undefined) ?? '',
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    currentPeriodEnd: item ? dateOf(item.current_period_end) : undefined,
  };
}

function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items.data[0];
  return {
    status: subscription.status as SubscriptionState,
    cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    currentPeriodEnd: item ? dateOf(item.current_period_end) : undefined,
  };
}

/**
 * Renews a subscription on another price from its period's end: a schedule with the current
 * phase as it is and the new price after it, released once the new phase starts (Stripe resets
 * the billing date when the interval changes at once; a schedule keeps the period paid for).
 */
async function scheduleChange(stripe: Stripe, request: PlanChangeRequest) {
  let subscription = await stripe.subscriptions.retrieve(request.subscriptionId);
  const planned = idOf(subscription.schedule);
  if (planned !== '') {
    await stripe.subscriptionSchedules.release(planned);
  }
  if (subscription.cancel_at_period_end || subscription.cancel_at !== null) {
    subscription = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: false,
    });
  }
  const item = subscription.items.data[0];
  if (!item || request.sale.interval === '') {
    throw new AppError('payment_subscription_not_found');
  }
  const product = await stripe.products.create({ name: request.name });
  const schedule = await stripe.subscriptionSchedules.create({
    from_subscription: subscription.id,
  });
  await stripe.subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    proration_behavior: 'none',
    phases: [
      {
        items: [{ price: item.price.id, quantity: item.quantity ?? 1 }],
        start_date: schedule.phases[0]?.start_date ?? item.current_period_start,
        end_date: item.current_period_end,
        metadata: subscription.metadata,
      },
      {
        items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              product: product.id,
              recurring: { interval: request.sale.interval },
              unit_amount: request.unitAmount,
            },
          },
        ],
        duration: { interval: request.sale.interval, interval_count: 1 },
        // Entering the phase writes these onto the subscription: its notices then name the new plan.
        metadata: metadataOf(request.sale),
      },
    ],
  });
  return snapshotOf(subscription);
}

async function invoiceNotice(
  stripe: Stripe,
  event: Stripe.Event,
  invoice: Stripe.Invoice,
): Promise<PaymentNotice> {
  const details = invoice.parent?.subscription_details;
  const line = invoice.lines.data[0];
  const paid = event.type === 'invoice.paid';
  return {
    type: paid ? 'invoice_paid' : 'invoice_failed',
    id: event.id,
    at: dateOf(event.created),
    customerId: idOf(invoice.customer),
    invoiceId: invoice.id,
    subscriptionId: idOf(details?.subscription),
    sale: saleOf(details?.metadata),
    paymentReference: paid ? await paymentOfInvoice(stripe, invoice) : `invoice:${invoice.id}`,
    periodStart: dateOf(line?.period.start ?? invoice.period_start),
    periodEnd: dateOf(line?.period.end ?? invoice.period_end),
    amount: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency.toUpperCase(),
    receiptUrl: invoice.hosted_invoice_url ?? '',
  };
}

async function noticeOf(stripe: Stripe, event: Stripe.Event): Promise<PaymentNotice> {
  const base = { id: event.id, at: dateOf(event.created) };
  // Ifs, not a switch: Stripe has hundreds of event types and Nimbus reads eight.
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    return {
      ...base,
      type: 'checkout_completed',
      customerId: idOf(session.customer),
      clientReference: session.client_reference_id ?? '',
      sale: saleOf(session.metadata),
      mode: session.mode === 'subscription' ? 'subscription' : 'payment',
      paid: session.payment_status !== 'unpaid',
      paymentReference: idOf(session.payment_intent) || `checkout:${session.id}`,
      subscriptionId: idOf(session.subscription),
      amount: session.amount_total ?? 0,
      currency: (session.currency ?? '').toUpperCase(),
      receiptUrl: '',
    };
  }
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') {
    return invoiceNotice(stripe, event, event.data.object);
  }
  if (
    event.type === 'customer.subscription.updated' ||
    event.type === 'customer.subscription.deleted'
  ) {
    return subscriptionNotice(event, event.data.object);
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const paymentReference = idOf(charge.payment_intent) || `charge:${charge.id}`;
    if (!charge.refunded) {
      // A partial refund takes back the same share of the days.
      return {
        ...base,
        type: 'payment_refunded_partly',
        paymentReference,
        refunded: charge.amount_refunded,
        amount: charge.amount,
      };
    }
    return { ...base, type: 'payment_reversed', paymentReference, reason: 'refunded' };
  }
  if (event.type === 'charge.dispute.closed') {
    const dispute = event.data.object;
    if (dispute.status !== 'won') {
      // Lost: the days went back when it was opened.
      return { ...base, type: 'other', name: `charge.dispute.closed (${dispute.status})` };
    }
    return {
      ...base,
      type: 'dispute_won',
      paymentReference: idOf(dispute.payment_intent) || `charge:${idOf(dispute.charge)}`,
    };
  }
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object;
    return {
      ...base,
      type: 'payment_reversed',
      paymentReference: idOf(dispute.payment_intent) || `charge:${idOf(dispute.charge)}`,
      reason: 'disputed',
    };
  }
  return { ...base, type: 'other', name: event.type };
}

/**
 * Stripe behind `PaymentProvider`, through the official SDK, loaded on first use (a server that
 * sells nothing never loads it).
 */
export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  let loaded: Promise<Stripe> | undefined;
  const client = (): Promise<Stripe> => {
    loaded ??= import('stripe').then(({ default: StripeClient }) => {
      const base = settings.apiBase === undefined ? undefined : new URL(settings.apiBase);
      return new StripeClient(settings.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        ...(base
          ? {
              host: base.hostname,
              port: base.port || (base.protocol === 'https:' ? 443 : 80),
              protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
            }
          : {}),
      });
    });
    return loaded;
  };

  return {
    name: 'stripe',

    async createCustomer(member) {
      const stripe = await client();
      const customer = await stripe.customers.create(
        { email: member.email, metadata: { user_id: member.userId } },
        // One account per member even when two checkouts start at once.
        { idempotencyKey: `nimbus-customer-${member.userId}` },
      );
      return customer.id;
    },

    async createCheckout(request: CheckoutRequest) {
      const { sale } = request;
      const metadata = metadataOf(sale);
      const recurring = sale.interval === '' ? undefined : { interval: sale.interval };
      const stripe = await client();
      const session = await stripe.checkout.sessions.create({
        mode: recurring ? 'subscription' : 'payment',
        customer: request.customerId,
        client_reference_id: sale.userId,
        metadata,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.unitAmount,
              product_data: { name: request.name },
              ...(recurring ? { recurring } : {}),
            },
          },
        ],
        ...(recurring
          ? { subscription_data: { metadata } }
          : { payment_intent_data: { metadata }, invoice_creation: { enabled: true } }),
        locale: checkoutLocale(request.locale),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) {
        throw new AppError('unavailable', { description: 'The payment provider gave no page' });
      }
      return { id: session.id, url: session.url };
    },

    async createPortal(input) {
      const stripe = await client();
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        locale: checkoutLocale(input.locale),
      });
      return session.url;
    },

    async cancelSubscription(subscriptionId) {
      const stripe = await client();
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      const planned = idOf(subscription.schedule);
      if (planned !== '') {
        // A schedule owns the subscription's end: released first, its planned change dropped.
        await stripe.subscriptionSchedules.release(planned);
      }
      return snapshotOf(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
      );
    },

    async resumeSubscription(subscriptionId) {
      const stripe = await client();
      return snapshotOf(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }),
      );
    },

    async changeSubscription(request) {
      return scheduleChange(await client(), request);
    },

    async readNotice(body, signature) {
      const stripe = await client();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(body, signature ?? '', settings.webhookSecret);
      } catch {
        throw new AppError('payment_signature_invalid');
      }
      return noticeOf(stripe, event);
    },
  };
}
