import {
  parseSiteSetting,
  settingPlaceOf,
  siteSettingNames,
  siteSettingSchemas,
  type SettingChange,
  type SiteSetting,
  type SiteSettingName,
} from '@nimbus/contracts';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import { pageTokenOf, readPageToken } from '../../http/page-token';
import { newId } from '../../lib/secrets';
import type { SettingHistoryRepository, SettingHistoryRow } from './setting-history.repository';
import type { SettingRepository } from './setting.repository';
import type { SiteConfigService } from './site-config.service';
import { storedSettingValue } from './stored-setting';

export interface SettingsConsoleDeps {
  settings: Pick<SettingRepository, 'find' | 'put' | 'remove'>;
  history: SettingHistoryRepository;
  siteConfig: Pick<SiteConfigService, 'values'>;
  now: () => Date;
}

/** What a change did, for its audit row. */
export interface SettingChangeDone {
  setting: SiteSetting;
  change: SettingChange;
}

const positionSchema = z.object({ createdAt: z.string().max(32), id: z.string().max(64) });

function toChange(row: SettingHistoryRow): SettingChange {
  return {
    id: row.id,
    name: row.name as SiteSettingName,
    before: row.before,
    after: row.after,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    reason: row.reason,
    created_at: row.created_at,
    reverts: row.reverts,
  };
}

function isSettingName(name: string): name is SiteSettingName {
  return Object.hasOwn(siteSettingSchemas, name);
}

/**
 * The site settings of the operator console (docs/api.md#operator-console): each change stores
 * the setting and one history row (before, after, who, why) in the caller's transaction, and
 * takes effect on every node from its next config call, since the config host reads the
 * settings from the database on every call.
 */
export function createSettingsConsoleService(deps: SettingsConsoleDeps) {
  async function current(name: SiteSettingName): Promise<SiteSetting> {
    const { scope, key } = settingPlaceOf(name);
    const stored = await deps.settings.find(scope, key);
    const values = await deps.siteConfig.values(
      scope as Parameters<SiteConfigService['values']>[0],
    );
    const inForce = (values as Record<string, Record<string, unknown>>)[scope]?.[key];
    return {
      name,
      value: inForce ?? null,
      stored: stored !== undefined,
      updated_at: stored?.updated_at ?? '',
    };
  }

  /** Stores `value` (null: removes the stored setting) and writes its history row. */
  async function write(
    name: SiteSettingName,
    value: string | null,
    actorId: string,
    reason: string,
    reverts: string,
  ): Promise<SettingChangeDone> {
    const { scope, key } = settingPlaceOf(name);
    const now = deps.now();
    const before = (await deps.settings.find(scope, key))?.value ?? null;
    if (value === null) {
      await deps.settings.remove(scope, key);
    } else {
      await deps.settings.put(scope, key, value, now);
    }
    const id = newId();
    await deps.history.insert({
      id,
      name,
      before,
      after: value,
      actor_id: actorId,
      reason,
      reverts,
      created_at: now.toISOString(),
    });
    const row = await deps.history.find(id);
    if (row === undefined) {
      throw new Error('the setting change just written is missing');
    }
    return { setting: await current(name), change: toChange(row) };
  }

  return {
    async list(): Promise<SiteSetting[]> {
      return Promise.all(siteSettingNames.map(current));
    },

    /** Stores a value the route checked against the setting's schema already. */
    async update(
      name: SiteSettingName,
      value: unknown,
      actorId: string,
      reason: string,
    ): Promise<SettingChangeDone> {
      return write(name, JSON.stringify(parseSiteSetting(name, value)), actorId, reason, '');
    },

    /**
     * Puts back the value the change `changeId` replaced (removes the stored setting when there
     * was none, so configuration's is in force again), as a new change naming the one reverted.
     * A value that no longer passes the setting's schema is refused.
     */
    async revert(changeId: string, actorId: string, reason: string): Promise<SettingChangeDone> {
      const reverted = await deps.history.find(changeId);
      if (reverted === undefined || !isSettingName(reverted.name)) {
        throw new AppError('not_found', { description: 'No such setting change' });
      }
      const name = reverted.name;
      if (
        reverted.before !== null &&
        !siteSettingSchemas[name].safeParse(storedSettingValue(reverted.before)).success
      ) {
        throw new AppError('failed_precondition', {
          description: 'The earlier value no longer passes the setting’s checks',
        });
      }
      return write(name, reverted.before, actorId, reason, reverted.id);
    },

    async history(
      name: SiteSettingName | undefined,
      limit: number,
      pageToken: string | undefined,
    ): Promise<{ data: SettingChange[]; next_page_token: string }> {
      const position = pageToken ? readPageToken(pageToken, positionSchema) : undefined;
      const rows = await deps.history.list(name, position, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map(toChange),
        next_page_token:
          rows.length > limit && last
            ? pageTokenOf({ createdAt: last.created_at, id: last.id })
            : '',
      };
    },
  };
}

export type SettingsConsoleService = ReturnType<typeof createSettingsConsoleService>;
