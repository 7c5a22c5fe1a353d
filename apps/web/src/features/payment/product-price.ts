import type { Product } from '@nimbus/contracts';

/**
 * A product's price for people: a plain number with an ISO 4217 currency is written the
 * locale's way (`$4.99`, `4,99 €`, `￥500`); anything else (`4.99/month`, `from 3`) is shown as
 * the operator wrote it, followed by the currency. Empty when the product has no price.
 */
export function formatPrice(product: Pick<Product, 'price' | 'currency'>, locale: string): string {
  const price = product.price.trim();
  if (price === '') {
    return '';
  }
  if (product.currency !== '' && /^\d+(\.\d+)?$/.test(price)) {
    try {
      return new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: product.currency,
      }).format(Number(price));
    } catch {
      // An unknown currency code: fall through to the plain text.
    }
  }
  return product.currency === '' ? price : `${price} ${product.currency}`;
}

/** A usage against a limit as a share from 0 to 1; 0 for a limit of 0 or less. */
export function usageRatio(usage: number, limit: number): number {
  if (!(limit > 0) || !(usage > 0)) {
    return 0;
  }
  return Math.min(1, usage / limit);
}
