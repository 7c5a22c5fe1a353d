import type {
  AnswerOf,
  SiteSettingName,
  adminCompensationsApi,
  adminSettingsApi,
} from '@nimbus/contracts';
import { adminCompensationsRoutes, adminSettingsRoutes } from '@nimbus/contracts/routes';
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

export type ConsoleCompensation = AnswerOf<
  typeof adminCompensationsApi.listCompensations
>['data'][number];
export type CompensationClaim = AnswerOf<
  typeof adminCompensationsApi.compensationClaims
>['data'][number];

/** The compensations in force with their claims counted. */
export async function listCompensations(): Promise<ConsoleCompensation[]> {
  return (await browserClient().call(adminCompensationsRoutes.listCompensations)).data;
}

/** A page of who claimed the compensation `type`, newest first. */
export async function compensationClaims(
  type: string,
  pageToken: string,
): Promise<{ claims: CompensationClaim[]; nextPageToken: string }> {
  const answer = await browserClient().call(adminCompensationsRoutes.compensationClaims, {
    params: { type },
    query: { limit: 50, ...(pageToken === '' ? {} : { page_token: pageToken }) },
  });
  return { claims: answer.data, nextPageToken: answer.next_page_token };
}
