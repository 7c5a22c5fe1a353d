import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A stand-in for Stripe at its HTTP edge, for the browser tests: the API calls Nimbus makes, a
 * checkout page that "pays" a yearly subscription (it sends the signed events Stripe would send,
 * then returns to the site), a portal page whose button cancels at the period's end, and the
 * subscription calls of a cancellation or resumption made in Nimbus.
 */

export const standInWebhookSecret = 'whsec_e2e_nimbus';
export const standInSecretKey = 'sk_test_e2e_nimbus';

const signer = new Stripe(standInSecretKey);
const dayMs = 24 * 60 * 60 * 1000;
const seconds = (time: number) => Math.floor(time / 1000);

export interface StripeStandIn {
  base: string;
  /** The Nimbus server the events go to. */
  setTarget(base: string): void;
  close(): Promise<void>;
}

interface Session {
  customer: string;
  metadata: Record<string, string>;
  successUrl: string;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  let target = '';
  let count = 0;
  const sessions = new Map<string, Session>();
  const portals = new Map<string, string>();
  const periodEnd = Date.now() + 365 * dayMs;
  let cancelled = false;

  async function send(type: string, object: Record<string, unknown>) {
    count += 1;
    const payload = JSON.stringify({
      id: `evt_e2e_${count}`,
      object: 'event',
      created: seconds(Date.now()) + count,
      livemode: false,
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: standInWebhookSecret,
    });
    const answer = await fetch(`${target}/vip/v1/payment/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    if (!answer.ok) {
      throw new Error(`the site refused ${type}: ${await answer.text()}`);
    }
  }

  const subscriptionOf = (session: Session, cancel: boolean) => ({
    id: 'sub_e2e',
    object: 'subscription',
    customer: session.customer,
    metadata: session.metadata,
    status: 'active',
    cancel_at_period_end: cancel,
    cancel_at: null,
    items: {
      object: 'list',
      data: [
        {
          id: 'si_e2e',
          current_period_end: seconds(periodEnd),
          price: { recurring: { interval: 'year' } },
        },
      ],
    },
  });

  async function pay(session: Session) {
    await send('checkout.session.completed', {
      id: 'cs_e2e',
      object: 'checkout.session',
      mode: 'subscription',
      customer: session.customer,
      client_reference_id: session.metadata.user_id,
      metadata: session.metadata,
      payment_status: 'paid',
      payment_intent: null,
      subscription: 'sub_e2e',
      amount_total: 4999,
      currency: 'usd',
    });
    await send('invoice.paid', {
      id: 'in_e2e',
      object: 'invoice',
      customer: session.customer,
      currency: 'usd',
      amount_paid: 4999,
      amount_due: 4999,
      hosted_invoice_url: `${stand.base}/invoice/in_e2e`,
      period_start: seconds(Date.now()),
      period_end: seconds(periodEnd),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: 'sub_e2e', metadata: session.metadata },
      },
      lines: {
        object: 'list',
        data: [{ period: { start: seconds(Date.now()), end: seconds(periodEnd) } }],
      },
      payments: {
        object: 'list',
        data: [{ status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_e2e' } }],
      },
    });
    await send('customer.subscription.updated', subscriptionOf(session, false));
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://stand-in');
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
        const json = (body: unknown) => {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        const redirect = (location: string) => {
          response.writeHead(303, { location });
          response.end();
        };
        const route = `${request.method} ${url.pathname}`;
        if (route === 'POST /v1/customers') {
          json({ id: 'cus_e2e', object: 'customer' });
        } else if (route === 'POST /v1/checkout/sessions') {
          const metadata = Object.fromEntries(
            Object.entries(form)
              .filter(([key]) => key.startsWith('metadata['))
              .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
          );
          sessions.set('cs_e2e', {
            customer: form.customer ?? '',
            metadata,
            successUrl: form.success_url ?? '',
          });
          json({ id: 'cs_e2e', object: 'checkout.session', url: `${stand.base}/pay/cs_e2e` });
        } else if (route === 'POST /v1/billing_portal/sessions') {
          portals.set(form.customer ?? '', form.return_url ?? '');
          json({ id: 'bps_e2e', url: `${stand.base}/portal/${form.customer ?? ''}` });
        } else if (url.pathname === '/v1/subscriptions/sub_e2e') {
          const session = sessions.get('cs_e2e');
          if (form.cancel_at_period_end !== undefined) {
            cancelled = form.cancel_at_period_end === 'true';
          }
          json(session ? { ...subscriptionOf(session, cancelled), schedule: null } : {});
        } else if (route === 'GET /pay/cs_e2e') {
          const session = sessions.get('cs_e2e');
          if (session) {
            await pay(session);
            redirect(session.successUrl);
            return;
          }
          response.writeHead(404).end();
        } else if (route === 'GET /portal/cus_e2e') {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end(
            '<!doctype html><title>Billing portal</title><form method="post" action="/portal/cus_e2e/cancel"><button>Cancel subscription</button></form>',
          );
        } else if (route === 'POST /portal/cus_e2e/cancel') {
          const session = sessions.get('cs_e2e');
          if (session) {
            cancelled = true;
            await send('customer.subscription.updated', subscriptionOf(session, true));
          }
          redirect(portals.get('cus_e2e') ?? '/');
        } else {
          response.writeHead(404, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({ error: { type: 'invalid_request_error', message: route } }),
          );
        }
      })().catch((cause: unknown) => {
        response.writeHead(500).end(String(cause));
      });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const stand: StripeStandIn = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget(base) {
      target = base;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stand;
}
