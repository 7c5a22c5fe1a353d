import type {
  ActivityOperation,
  AppDownloads,
  CompensationOffer,
  ProductCatalogue,
} from '@nimbus/contracts';
import { appLinkSchemeSchema, mergeAppDownloads } from '@nimbus/contracts';
import { mergeActivityOperation } from './activity-operation';
import type { PlanLimits } from '../membership/membership.service';
import { limitsOf, mergeExternalProducts } from './external-products';
import type { ConfigScope } from '@nimbus/contracts';
import type { SettingRepository } from './setting.repository';
import { storedSettingValue } from './stored-setting';

type Values = Record<string, unknown>;

export interface SiteConfigServiceDeps {
  settings: Pick<SettingRepository, 'listScope'>;
  /** Values each scope has before an operator stores anything. */
  defaults: Readonly<Record<ConfigScope, Values>>;
  /** The promotions' and compensations' schedule from configuration. */
  activityOperation: ActivityOperation;
  /** The apps published by configuration (`APP_DOWNLOADS`) and their URL scheme (`''`: none). */
  apps: { downloads: AppDownloads; linkScheme: string };
  /** The purchase pages' catalogue from configuration (plan limits and products). */
  externalProducts: ProductCatalogue;
  /**
   * Whether the configured products are the defaults derived from the plans' limits (no
   * `EXTERNAL_PRODUCTS`): then they follow the limits the console stores.
   */
  derivedProducts: boolean;
  /**
   * How long a node counts with the plans' limits it read: every upload's and download's quota
   * asks them, so they are not read again on each call. 0 reads them every time.
   */
  planLimitsMaxAgeMs: number;
  now: () => Date;
}

type Plans = { free: PlanLimits; premium: PlanLimits };

/** The values of the config host: defaults from configuration, overridden by stored settings. */
export function createSiteConfigService(deps: SiteConfigServiceDeps) {
  async function storedValues(scope: ConfigScope): Promise<Values> {
    const values: Values = { ...deps.defaults[scope] };
    for (const { key, value } of await deps.settings.listScope(scope)) {
      values[key] = storedSettingValue(value);
    }
    return values;
  }

  /** The schedule in force: configuration, then the stored settings entry by entry. */
  async function activityOperation(): Promise<ActivityOperation> {
    return mergeActivityOperation(deps.activityOperation, await storedValues('activity_operation'));
  }

  /**
   * The apps in force: configuration, then the stored `app_downloads` setting channel by
   * channel, and a stored `app_link_scheme` only when it is a safe scheme.
   */
  function resourcesOf(stored: Values): { app_downloads: AppDownloads; app_link_scheme: string } {
    const scheme = appLinkSchemeSchema.safeParse(stored.app_link_scheme);
    return {
      app_downloads: mergeAppDownloads(deps.apps.downloads, stored.app_downloads),
      app_link_scheme: scheme.success ? scheme.data : deps.apps.linkScheme,
    };
  }

  let plansRead: { at: number; plans: Promise<Plans> } | undefined;

  async function productCatalogue(): Promise<ProductCatalogue> {
    return mergeExternalProducts(
      deps.externalProducts,
      await storedValues('external_products'),
      deps.derivedProducts,
    );
  }

  return {
    async values(scope: ConfigScope): Promise<Record<ConfigScope, Values>> {
      const values = await storedValues(scope);
      if (scope === 'activity_operation') {
        Object.assign(values, mergeActivityOperation(deps.activityOperation, values));
      }
      if (scope === 'resources') {
        Object.assign(values, resourcesOf(values));
      }
      if (scope === 'external_products') {
        Object.assign(
          values,
          mergeExternalProducts(deps.externalProducts, values, deps.derivedProducts),
        );
      }
      return { [scope]: values } as Record<ConfigScope, Values>;
    },

    activityOperation,

    /** The product catalogue in force: configuration, then the stored `plans` and `products`. */
    productCatalogue,

    /**
     * The plans' limits in force (configuration, then the stored `plans` setting), read again
     * once they are `planLimitsMaxAgeMs` old, so a change in the console is every node's quota
     * within that time. A read that fails is not kept.
     */
    planLimits(): Promise<Plans> {
      const at = deps.now().getTime();
      if (plansRead && at >= plansRead.at && at - plansRead.at < deps.planLimitsMaxAgeMs) {
        return plansRead.plans;
      }
      const plans = productCatalogue().then(({ plans: published }) => ({
        free: limitsOf(published.free),
        premium: limitsOf(published.premium),
      }));
      plansRead = { at, plans };
      plans.catch(() => {
        if (plansRead?.plans === plans) {
          plansRead = undefined;
        }
      });
      return plans;
    },

    /** The compensation of a type, as configured and stored; undefined when none is defined. */
    async compensationOf(type: string): Promise<CompensationOffer | undefined> {
      const { compensations } = await activityOperation();
      return Object.hasOwn(compensations, type) ? compensations[type] : undefined;
    },
  };
}

export type SiteConfigService = ReturnType<typeof createSiteConfigService>;
