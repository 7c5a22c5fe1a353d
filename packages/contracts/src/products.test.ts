import { describe, expect, it } from 'vitest';
import {
  checkoutHref,
  defaultProducts,
  maxProducts,
  parseProducts,
  productCatalogueSchema,
} from './products';

const gib = 1024 ** 3;

describe('product catalogue', () => {
  it('reads valid products with their defaults filled in and bytes as decimal strings', () => {
    const { products, problems } = parseProducts([
      {
        id: 'premium-30',
        kind: 'premium',
        days: 30,
        price: ' 4.99 ',
        currency: 'usd',
        checkout_url: 'https://shop.example/buy',
      },
      { id: 'storage-1t', kind: 'storage', days: 30, bytes: 1024 ** 4, name: 'Big box' },
      { id: 'traffic-100g', kind: 'traffic', days: 7, bytes: String(100 * gib) },
    ]);
    expect(problems).toEqual([]);
    expect(products).toEqual([
      {
        id: 'premium-30',
        kind: 'premium',
        name: '',
        days: 30,
        bytes: '0',
        price: '4.99',
        currency: 'USD',
        checkout_url: 'https://shop.example/buy',
        highlight: false,
      },
      {
        id: 'storage-1t',
        kind: 'storage',
        name: 'Big box',
        days: 30,
        bytes: String(1024 ** 4),
        price: '',
        currency: '',
        checkout_url: '',
        highlight: false,
      },
      {
        id: 'traffic-100g',
        kind: 'traffic',
        name: '',
        days: 7,
        bytes: String(100 * gib),
        price: '',
        currency: '',
        checkout_url: '',
        highlight: false,
      },
    ]);
  });

  it('drops invalid entries and repeated ids, and says why', () => {
    const { products, problems } = parseProducts([
      { id: 'ok', kind: 'premium', days: 30 },
      { id: 'ok', kind: 'premium', days: 60 },
      { id: 'pack-without-bytes', kind: 'storage', days: 30 },
      { id: 'premium-with-bytes', kind: 'premium', days: 30, bytes: 5 },
      { id: 'no-days', kind: 'premium' },
      { id: 'bad kind', kind: 'gold', days: 30 },
      { id: 'js', kind: 'premium', days: 30, checkout_url: 'javascript:alert(1)' },
      { id: 'creds', kind: 'premium', days: 30, checkout_url: 'https://user:pw@shop.example/' },
      { id: 'currency', kind: 'premium', days: 30, currency: 'dollars' },
      { id: 'extra', kind: 'premium', days: 30, discount: 10 },
      { id: 'days', kind: 'premium', days: 0 },
      'premium',
    ]);
    expect(products.map((product) => product.id)).toEqual(['ok']);
    expect(problems.map((problem) => problem.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(problems[0]?.message).toContain('used twice');
    expect(problems[1]?.message).toContain('bytes');
    expect(problems[5]?.message).toContain('checkout_url');
  });

  it('reads anything but a list as no products, and keeps at most the limit', () => {
    expect(parseProducts({ id: 'x' }).products).toEqual([]);
    expect(parseProducts({ id: 'x' }).problems).toHaveLength(1);
    const many = Array.from({ length: maxProducts + 3 }, (_, index) => ({
      id: `p${index}`,
      kind: 'premium',
      days: 1 + index,
    }));
    const parsed = parseProducts(many);
    expect(parsed.products).toHaveLength(maxProducts);
    expect(parsed.problems).toHaveLength(3);
  });

  it('derives the default catalogue from the free plan, leaving out packs of a zero limit', () => {
    const products = defaultProducts({
      free: {
        storageBytes: 10 * gib,
        offlineTrafficBytes: 50 * gib,
        downloadTrafficBytes: 100 * gib,
      },
    });
    expect(
      products.map((product) => [product.id, product.kind, product.days, product.bytes]),
    ).toEqual([
      ['premium-30', 'premium', 30, '0'],
      ['premium-90', 'premium', 90, '0'],
      ['premium-365', 'premium', 365, '0'],
      ['storage-10x-30', 'storage', 30, String(100 * gib)],
      ['storage-100x-30', 'storage', 30, String(1000 * gib)],
      ['traffic-2x-30', 'traffic', 30, String(100 * gib)],
      ['traffic-20x-30', 'traffic', 30, String(1000 * gib)],
    ]);
    expect(products.filter((product) => product.highlight).map((product) => product.id)).toEqual([
      'premium-90',
    ]);
    // Every default is itself a valid product, so the published catalogue parses.
    expect(parseProducts(products).problems).toEqual([]);
    const none = defaultProducts({
      free: { storageBytes: 0, offlineTrafficBytes: 0, downloadTrafficBytes: 0 },
    });
    expect(none.map((product) => product.kind)).toEqual(['premium', 'premium', 'premium']);
    const limits = {
      storage_bytes: '1',
      cloud_downloads: 1,
      download_traffic_bytes: '1',
      offline_running: 1,
      offline_traffic_bytes: '1',
    };
    expect(
      productCatalogueSchema.safeParse({ plans: { free: limits, premium: limits }, products })
        .success,
    ).toBe(true);
  });

  it('builds the checkout link with the product, the member, the source and the language', () => {
    const href = checkoutHref(
      { id: 'premium-30', checkout_url: 'https://shop.example/checkout?campaign=spring' },
      { userId: 'u123', source: 'payment_page', locale: 'ja' },
    );
    const url = new URL(href);
    expect(url.origin + url.pathname).toBe('https://shop.example/checkout');
    const params: Record<string, string> = {};
    url.searchParams.forEach((value, key) => {
      params[key] = value;
    });
    expect(params).toEqual({
      campaign: 'spring',
      product: 'premium-30',
      user_id: 'u123',
      source: 'payment_page',
      locale: 'ja',
    });
    expect(
      checkoutHref(
        { id: 'x', checkout_url: '' },
        { userId: 'u', source: 'payment_page', locale: 'en-US' },
      ),
    ).toBe('');
    expect(
      checkoutHref(
        { id: 'x', checkout_url: 'javascript:alert(1)' },
        { userId: 'u', source: 'payment_page', locale: 'en-US' },
      ),
    ).toBe('');
    expect(
      new URL(
        checkoutHref(
          { id: 'x', checkout_url: 'https://s.example/' },
          { userId: '', source: 'payment_page', locale: 'es' },
        ),
      ).searchParams.has('user_id'),
    ).toBe(false);
  });
});
