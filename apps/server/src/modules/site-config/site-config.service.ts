import type { ConfigScope } from './site-config.schemas';
import type { SettingRepository } from './setting.repository';

type Values = Record<string, unknown>;

export interface SiteConfigServiceDeps {
  settings: Pick<SettingRepository, 'listScope'>;
  /** Values each scope has before an operator stores anything. */
  defaults: Readonly<Record<ConfigScope, Values>>;
}

function parseStored(value: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** The values of the config host: defaults from configuration, overridden by stored settings. */
export function createSiteConfigService(deps: SiteConfigServiceDeps) {
  return {
    async values(scope: ConfigScope): Promise<Record<ConfigScope, Values>> {
      const stored = await deps.settings.listScope(scope);
      const values: Values = { ...deps.defaults[scope] };
      for (const { key, value } of stored) {
        values[key] = parseStored(value);
      }
      return { [scope]: values } as Record<ConfigScope, Values>;
    },
  };
}

export type SiteConfigService = ReturnType<typeof createSiteConfigService>;
