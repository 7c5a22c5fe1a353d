import { expect, test } from '@playwright/test';
import { premiumMonthly, premiumYearly } from '../../apps/server/test/payment/test-products';
import { startExtraServer, type ExtraServer } from '../support/extra-server';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import {
  standInSecretKey,
  standInWebhookSecret,
  startStripeStandIn,
  type StripeStandIn,
} from '../support/stripe-stand-in';

/*
 * Payments through Stripe (docs/memberships.md#payments): a member buys a yearly subscription
 * through the stand-in's checkout, comes back to /drive/payment as premium with the renewal date,
 * cancels in the stand-in's portal and sees when it ends, then resumes and cancels again in
 * Nimbus itself, each after a confirmation. The server is one of its own, with
 * Stripe configured against the stand-in.
 */

let server: ExtraServer;
let stripe: StripeStandIn;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const mainPort = Number(process.env.E2E_PORT ?? 3217);
  stripe = await startStripeStandIn();
  // Beside the main server's helper ports and the free-trial server (+30101).
  server = await startExtraServer(mainPort + 30201, {
    STRIPE_SECRET_KEY: standInSecretKey,
    STRIPE_WEBHOOK_SECRET: standInWebhookSecret,
    STRIPE_API_BASE: stripe.base,
    FREE_TRIAL_DAYS: '0',
    EXTERNAL_PRODUCTS: JSON.stringify([premiumMonthly, { ...premiumYearly, highlight: true }]),
  });
  stripe.setTarget(server.baseURL);
});

test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

test('a member subscribes yearly through checkout, sees the renewal date, cancels in the portal and sees the end, resumes and cancels in Nimbus', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signUpInEnglish(page, newEmail(), 'first horse 42', { dataDir: server.dataDir });

  await page.goto('/drive/payment');
  const status = page.getByTestId('payment-status');
  await expect(status.getByTestId('membership-badge')).toHaveAttribute('data-premium', 'false');
  await expect(page.getByText('Subscription and payments')).toBeVisible();
  await expect(page.getByTestId('billing')).toContainText('No payments yet.');
  const yearly = page.locator('[data-product="premium-yearly"]');
  await expect(yearly.getByTestId('product-price')).toHaveText('$49.99 a year');

  await yearly.getByTestId('product-checkout').click();
  await expect(page).toHaveURL(/\/drive\/payment\?checkout=done$/);
  await expect(page.getByRole('status').filter({ hasText: 'Thank you!' })).toBeVisible();
  await expect(status.getByTestId('membership-badge')).toHaveAttribute('data-premium', 'true');
  const subscription = page.getByTestId('subscription');
  await expect(subscription).toContainText('Premium, yearly');
  const renewal = new Date(Date.now() + 365 * 24 * 60 * 60 * 1000).getUTCFullYear();
  await expect(subscription.getByTestId('subscription-date')).toContainText('Renews on');
  await expect(subscription.getByTestId('subscription-date')).toContainText(String(renewal));
  await expect(page.getByTestId('payments')).toContainText('$49.99');
  await expect(page.getByTestId('payments')).toContainText('Paid');

  await page.getByTestId('billing-portal').click();
  // The portal's own button (the payment page has one of the same name).
  await expect(page).toHaveTitle('Billing portal');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page).toHaveURL(/\/drive\/payment$/);
  await expect(page.getByTestId('subscription-date')).toContainText('Ends on');
  await expect(page.getByTestId('subscription-date')).toContainText(String(renewal));
  await expect(status.getByTestId('membership-badge')).toHaveAttribute('data-premium', 'true');

  // Resumed and cancelled again on the page itself, each after its confirmation.
  const date = page.getByTestId('subscription-date');
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('It renews on');
  await confirm.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(date).toContainText('Renews on');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(confirm).toContainText('Premium stays until');
  await expect(confirm).toContainText(String(renewal));
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(date).toContainText('Ends on');
  await page.reload();
  await expect(date).toContainText('Ends on');
  await expect(date).toContainText(String(renewal));
  await context.close();
});
