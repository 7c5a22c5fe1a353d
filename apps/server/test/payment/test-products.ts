/*
 * The catalogue the payment tests sell (EXTERNAL_PRODUCTS), kept free of test-runner imports so
 * the browser tests sell the same subscriptions.
 */

export const premiumMonthly = {
  id: 'premium-monthly',
  kind: 'premium',
  days: 30,
  interval: 'month',
  price: '5.99',
  currency: 'USD',
};

export const premiumYearly = {
  id: 'premium-yearly',
  kind: 'premium',
  days: 365,
  interval: 'year',
  price: '49.99',
  currency: 'USD',
};

/** The catalogue the payment tests sell. */
export const testProducts = [
  {
    id: 'premium-30',
    kind: 'premium',
    days: 30,
    price: '4.99',
    currency: 'USD',
    prices: { JPY: '700' },
  },
  premiumMonthly,
  premiumYearly,
  { id: 'storage-1m', kind: 'storage', days: 30, bytes: '1000000', price: '2', currency: 'USD' },
  { id: 'code-only', kind: 'premium', days: 7 },
];
