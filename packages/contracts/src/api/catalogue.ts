import { accessApi } from './access';
import { activationCodesApi } from './activation-codes';
import { adminApi } from './admin';
import { adminMembersApi } from './admin-members';
import { adminCompensationsApi } from './admin-compensations';
import { adminSettingsApi } from './admin-settings';
import { accountApi } from './account';
import { authApi } from './auth';
import { contentApi } from './content';
import { dataExportApi } from './data-export';
import { driveApi } from './drive';
import type { Endpoint } from './endpoint';
import { eventApi } from './event';
import { feedbackApi } from './feedback';
import { mediaTracksApi } from './media-tracks';
import { membershipApi } from './membership';
import { moderationApi } from './moderation';
import { oauthApi } from './oauth';
import { offlineApi } from './offline';
import { paymentApi } from './payment';
import { shareApi } from './share';
import { shieldApi } from './shield';
import { healthApi } from './site';
import { siteConfigApi } from './site-config';
import { statisticsApi } from './statistics';
import { taskApi } from './task';
import { uploadApi } from './upload';
import { videoApi } from './video';

/** Every area of the API catalogue, by name: the server registers each entry as one route. */
export const apiCatalogue = {
  drive: driveApi,
  upload: uploadApi,
  share: shareApi,
  moderation: moderationApi,
  task: taskApi,
  offline: offlineApi,
  event: eventApi,
  shield: shieldApi,
  access: accessApi,
  health: healthApi,
  content: contentApi,
  mediaTracks: mediaTracksApi,
  video: videoApi,
  membership: membershipApi,
  payment: paymentApi,
  statistics: statisticsApi,
  feedback: feedbackApi,
  siteConfig: siteConfigApi,
  auth: authApi,
  account: accountApi,
  dataExport: dataExportApi,
  oauth: oauthApi,
  admin: adminApi,
  adminMembers: adminMembersApi,
  adminSettings: adminSettingsApi,
  adminCompensations: adminCompensationsApi,
  activationCodes: activationCodesApi,
} as const satisfies Record<string, Record<string, Endpoint>>;

/** Every entry of the catalogue, with its area and name. */
export function catalogueEntries(): { area: string; name: string; endpoint: Endpoint }[] {
  return Object.entries(apiCatalogue).flatMap(([area, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]) => ({
      area,
      name,
      endpoint: endpoint as Endpoint,
    })),
  );
}
