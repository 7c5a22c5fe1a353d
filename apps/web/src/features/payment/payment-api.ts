import { driveRoutes, paymentRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/** The purchase pages' calls, through the API catalogue. */

/** `GET /drive/v1/about`: the member's storage, traffic and task usage against the plan. */
export const getAbout = (signal?: AbortSignal) =>
  browserClient().call(driveRoutes.about, {}, signal ? { signal } : {});

/** What `getAbout` resolves. */
export type About = Awaited<ReturnType<typeof getAbout>>;

/** `GET /vip/v1/payment/overview`: the member's subscription and payment history. */
export const getPaymentOverview = async (signal?: AbortSignal) =>
  (await browserClient().call(paymentRoutes.overview, {}, signal ? { signal } : {})).data;

/** What `getPaymentOverview` resolves. */
export type PaymentOverviewData = Awaited<ReturnType<typeof getPaymentOverview>>;

/**
 * `POST /vip/v1/payment/checkout`: the provider's page for a product (never retried: a second
 * checkout would be a second page, harmless but pointless).
 */
export const startCheckout = async (productId: string) =>
  (
    await browserClient().call(
      paymentRoutes.checkout,
      { body: { product_id: productId } },
      { retries: 0 },
    )
  ).data.url;

/** `POST /vip/v1/payment/portal`: a one-time link to the provider's customer portal. */
export const openPortal = async () =>
  (await browserClient().call(paymentRoutes.portal, {}, { retries: 0 })).data.url;

/** `POST /vip/v1/payment/subscription/cancel`: ends the subscription at its period's end. */
export const cancelSubscription = async () =>
  (await browserClient().call(paymentRoutes.cancelSubscription, {}, { retries: 0 })).data
    .subscription;

/** `POST /vip/v1/payment/subscription/resume`: the subscription renews again. */
export const resumeSubscription = async () =>
  (await browserClient().call(paymentRoutes.resumeSubscription, {}, { retries: 0 })).data
    .subscription;

/** `POST /vip/v1/payment/subscription/change`: renews on another plan from the period's end. */
export const changeSubscription = async (productId: string) =>
  (
    await browserClient().call(
      paymentRoutes.changeSubscription,
      { body: { product_id: productId } },
      { retries: 0 },
    )
  ).data.subscription;
