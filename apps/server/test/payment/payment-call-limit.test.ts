import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { buildPaymentApp } from './payment-driver';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

const maxCalls = 3;

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn.close();
});

/**
 * The payment calls that reach the provider are limited per member
 * (PAYMENT_MAX_CALLS_PER_MEMBER per window): one member looping on checkout cannot spend the
 * operator's provider account for everyone, and others keep buying.
 */
describe.each(dialects)('payment calls per member on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock('2030-01-01T00:00:00.000Z');
  beforeAll(async () => {
    t = await buildPaymentApp(dialect, standIn, clock, {
      PAYMENT_MAX_CALLS_PER_MEMBER: String(maxCalls),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const checkout = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/vip/v1/payment/checkout',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ product_id: 'premium-30' }),
    });
  const sessionsMade = () =>
    standIn.requests.filter((request) => request.path === '/v1/checkout/sessions').length;

  it('answers too_many_requests past the limit without calling the provider, for that member only', async () => {
    const looping = await signedInMember(t);
    for (let call = 0; call < maxCalls; call += 1) {
      ok(await checkout(looping.headers));
    }
    const before = sessionsMade();
    const held = await checkout(looping.headers);
    expect(held.statusCode).toBe(429);
    expect(errorOf(held).error).toBe('too_many_requests');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    const portal = await t.app.inject({
      method: 'POST',
      url: '/vip/v1/payment/portal',
      headers: { ...looping.headers, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(errorOf(portal).error).toBe('too_many_requests');
    expect(sessionsMade()).toBe(before);

    const other = await signedInMember(t);
    ok(await checkout(other.headers));
    expect(sessionsMade()).toBe(before + 1);
  });
});
