import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A stand-in for Stripe's API at its HTTP edge, for tests: a node:http server answering the few
 * calls Nimbus makes (customers, checkout and portal sessions, an invoice's payments, a
 * subscription's cancellation and plan change) and remembering what it was sent; and Stripe events signed with the SDK's own test helper.
 */

/** A request the stand-in received: its path and its form fields as Stripe's SDK encodes them. */
export interface StandInRequest {
  method: string;
  path: string;
  form: Record<string, string>;
}

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`, for `STRIPE_API_BASE`. */
  base: string;
  requests: StandInRequest[];
  /** The payment intent each invoice was paid with (answered by `GET /v1/invoice_payments`). */
  invoicePayments: Map<string, string>;
  /**
   * The subscriptions it knows, as `stripeObjects.subscription` makes them: answered by
   * `GET`/`POST /v1/subscriptions/<id>`, and given a `schedule` by a plan change.
   */
  subscriptions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export const webhookSecret = 'whsec_test_nimbus';
export const secretKey = 'sk_test_nimbus';

/** Starts the stand-in on a free local port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const invoicePayments = new Map<string, string>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  /** The subscription each schedule was made from. */
  const schedules = new Map<string, string>();
  let next = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(
        new URLSearchParams(
          request.method === 'GET' ? url.search : Buffer.concat(chunks).toString(),
        ),
      );
      requests.push({ method: request.method ?? '', path: url.pathname, form });
      next += 1;
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const base = `http://${request.headers.host ?? ''}`;
      const [, version, kind, id, action] = url.pathname.split('/');
      const subscription = kind === 'subscriptions' ? subscriptions.get(id ?? '') : undefined;
      if (version === 'v1' && subscription && action === undefined) {
        if (request.method === 'POST' && form.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
        }
        answer(200, subscription);
        return;
      }
      if (kind === 'subscription_schedules' && request.method === 'POST' && id !== undefined) {
        const owner = subscriptions.get(schedules.get(id) ?? '');
        if (action === 'release' && owner) {
          owner.schedule = null;
        }
        answer(200, { id, object: 'subscription_schedule', phases: [{ start_date: 1 }] });
        return;
      }
      switch (`${request.method} ${url.pathname}`) {
        case 'POST /v1/products':
          answer(200, { id: `prod_${next}`, object: 'product', name: form.name ?? '' });
          return;
        case 'POST /v1/subscription_schedules': {
          const from = subscriptions.get(form.from_subscription ?? '');
          if (!from) {
            break;
          }
          schedules.set(`sub_sched_${next}`, form.from_subscription ?? '');
          from.schedule = `sub_sched_${next}`;
          answer(200, {
            id: `sub_sched_${next}`,
            object: 'subscription_schedule',
            phases: [{ start_date: 1 }],
          });
          return;
        }
        case 'POST /v1/customers':
          answer(200, { id: `cus_${next}`, object: 'customer', email: form.email ?? null });
          return;
        case 'POST /v1/checkout/sessions':
          answer(200, {
            id: `cs_${next}`,
            object: 'checkout.session',
            mode: form.mode,
            url: `${base}/pay/cs_${next}`,
          });
          return;
        case 'POST /v1/billing_portal/sessions':
          answer(200, {
            id: `bps_${next}`,
            object: 'billing_portal.session',
            url: `${base}/portal/${form.customer ?? ''}`,
          });
          return;
        case 'GET /v1/invoice_payments': {
          const intent = invoicePayments.get(form.invoice ?? '');
          answer(200, {
            object: 'list',
            has_more: false,
            url: '/v1/invoice_payments',
            data: intent
              ? [
                  {
                    id: `inpay_${next}`,
                    object: 'invoice_payment',
                    status: 'paid',
                    payment: { type: 'payment_intent', payment_intent: intent },
                  },
                ]
              : [],
          });
          return;
        }
      }
      answer(404, {
        error: { type: 'invalid_request_error', message: `no stand-in for ${url.pathname}` },
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    invoicePayments,
    subscriptions,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const signer = new Stripe(secretKey);

/** A Stripe event as the webhook sends it: its JSON and a valid `stripe-signature` header. */
export function signedEvent(
  event: { id: string; type: string; created: Date; object: Record<string, unknown> },
  secret = webhookSecret,
): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(event.created.getTime() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
    data: { object: event.object },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Stripe objects of the shapes Nimbus reads, with what a test varies. */
export const stripeObjects = {
  checkoutSession(input: {
    id: string;
    customer: string;
    userId: string;
    metadata: Record<string, string>;
    mode: 'payment' | 'subscription';
    paymentIntent?: string;
    subscription?: string;
    amount: number;
    currency: string;
    paid?: boolean;
  }) {
    return {
      id: input.id,
      object: 'checkout.session',
      mode: input.mode,
      customer: input.customer,
      client_reference_id: input.userId,
      metadata: input.metadata,
      payment_status: input.paid === false ? 'unpaid' : 'paid',
      payment_intent: input.paymentIntent ?? null,
      subscription: input.subscription ?? null,
      amount_total: input.amount,
      currency: input.currency.toLowerCase(),
      status: 'complete',
    };
  },

  invoice(input: {
    id: string;
    customer: string;
    subscription: string;
    metadata: Record<string, string>;
    start: Date;
    end: Date;
    amount: number;
  }) {
    return {
      id: input.id,
      object: 'invoice',
      customer: input.customer,
      currency: 'usd',
      amount_paid: input.amount,
      amount_due: input.amount,
      hosted_invoice_url: `https://invoice.stripe.test/${input.id}`,
      period_start: seconds(input.start),
      period_end: seconds(input.end),
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: input.subscription, metadata: input.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: `il_${input.id}`,
            object: 'line_item',
            period: { start: seconds(input.start), end: seconds(input.end) },
          },
        ],
      },
    };
  },

  subscription(input: {
    id: string;
    customer: string;
    metadata: Record<string, string>;
    status: string;
    periodStart?: Date;
    periodEnd: Date;
    interval: 'month' | 'year';
    cancelAtPeriodEnd?: boolean;
  }): Record<string, unknown> {
    return {
      id: input.id,
      object: 'subscription',
      customer: input.customer,
      metadata: input.metadata,
      status: input.status,
      cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
      cancel_at: null,
      schedule: null,
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: `si_${input.id}`,
            object: 'subscription_item',
            quantity: 1,
            current_period_start: seconds(input.periodStart ?? input.periodEnd),
            current_period_end: seconds(input.periodEnd),
            price: { id: 'price_1', object: 'price', recurring: { interval: input.interval } },
          },
        ],
      },
    };
  },

  /** A charge; `amountRefunded` (all refunds so far) below `amount` is a partial refund. */
  charge(input: {
    id: string;
    paymentIntent: string;
    refunded: boolean;
    amount?: number;
    amountRefunded?: number;
  }) {
    const amount = input.amount ?? 499;
    return {
      id: input.id,
      object: 'charge',
      payment_intent: input.paymentIntent,
      refunded: input.refunded,
      amount,
      amount_refunded: input.amountRefunded ?? (input.refunded ? amount : 0),
    };
  },

  dispute(input: { id: string; charge: string; paymentIntent: string; status?: string }) {
    return {
      id: input.id,
      object: 'dispute',
      charge: input.charge,
      payment_intent: input.paymentIntent,
      status: input.status ?? 'needs_response',
    };
  },
};
