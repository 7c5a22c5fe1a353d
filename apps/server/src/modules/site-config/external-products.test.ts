import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { planDefaultsOf } from '../membership/membership.service';
import { externalProductsOf, mergeExternalProducts } from './external-products';

describe('the configured product catalogue', () => {
  it('defaults to products derived from the plan limits, and publishes the limits', () => {
    const config = loadConfig({
      PLAN_FREE_STORAGE_BYTES: '1000',
      PLAN_FREE_OFFLINE_TRAFFIC_BYTES: '300',
    });
    expect(config.EXTERNAL_PRODUCTS).toBeUndefined();
    const catalogue = externalProductsOf(planDefaultsOf(config), config.EXTERNAL_PRODUCTS);
    expect(catalogue.plans.free).toMatchObject({
      storage_bytes: '1000',
      offline_traffic_bytes: '300',
      cloud_downloads: 5,
    });
    expect(
      catalogue.products
        .filter((product) => product.kind !== 'premium')
        .map((product) => product.bytes),
    ).toEqual(['10000', '100000', '600', '6000']);
  });

  it('reads EXTERNAL_PRODUCTS and stops the start with every wrong product named', () => {
    const config = loadConfig({
      EXTERNAL_PRODUCTS:
        '[{"id":"year","kind":"premium","days":365,"price":"39","currency":"eur","checkout_url":"https://shop.example/y"}]',
    });
    expect(config.EXTERNAL_PRODUCTS?.[0]).toMatchObject({
      id: 'year',
      currency: 'EUR',
      checkout_url: 'https://shop.example/y',
    });
    expect(() => loadConfig({ EXTERNAL_PRODUCTS: 'not json' })).toThrow(
      /EXTERNAL_PRODUCTS: must be a JSON list/,
    );
    expect(() =>
      loadConfig({
        EXTERNAL_PRODUCTS:
          '[{"id":"a","kind":"storage","days":30},{"id":"b","kind":"premium","days":30,"checkout_url":"ftp://x"}]',
      }),
    ).toThrow(/product 0: bytes.*\n.*product 1: checkout_url/s);
  });

  it('lets a stored products setting replace the list, keeping only its valid entries', () => {
    const configured = externalProductsOf(planDefaultsOf(loadConfig({})), undefined);
    expect(mergeExternalProducts(configured, {}, true)).toBe(configured);
    expect(mergeExternalProducts(configured, { products: 'oops' }, true)).toBe(configured);
    const merged = mergeExternalProducts(
      configured,
      {
        products: [{ id: 'x', kind: 'traffic', days: 3, bytes: '42' }, { id: 'y' }],
      },
      true,
    );
    expect(merged.plans).toEqual(configured.plans);
    expect(merged.products.map((product) => product.id)).toEqual(['x']);
    expect(mergeExternalProducts(configured, { products: [] }, true).products).toEqual([]);
  });

  it('lets a stored plans setting replace the limits it gives, and ignores one that is not valid', () => {
    const configured = externalProductsOf(planDefaultsOf(loadConfig({})), undefined);
    const merged = mergeExternalProducts(
      configured,
      {
        plans: { premium: { offline_running: 9 } },
      },
      false,
    );
    expect(merged.plans.free).toEqual(configured.plans.free);
    expect(merged.plans.premium).toEqual({ ...configured.plans.premium, offline_running: 9 });
    expect(
      mergeExternalProducts(configured, { plans: { free: { offline_running: 0 } } }, true),
    ).toBe(configured);
  });

  it('derives the default packs again from stored plan limits, but keeps configured products', () => {
    const configured = externalProductsOf(planDefaultsOf(loadConfig({})), undefined);
    const stored = { plans: { free: { storage_bytes: '1000', offline_traffic_bytes: '300' } } };
    const packs = (catalogue: { products: { kind: string; bytes: string }[] }) =>
      catalogue.products
        .filter((product) => product.kind !== 'premium')
        .map((product) => product.bytes);
    expect(packs(mergeExternalProducts(configured, stored, true))).toEqual([
      '10000',
      '100000',
      '600',
      '6000',
    ]);
    expect(mergeExternalProducts(configured, stored, false).products).toBe(configured.products);
  });
});
