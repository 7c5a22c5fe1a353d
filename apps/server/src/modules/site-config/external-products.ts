import {
  defaultProducts,
  parseProducts,
  type Product,
  type ProductCatalogue,
} from '@nimbus/contracts';
import type { PlanLimits } from '../membership/membership.service';

function published(limits: PlanLimits): ProductCatalogue['plans']['free'] {
  return {
    storage_bytes: String(limits.storageBytes),
    cloud_downloads: limits.cloudDownloads,
    download_traffic_bytes: String(limits.downloadTrafficBytes),
    offline_running: limits.offlineRunning,
    offline_traffic_bytes: String(limits.offlineTrafficBytes),
  };
}

/**
 * The catalogue configuration gives: the plan limits the purchase pages compare, and the
 * products of `EXTERNAL_PRODUCTS` or, when it is empty, the defaults derived from the limits.
 */
export function externalProductsOf(
  plans: { free: PlanLimits; premium: PlanLimits },
  configured: Product[] | undefined,
): ProductCatalogue {
  return {
    plans: { free: published(plans.free), premium: published(plans.premium) },
    products: configured ?? defaultProducts({ free: plans.free }),
  };
}

/**
 * The catalogue after the operator's stored setting `products` (scope `external_products`): a
 * JSON list that replaces the configured products. Its invalid entries are left out (a typo in
 * one product must not take the others down); a setting that is not a list is ignored.
 */
export function mergeExternalProducts(
  configured: ProductCatalogue,
  stored: Readonly<Record<string, unknown>>,
): ProductCatalogue {
  if (!Array.isArray(stored.products)) {
    return configured;
  }
  return { ...configured, products: parseProducts(stored.products).products };
}
