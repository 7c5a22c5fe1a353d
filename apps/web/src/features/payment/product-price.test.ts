import { describe, expect, it } from 'vitest';
import { formatPrice, usageRatio } from './product-price';

describe('product prices', () => {
  it('writes a number with a currency the way of the locale', () => {
    expect(formatPrice({ price: '4.99', currency: 'USD' }, 'en-US')).toBe('$4.99');
    expect(formatPrice({ price: '4.99', currency: 'EUR' }, 'es').replace(/\s/g, ' ')).toBe(
      '4,99 €',
    );
    expect(formatPrice({ price: '500', currency: 'JPY' }, 'ja')).toMatch(/500/);
  });

  it('shows other texts as written, followed by the currency', () => {
    expect(formatPrice({ price: '4.99/month', currency: 'USD' }, 'en-US')).toBe('4.99/month USD');
    expect(formatPrice({ price: 'from 3', currency: '' }, 'en-US')).toBe('from 3');
    expect(formatPrice({ price: '3', currency: '' }, 'en-US')).toBe('3');
    expect(formatPrice({ price: '  ', currency: 'USD' }, 'en-US')).toBe('');
  });

  it('gives the share of a limit used, capped at the whole', () => {
    expect(usageRatio(50, 200)).toBe(0.25);
    expect(usageRatio(500, 200)).toBe(1);
    expect(usageRatio(5, 0)).toBe(0);
    expect(usageRatio(0, 10)).toBe(0);
  });
});
