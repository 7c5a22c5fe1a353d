import type { AnswerOf, SiteSettingName, adminSettingsApi } from '@nimbus/contracts';
import { adminSettingsRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The console's site settings (docs/api.md#operator-console): the values in force, a change with
 * a reason, the history of changes and the revert of one. Admins only; the server checks each
 * value against the setting's schema again.
 */

export type SiteSetting = AnswerOf<typeof adminSettingsApi.listSettings>['data'][number];
export type SettingChange = AnswerOf<typeof adminSettingsApi.settingHistory>['data'][number];

export async function listSettings(): Promise<SiteSetting[]> {
  return (await browserClient().call(adminSettingsRoutes.listSettings)).data;
}

export function updateSetting(
  name: SiteSettingName,
  value: unknown,
  reason: string,
): Promise<SiteSetting> {
  return browserClient().call(adminSettingsRoutes.updateSetting, {
    body: { name, value, reason },
  });
}

export async function settingHistory(
  pageToken: string,
): Promise<{ changes: SettingChange[]; nextPageToken: string }> {
  const answer = await browserClient().call(adminSettingsRoutes.settingHistory, {
    query: { limit: 50, ...(pageToken === '' ? {} : { page_token: pageToken }) },
  });
  return { changes: answer.data, nextPageToken: answer.next_page_token };
}

export function revertSetting(changeId: string, reason: string): Promise<SiteSetting> {
  return browserClient().call(adminSettingsRoutes.revertSetting, {
    body: { change_id: changeId, reason },
  });
}
