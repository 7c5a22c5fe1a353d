import type { Config } from './config';
import { isDatabaseReady, type DatabaseHandle } from './db/database';
import { createAccessService } from './modules/access/access.service';
import { anonymousAuthenticator } from './modules/auth/authenticator';
import { createSettingRepository } from './modules/site-config/setting.repository';
import { createSiteConfigService } from './modules/site-config/site-config.service';
import { defaultLocale, locales } from '@nimbus/contracts';

type ContainerConfig = Pick<
  Config,
  'ACCESS_BLOCKED_CIDRS' | 'ACCESS_BLOCKED_COUNTRIES' | 'DEBUG_CONSOLE' | 'PUBLIC_URL'
>;

/** The composition root: every repository and service, wired once from configuration. */
export function createContainer(config: ContainerConfig, database: DatabaseHandle) {
  const settings = createSettingRepository(database.db);
  return {
    database,
    isDatabaseReady: () => isDatabaseReady(database.db),
    authenticator: anonymousAuthenticator,
    access: createAccessService({
      blockedCidrs: config.ACCESS_BLOCKED_CIDRS,
      blockedCountries: config.ACCESS_BLOCKED_COUNTRIES,
    }),
    settings,
    siteConfig: createSiteConfigService({
      settings,
      defaults: {
        basic: { site_name: 'Nimbus', site_url: config.PUBLIC_URL, default_locale: defaultLocale, locales },
        resources: {},
        external_products: {},
        activity_operation: {},
        debug_options: { allow_vconsole: config.DEBUG_CONSOLE },
      },
    }),
  };
}

export type Container = ReturnType<typeof createContainer>;
