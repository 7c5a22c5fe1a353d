import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { startMailCatcher, type MailCatcher } from '../mail-catcher';
import { buildPaymentApp, dayMs, paymentDriver } from './payment-driver';
import { startStripeStandIn, stripeObjects, type StripeStandIn } from './stripe-stand-in';

/*
 * A member cancels, resumes and changes their subscription in Nimbus (docs/memberships.md#payments):
 * through Stripe's subscription API (the stand-in records the calls), with the state shown at
 * once and the timeline left to the notices; and is reminded by mail before it renews.
 */

let standIn: StripeStandIn;
let mail: MailCatcher;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  mail = await startMailCatcher();
});
afterAll(async () => {
  await standIn.close();
  await mail.close();
});

const seconds = (iso: string) => String(Math.floor(Date.parse(iso) / 1000));

describe.each(dialects)('subscription changes in Nimbus on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock('2030-01-01T00:00:00.000Z');
  const { at, deliver, subscribe } = paymentDriver({
    app: () => t,
    standIn: () => standIn,
    clock,
    dialect,
  });

  beforeAll(async () => {
    t = await buildPaymentApp(dialect, standIn, clock, {
      SMTP_URL: mail.url,
      SUBSCRIPTION_REMINDER_DAYS: '7',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  function call(headers: Record<string, string>, action: string, productId?: string) {
    return t.app.inject({
      method: 'POST',
      url: `/vip/v1/payment/subscription/${action}`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(productId === undefined ? {} : { product_id: productId }),
    });
  }

  async function change(headers: Record<string, string>, action: string, productId?: string) {
    return ok<{ data: { subscription: Record<string, unknown> } }>(
      await call(headers, action, productId),
    ).data.subscription;
  }

  /** The requests the stand-in received about a path since `from`. */
  const sentTo = (path: string, from: number) =>
    standIn.requests.slice(from).filter((request) => request.path === path);

  it('cancels at the period end and resumes, through Stripe, shown at once; premium stays', async () => {
    const sub = await subscribe('premium-monthly', 30);
    const from = standIn.requests.length;
    expect(await change(sub.headers, 'cancel')).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      current_period_end: at(30),
      next_product_id: '',
    });
    expect(sentTo(`/v1/subscriptions/${sub.subscription}`, from).at(-1)).toMatchObject({
      method: 'POST',
      form: { cancel_at_period_end: 'true' },
    });
    const overview = await t.container.payments.overview(sub.user.id);
    expect(overview.subscription?.cancel_at_period_end).toBe(true);
    expect((await t.container.memberships.planOf(sub.user.id)).expiresAt).toBe(at(30));

    // A notice Stripe made before the cancellation, delivered after it, changes nothing.
    await deliver('customer.subscription.updated', sub.state('active', 30, false), {
      created: new Date(clock.now().getTime() - 1000),
    });
    expect((await t.container.payments.overview(sub.user.id)).subscription).toMatchObject({
      cancel_at_period_end: true,
    });

    clock.advance(60_000);
    expect(await change(sub.headers, 'resume')).toMatchObject({
      cancel_at_period_end: false,
      current_period_end: at(30),
    });
    expect(sentTo(`/v1/subscriptions/${sub.subscription}`, from).at(-1)?.form).toEqual({
      cancel_at_period_end: 'false',
    });
    expect((await t.container.memberships.planOf(sub.user.id)).expiresAt).toBe(at(30));
  });

  it('moves a monthly subscription to yearly from its renewal, and the renewal grants the year', async () => {
    const sub = await subscribe('premium-monthly', 30);
    const from = standIn.requests.length;
    expect(await change(sub.headers, 'change', 'premium-yearly')).toMatchObject({
      product_id: 'premium-monthly',
      interval: 'month',
      current_period_end: at(30),
      cancel_at_period_end: false,
      next_product_id: 'premium-yearly',
    });
    const [created] = sentTo('/v1/subscription_schedules', from);
    expect(created?.form).toEqual({ from_subscription: sub.subscription });
    const schedule = String(standIn.subscriptions.get(sub.subscription)?.schedule);
    const [plan] = sentTo(`/v1/subscription_schedules/${schedule}`, from);
    expect(plan?.form).toMatchObject({
      end_behavior: 'release',
      proration_behavior: 'none',
      'phases[0][items][0][price]': 'price_1',
      'phases[0][end_date]': seconds(at(30)),
      'phases[1][items][0][price_data][currency]': 'usd',
      'phases[1][items][0][price_data][unit_amount]': '4999',
      'phases[1][items][0][price_data][recurring][interval]': 'year',
      'phases[1][duration][interval]': 'year',
      'phases[1][metadata][product_id]': 'premium-yearly',
      'phases[1][metadata][user_id]': sub.user.id,
      'phases[1][metadata][days]': '365',
    });
    expect(sentTo('/v1/products', from)[0]?.form).toEqual({ name: 'premium-yearly' });
    // The month paid for is kept as it is.
    expect((await t.container.memberships.planOf(sub.user.id)).expiresAt).toBe(at(30));

    // Cancelling drops the planned change; changing again takes the cancellation back.
    expect(await change(sub.headers, 'cancel')).toMatchObject({
      cancel_at_period_end: true,
      next_product_id: '',
    });
    expect(sentTo(`/v1/subscription_schedules/${schedule}/release`, from)).toHaveLength(1);
    expect(await change(sub.headers, 'change', 'premium-yearly')).toMatchObject({
      cancel_at_period_end: false,
      next_product_id: 'premium-yearly',
    });

    // The renewal: Stripe enters the new phase, bills the year and tells the new plan.
    clock.advance(30 * dayMs);
    const yearly = { ...sub.metadata, product_id: 'premium-yearly', days: '365', interval: 'year' };
    standIn.invoicePayments.set(`in_${sub.subscription}_2`, `pi_${sub.subscription}_2`);
    await deliver(
      'invoice.paid',
      stripeObjects.invoice({
        id: `in_${sub.subscription}_2`,
        customer: sub.customer,
        subscription: sub.subscription,
        metadata: yearly,
        start: new Date(at(30)),
        end: new Date(at(395)),
        amount: 4999,
      }),
    );
    await deliver(
      'customer.subscription.updated',
      stripeObjects.subscription({
        id: sub.subscription,
        customer: sub.customer,
        metadata: yearly,
        status: 'active',
        periodEnd: new Date(at(395)),
        interval: 'year',
      }),
    );
    expect((await t.container.payments.overview(sub.user.id)).subscription).toMatchObject({
      product_id: 'premium-yearly',
      interval: 'year',
      current_period_end: at(395),
      next_product_id: '',
    });
    expect((await t.container.memberships.planOf(sub.user.id)).expiresAt).toBe(at(395));
  });

  it('refuses a member without a running subscription, and plans that are not another subscription', async () => {
    const { headers } = await signedInMember(t);
    for (const action of ['cancel', 'resume']) {
      expect(errorOf(await call(headers, action)).error).toBe('payment_subscription_not_found');
    }
    const none = await call(headers, 'change', 'premium-yearly');
    expect(none.statusCode).toBe(404);
    expect(errorOf(none).error).toBe('payment_subscription_not_found');

    const sub = await subscribe('premium-yearly', 365);
    for (const productId of ['premium-yearly', 'premium-30', 'storage-1m', 'nothing']) {
      const refused = await call(sub.headers, 'change', productId);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).error).toBe('payment_product_invalid');
    }
    await deliver('customer.subscription.deleted', sub.state('canceled', 365, true));
    expect(errorOf(await call(sub.headers, 'resume')).error).toBe('payment_subscription_not_found');
  });

  it('mails a renewal reminder 7 days before each renewal, once even when two passes race, and no expiry reminder then', async () => {
    const renewing = await subscribe('premium-monthly', 30);
    const cancelled = await subscribe('premium-monthly', 30);
    await change(cancelled.headers, 'cancel');
    const reminders = t.container.subscriptionReminders;
    const to = (email: string) => mail.mails.filter((each) => each.to === email);
    const passes = async () => {
      // Two passes at once, as two nodes would run them: one claim wins.
      await Promise.all([reminders.remindBatch(), reminders.remindBatch()]);
      while ((await reminders.remindBatch()) > 0) {
        // Until none is left, as one run of the periodic job does.
      }
    };

    clock.advance(22 * dayMs);
    await passes();
    expect(to(renewing.user.email)).toHaveLength(0);
    clock.advance(2 * dayMs);
    await passes();
    await passes();
    const [first, ...more] = to(renewing.user.email);
    expect(more).toHaveLength(0);
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(at(30)),
    );
    expect(first?.subject).toBe(`Your Nimbus Premium renews on ${day}`);
    expect(first?.text).toContain('http://nimbus.test/drive/payment');
    expect(first?.text).toContain('http://nimbus.test/unsubscribe?d=');
    expect(first?.headers['list-unsubscribe']).toMatch(/^<http:\/\/nimbus\.test\/mail\/v1\/unsub/);
    expect(to(cancelled.user.email)).toHaveLength(0);

    // Three days before the end, the expiry reminder goes to the member whose premium ends, not
    // to the one whose subscription renews then.
    clock.advance(3 * dayMs);
    while ((await t.container.membershipReminders.remindBatch()) > 0) {
      // Until none is left.
    }
    expect(to(renewing.user.email)).toHaveLength(1);
    expect(to(cancelled.user.email).map((each) => each.subject)).toEqual([
      `Your Nimbus Premium ends on ${day}`,
    ]);

    // Renewed: the next renewal is reminded of in its turn.
    clock.advance(3 * dayMs);
    await deliver('customer.subscription.updated', renewing.state('active', 60));
    clock.advance(23 * dayMs);
    await passes();
    expect(to(renewing.user.email)).toHaveLength(2);
    expect(to(renewing.user.email)[1]?.subject).toContain(
      new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(at(60)),
      ),
    );
  });
});
