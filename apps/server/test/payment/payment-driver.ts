import { beforeEach } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, ok, type TestApp, type testClock } from '../helper';
import { signedInMember } from '../identity';
import {
  secretKey,
  signedEvent,
  stripeObjects,
  webhookSecret,
  type StripeStandIn,
} from './stripe-stand-in';
import { testProducts } from './test-products';

export const dayMs = 24 * 60 * 60 * 1000;

/**
 * The app the payment tests run against, on `dialect`: it sells `testProducts` through the
 * stand-in, on the test's clock; `env` adds the file's own configuration.
 */
export function buildPaymentApp(
  dialect: Dialect,
  standIn: StripeStandIn,
  clock: ReturnType<typeof testClock>,
  env: Record<string, string>,
): Promise<TestApp> {
  return buildTestApp(
    dialect,
    {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: standIn.base,
      EXTERNAL_PRODUCTS: JSON.stringify(testProducts),
      ...env,
    },
    { now: clock.now },
  );
}

/**
 * What the payment tests do as a member and as Stripe, against one app per dialect: each test
 * gets a start time (a thousand days after the last) and payment references of its own.
 */
export function paymentDriver(input: {
  app: () => TestApp;
  standIn: () => StripeStandIn;
  clock: ReturnType<typeof testClock>;
  dialect: string;
}) {
  const { clock, dialect } = input;
  let eventCount = 0;
  let testStart = 0;
  let tag = '';

  beforeEach(() => {
    clock.advance(1000 * dayMs);
    testStart = clock.now().getTime();
    tag = `${dialect}${testStart}`;
  });

  /** The time `days` after the test's start. */
  const at = (days: number) => new Date(testStart + days * dayMs).toISOString();

  /** A signed-in member who opened a checkout of a product; what the stand-in was sent. */
  async function checkout(productId: string, currency?: string) {
    const t = input.app();
    const { user, headers } = await signedInMember(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/vip/v1/payment/checkout',
      headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'ja' },
      payload: JSON.stringify({ product_id: productId, ...(currency ? { currency } : {}) }),
    });
    const answer = ok<{ data: { url: string; session_id: string } }>(response).data;
    const sent = input
      .standIn()
      .requests.findLast((request) => request.path === '/v1/checkout/sessions');
    const form = sent?.form ?? {};
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([key]) => key.startsWith('metadata['))
        .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
    );
    return { user, headers, answer, form, metadata, customer: form.customer ?? '' };
  }

  async function deliver(
    type: string,
    object: Record<string, unknown>,
    options: { id?: string; created?: Date; secret?: string } = {},
  ) {
    eventCount += 1;
    const { payload, signature } = signedEvent(
      {
        id: options.id ?? `evt_${dialect}_${eventCount}`,
        type,
        created: options.created ?? clock.now(),
        object,
      },
      options.secret,
    );
    return input.app().app.inject({
      method: 'POST',
      url: '/vip/v1/payment/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  /** A yearly or monthly subscription bought and paid, as Stripe tells it. */
  async function subscribe(productId: 'premium-yearly' | 'premium-monthly', days: number) {
    const bought = await checkout(productId);
    const subscription = `sub_${bought.user.id}`;
    const interval = productId === 'premium-yearly' ? 'year' : 'month';
    await deliver(
      'checkout.session.completed',
      stripeObjects.checkoutSession({
        id: bought.answer.session_id,
        customer: bought.customer,
        userId: bought.user.id,
        metadata: bought.metadata,
        mode: 'subscription',
        subscription,
        amount: 4999,
        currency: 'usd',
      }),
    );
    const invoice = (id: string, from: number, to: number) =>
      stripeObjects.invoice({
        id,
        customer: bought.customer,
        subscription,
        metadata: bought.metadata,
        start: new Date(at(from)),
        end: new Date(at(to)),
        amount: 4999,
      });
    const state = (status: string, periodEnd: number, cancelAtPeriodEnd = false) =>
      stripeObjects.subscription({
        id: subscription,
        customer: bought.customer,
        metadata: bought.metadata,
        status,
        periodStart: new Date(at(0)),
        periodEnd: new Date(at(periodEnd)),
        interval,
        cancelAtPeriodEnd,
      });
    input.standIn().invoicePayments.set(`in_${subscription}_1`, `pi_${subscription}_1`);
    await deliver('invoice.paid', invoice(`in_${subscription}_1`, 0, days));
    await deliver('customer.subscription.updated', state('active', days));
    input.standIn().subscriptions.set(subscription, state('active', days));
    return { ...bought, subscription, invoice, state };
  }

  return {
    at,
    /** A payment reference of this test. */
    pi: (name: string) => `pi_${tag}_${name}`,
    tag: () => tag,
    checkout,
    deliver,
    subscribe,
  };
}
