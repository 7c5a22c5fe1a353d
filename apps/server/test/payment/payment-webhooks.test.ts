import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { buildPaymentApp, dayMs, paymentDriver } from './payment-driver';
import {
  signedEvent,
  startStripeStandIn,
  stripeObjects,
  type StripeStandIn,
} from './stripe-stand-in';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn.close();
});

describe.each(dialects)('payments through Stripe on %s', (dialect) => {
  // One app for the whole file (building one per test would cost more than the tests): each
  // test has members, payment references and a start time of its own.
  let t: TestApp;
  const clock = testClock('2030-01-01T00:00:00.000Z');
  const { at, pi, checkout, deliver, subscribe, ...driver } = paymentDriver({
    app: () => t,
    standIn: () => standIn,
    clock,
    dialect,
  });
  const tag = driver.tag;

  beforeAll(async () => {
    t = await buildPaymentApp(dialect, standIn, clock, {
      PAYMENT_GRACE_DAYS: '3',
      PLAN_FREE_STORAGE_BYTES: '100000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The provider the purchase pages' catalogue names. */
  async function catalogueProvider(app: TestApp): Promise<unknown> {
    const answer = await app.app.inject({
      method: 'POST',
      url: '/config/v1/external_products',
      payload: { client: 'web', data: { language: 'en-US' } },
    });
    return ok<{ values: { external_products: { payment_provider?: string } } }>(answer).values
      .external_products.payment_provider;
  }

  async function premiumUntil(userId: string): Promise<string | undefined> {
    return (await t.container.memberships.planOf(userId)).expiresAt;
  }

  function paidSession(bought: Awaited<ReturnType<typeof checkout>>, paymentIntent: string) {
    return stripeObjects.checkoutSession({
      id: bought.answer.session_id,
      customer: bought.customer,
      userId: bought.user.id,
      metadata: bought.metadata,
      mode: 'payment',
      paymentIntent,
      amount: Number(bought.form['line_items[0][price_data][unit_amount]']),
      currency: bought.form['line_items[0][price_data][currency]'] ?? '',
    });
  }

  it('opens a checkout bound to the member, at the catalogue price in the currency asked', async () => {
    expect(await catalogueProvider(t)).toBe('stripe');
    const bought = await checkout('premium-30', 'JPY');
    expect(bought.answer.url).toBe(`${standIn.base}/pay/${bought.answer.session_id}`);
    expect(bought.form).toMatchObject({
      mode: 'payment',
      client_reference_id: bought.user.id,
      'line_items[0][price_data][currency]': 'jpy',
      'line_items[0][price_data][unit_amount]': '700',
      locale: 'ja',
      success_url: 'http://nimbus.test/ja/drive/payment?checkout=done',
    });
    expect(bought.customer).toMatch(/^cus_/);
    expect(bought.metadata).toEqual({
      user_id: bought.user.id,
      product_id: 'premium-30',
      kind: 'premium',
      days: '30',
      bytes: '0',
      interval: '',
    });
    const yearly = await checkout('premium-yearly');
    expect(yearly.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price_data][recurring][interval]': 'year',
      'line_items[0][price_data][unit_amount]': '4999',
      'subscription_data[metadata][user_id]': yearly.user.id,
    });

    const { headers } = await signedInMember(t);
    for (const [productId, currency] of [['code-only'], ['premium-30', 'EUR'], ['nothing']]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/vip/v1/payment/checkout',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ product_id: productId, ...(currency ? { currency } : {}) }),
      });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).error).toBe('payment_product_invalid');
    }
  });

  it('grants a one-time purchase once, however often and in whatever order Stripe tells it', async () => {
    const bought = await checkout('premium-30');
    const session = paidSession(bought, pi('once'));
    const first = await deliver('checkout.session.completed', session, { id: `evt_${tag()}_once` });
    expect(ok(first)).toEqual({ received: true });
    expect(await premiumUntil(bought.user.id)).toBe(at(30));
    // The same event again (a retry), and another event about the same payment.
    expect(
      (await deliver('checkout.session.completed', session, { id: `evt_${tag()}_once` }))
        .statusCode,
    ).toBe(200);
    expect((await deliver('checkout.session.completed', session)).statusCode).toBe(200);
    expect(await premiumUntil(bought.user.id)).toBe(at(30));

    const overview = ok<{
      data: { provider: string; payments: { status: string; amount: string }[] };
    }>(
      await t.app.inject({
        method: 'GET',
        url: '/vip/v1/payment/overview',
        headers: bought.headers,
      }),
    ).data;
    expect(overview.provider).toBe('stripe');
    expect(overview.payments).toMatchObject([{ status: 'paid', amount: '499', currency: 'USD' }]);
  });

  it('takes back the days of a refunded payment and moves later days forward; a dispute too', async () => {
    const bought = await checkout('premium-30');
    await deliver('checkout.session.completed', paidSession(bought, pi('first')));
    await deliver('checkout.session.completed', paidSession(bought, pi('second')));
    await deliver('checkout.session.completed', paidSession(bought, pi('third')));
    expect(await premiumUntil(bought.user.id)).toBe(at(90));

    clock.advance(5 * dayMs);
    const refund = stripeObjects.charge({
      id: 'ch_first',
      paymentIntent: pi('first'),
      refunded: true,
    });
    await deliver('charge.refunded', refund);
    await deliver('charge.refunded', refund);
    // 25 unused days of the first payment are gone; the second and third follow at once.
    expect(await premiumUntil(bought.user.id)).toBe(at(65));

    const dispute = stripeObjects.dispute({
      id: 'dp_1',
      charge: 'ch_3',
      paymentIntent: pi('third'),
    });
    await deliver('charge.dispute.created', dispute);
    expect(await premiumUntil(bought.user.id)).toBe(at(35));

    // A refund notice of nothing refunded leaves the days.
    await deliver(
      'charge.refunded',
      stripeObjects.charge({ id: 'ch_2', paymentIntent: pi('second'), refunded: false }),
    );
    expect(await premiumUntil(bought.user.id)).toBe(at(35));

    const history = await t.container.payments.overview(bought.user.id);
    expect(history.payments.map((payment) => payment.status).sort()).toEqual([
      'disputed',
      'paid',
      'refunded',
    ]);
  });

  it('takes back the refunded share of the days for a partial refund, also told before its payment', async () => {
    const bought = await checkout('premium-30', 'JPY');
    await deliver('checkout.session.completed', paidSession(bought, pi('part')));
    expect(await premiumUntil(bought.user.id)).toBe(at(30));
    clock.advance(5 * dayMs);
    const partly = (amountRefunded: number, paymentIntent = pi('part')) =>
      stripeObjects.charge({
        id: `ch_${paymentIntent}`,
        paymentIntent,
        refunded: false,
        amount: 700,
        amountRefunded,
      });
    // Half the money back: half of the 30 days, from the end.
    await deliver('charge.refunded', partly(350));
    expect(await premiumUntil(bought.user.id)).toBe(at(15));
    // Told again (another event of the same total), nothing more; a quarter more, 7.5 days more.
    await deliver('charge.refunded', partly(350));
    expect(await premiumUntil(bought.user.id)).toBe(at(15));
    await deliver('charge.refunded', partly(525));
    expect(await premiumUntil(bought.user.id)).toBe(at(7.5));

    // Half of another payment refunded before its checkout's notice: its grant is half as long.
    await deliver('charge.refunded', partly(350, pi('early-part')));
    await deliver('checkout.session.completed', paidSession(bought, pi('early-part')));
    expect(await premiumUntil(bought.user.id)).toBe(at(22.5));
    const history = await t.container.payments.overview(bought.user.id);
    expect(history.payments.map((payment) => payment.status)).toEqual(['paid', 'paid']);
  });

  it('gives the days a dispute took back from the day it is won', async () => {
    const bought = await checkout('premium-30');
    await deliver('checkout.session.completed', paidSession(bought, pi('held')));
    await deliver('checkout.session.completed', paidSession(bought, pi('disputed')));
    expect(await premiumUntil(bought.user.id)).toBe(at(60));
    clock.advance(5 * dayMs);
    const dispute = (status: string) =>
      stripeObjects.dispute({
        id: `dp_${tag()}`,
        charge: 'ch_d',
        paymentIntent: pi('disputed'),
        status,
      });
    await deliver('charge.dispute.created', dispute('needs_response'));
    expect(await premiumUntil(bought.user.id)).toBe(at(30));
    const open = await t.container.payments.overview(bought.user.id);
    expect(open.payments.map((payment) => payment.status).sort()).toEqual(['disputed', 'paid']);

    clock.advance(10 * dayMs);
    await deliver('charge.dispute.closed', dispute('won'));
    await deliver('charge.dispute.closed', dispute('won'));
    // All 30 days come back, queued after the days held.
    expect(await premiumUntil(bought.user.id)).toBe(at(60));
    const history = await t.container.payments.overview(bought.user.id);
    expect(history.payments.map((payment) => payment.status)).toEqual(['paid', 'paid']);

    // A lost dispute of the other payment changes nothing more than its opening did.
    const held = stripeObjects.dispute({
      id: `dp_${tag()}_held`,
      charge: 'ch_h',
      paymentIntent: pi('held'),
    });
    await deliver('charge.dispute.created', held);
    expect(await premiumUntil(bought.user.id)).toBe(at(45));
    await deliver('charge.dispute.closed', { ...held, status: 'lost' });
    expect(await premiumUntil(bought.user.id)).toBe(at(45));
  });

  it('remembers a refund told before its payment, so the payment then grants nothing', async () => {
    const bought = await checkout('premium-30');
    await deliver(
      'charge.refunded',
      stripeObjects.charge({ id: 'ch_early', paymentIntent: pi('early'), refunded: true }),
    );
    await deliver('checkout.session.completed', paidSession(bought, pi('early')));
    expect(await premiumUntil(bought.user.id)).toBeUndefined();
    const history = await t.container.payments.overview(bought.user.id);
    expect(history.payments).toMatchObject([{ status: 'refunded', product_id: 'premium-30' }]);
  });

  it('adds a bought storage pack to the limit until it ends, and a refund ends it', async () => {
    const bought = await checkout('storage-1m');
    await deliver('checkout.session.completed', paidSession(bought, pi('pack')));
    expect((await t.container.memberships.planOf(bought.user.id)).storageBytes).toBe(1_100_000);
    await deliver(
      'charge.refunded',
      stripeObjects.charge({ id: 'ch_pack', paymentIntent: pi('pack'), refunded: true }),
    );
    expect((await t.container.memberships.planOf(bought.user.id)).storageBytes).toBe(100_000);
  });

  it('grants a subscription period per paid invoice and keeps the newest subscription state', async () => {
    const sub = await subscribe('premium-yearly', 365);
    expect(await premiumUntil(sub.user.id)).toBe(at(365));

    // Cancelled in the portal; the older "active" state arrives after it and changes nothing.
    clock.advance(dayMs);
    await deliver('customer.subscription.updated', sub.state('active', 365, true), {
      created: new Date(at(1)),
    });
    await deliver('customer.subscription.updated', sub.state('active', 365, false), {
      created: new Date(at(0.5)),
    });
    const overview = await t.container.payments.overview(sub.user.id);
    expect(overview.subscription).toEqual({
      id: sub.subscription,
      product_id: 'premium-yearly',
      interval: 'year',
      status: 'active',
      current_period_end: at(365),
      cancel_at_period_end: true,
      grace_ends_at: '',
      next_product_id: '',
    });
    // Its end leaves the paid year.
    await deliver('customer.subscription.deleted', sub.state('canceled', 365, true));
    expect(await premiumUntil(sub.user.id)).toBe(at(365));
    const receipts = await t.container.payments.overview(sub.user.id);
    expect(receipts.subscription?.status).toBe('canceled');
    expect(receipts.payments).toMatchObject([
      { status: 'paid', receipt_url: `https://invoice.stripe.test/in_${sub.subscription}_1` },
    ]);
  });

  it('gives a failed renewal the grace, then ends premium; a late success replaces the grace', async () => {
    const sub = await subscribe('premium-monthly', 30);
    clock.advance(30 * dayMs);
    const renewal = sub.invoice(`in_${sub.subscription}_2`, 30, 60);
    await deliver('invoice.payment_failed', renewal);
    await deliver('customer.subscription.updated', sub.state('past_due', 60));
    // Stripe retries the charge: another failure gives no second grace.
    await deliver('invoice.payment_failed', renewal);
    expect(await premiumUntil(sub.user.id)).toBe(at(33));
    const pastDue = await t.container.payments.overview(sub.user.id);
    expect(pastDue.subscription).toMatchObject({ status: 'past_due', grace_ends_at: at(33) });
    expect(pastDue.payments[0]).toMatchObject({ status: 'failed' });

    clock.advance(3 * dayMs + 1);
    expect((await t.container.memberships.planOf(sub.user.id)).premium).toBe(false);

    // Another member's renewal succeeds on the second day of the grace.
    const other = await subscribe('premium-monthly', 30);
    const base = clock.now().getTime();
    clock.advance(30 * dayMs);
    const late = other.invoice(`in_${other.subscription}_2`, 30, 60);
    await deliver('invoice.payment_failed', late);
    clock.advance(dayMs);
    standIn.invoicePayments.set(`in_${other.subscription}_2`, `pi_${other.subscription}_2`);
    await deliver('invoice.paid', late);
    // The grace's unused days are gone; the 30 days paid for start now.
    expect(await premiumUntil(other.user.id)).toBe(new Date(base + 61 * dayMs).toISOString());
    // The failure told late (after the payment) gives no grace either.
    await deliver('invoice.payment_failed', late);
    expect(await premiumUntil(other.user.id)).toBe(new Date(base + 61 * dayMs).toISOString());
  });

  it('refuses a forged or unsigned notice with a clear error, and changes nothing', async () => {
    const bought = await checkout('premium-30');
    const session = paidSession(bought, pi('forged'));
    const forged = await deliver('checkout.session.completed', session, { secret: 'whsec_wrong' });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged).error).toBe('payment_signature_invalid');
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/vip/v1/payment/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed' }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(errorOf(unsigned).error).toBe('payment_signature_invalid');
    expect(await premiumUntil(bought.user.id)).toBeUndefined();
  });

  it('lets nobody buy for another member', async () => {
    const buyer = await checkout('premium-30');
    const { user: other } = await signedInMember(t);
    // The buyer's own checkout, rewritten to name another member.
    const session = {
      ...paidSession(buyer, pi('gift')),
      client_reference_id: other.id,
      metadata: { ...buyer.metadata, user_id: other.id },
    };
    expect((await deliver('checkout.session.completed', session)).statusCode).toBe(200);
    // A customer Nimbus never created.
    expect(
      (
        await deliver('checkout.session.completed', {
          ...paidSession(buyer, pi('stranger')),
          customer: 'cus_stranger',
        })
      ).statusCode,
    ).toBe(200);
    expect(await premiumUntil(other.id)).toBeUndefined();
    expect(await premiumUntil(buyer.user.id)).toBeUndefined();
  });

  it('opens the customer portal for a member who bought here', async () => {
    const bought = await checkout('premium-30');
    const portal = ok<{ data: { url: string } }>(
      await t.app.inject({
        method: 'POST',
        url: '/vip/v1/payment/portal',
        headers: bought.headers,
      }),
    );
    expect(portal.data.url).toBe(`${standIn.base}/portal/${bought.customer}`);
    const { headers } = await signedInMember(t);
    const none = await t.app.inject({ method: 'POST', url: '/vip/v1/payment/portal', headers });
    expect(errorOf(none).error).toBe('payment_subscription_not_found');
  });
});

describe.each(dialects)('purchase pages without a payment provider on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers payment_unavailable to checkouts and notices, and tells the pages there is none', async () => {
    const { headers } = await signedInMember(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/vip/v1/payment/checkout',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ product_id: 'premium-30' }),
    });
    expect(errorOf(refused).error).toBe('payment_unavailable');
    const { payload, signature } = signedEvent({
      id: 'evt_none',
      type: 'invoice.paid',
      created: new Date(),
      object: {},
    });
    const notice = await t.app.inject({
      method: 'POST',
      url: '/vip/v1/payment/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(errorOf(notice).error).toBe('payment_unavailable');
    const overview = ok<{ data: unknown }>(
      await t.app.inject({ method: 'GET', url: '/vip/v1/payment/overview', headers }),
    );
    expect(overview.data).toEqual({ provider: '', subscription: null, payments: [] });
    const catalogue = ok<{ values: { external_products: Record<string, unknown> } }>(
      await t.app.inject({
        method: 'POST',
        url: '/config/v1/external_products',
        payload: { client: 'web', data: { language: 'en-US' } },
      }),
    ).values.external_products;
    expect(catalogue).not.toHaveProperty('payment_provider');
  });
});
