import {
  defaultProducts,
  parseProducts,
  plansSettingSchema,
  type Product,
  type ProductCatalogue,
  type PublishedPlanLimits,
} from '@nimbus/contracts';
import type { PlanLimits } from '../membership/membership.service';

function published(limits: PlanLimits): PublishedPlanLimits {
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

/** A plan's limits as the services count them, from their published form. */
export function limitsOf(plan: PublishedPlanLimits): PlanLimits {
  return {
    storageBytes: Number(plan.storage_bytes),
    cloudDownloads: plan.cloud_downloads,
    downloadTrafficBytes: Number(plan.download_traffic_bytes),
    offlineRunning: plan.offline_running,
    offlineTrafficBytes: Number(plan.offline_traffic_bytes),
  };
}

/**
 * The plans after the operator's stored setting `plans`: each limit it gives replaces the
 * configured one. A setting that does not pass its schema (stored by hand) is ignored whole.
 */
function mergePlans(
  configured: ProductCatalogue['plans'],
  stored: unknown,
): ProductCatalogue['plans'] {
  const parsed = plansSettingSchema.safeParse(stored);
  if (!parsed.success) {
    return configured;
  }
  return {
    free: { ...configured.free, ...parsed.data.free },
    premium: { ...configured.premium, ...parsed.data.premium },
  };
}

/**
 * The catalogue after the operator's stored settings of scope `external_products`: `plans`
 * (the plans' limits, limit by limit) and `products`, a JSON list that replaces the configured
 * products. The list's invalid entries are left out (a typo in one product must not take the
 * others down); a `products` setting that is not a list is ignored. When the configured products
 * are the defaults (`derivedProducts`: no `EXTERNAL_PRODUCTS`) and no list is stored, the packs
 * are derived again from the limits in force, so the console's plan limits size them too.
 */
export function mergeExternalProducts(
  configured: ProductCatalogue,
  stored: Readonly<Record<string, unknown>>,
  derivedProducts: boolean,
): ProductCatalogue {
  const plans = mergePlans(configured.plans, stored.plans);
  if (Array.isArray(stored.products)) {
    return { ...configured, plans, products: parseProducts(stored.products).products };
  }
  if (plans === configured.plans) {
    return configured;
  }
  return {
    ...configured,
    plans,
    products: derivedProducts
      ? defaultProducts({ free: limitsOf(plans.free) })
      : configured.products,
  };
}
