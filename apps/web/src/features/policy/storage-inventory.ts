import { captchaStorageKeyPrefix, deviceIdStorageKeys } from '@nimbus/client';
import { announcementCookie } from '@/features/announcement/announcement-cookie';
import { allowAnalysisStorageKey } from '@/features/analytics/analysis-consent';
import { handoffFlowsStorageKey } from '@/features/auth/handoff-flows';
import { debugFlagName } from '@/features/debug/debug-console-rules';
import { hiddenLanguageChangeKey } from '@/features/i18n/language-suggestion';
import { mediaPreferencesKey } from '@/features/player/media-tracks';
import { playbackPositionsKey } from '@/features/player/playback-positions';
import { preferencesDatabaseName } from '@/features/preferences/display-mode-storage';
import {
  freeDaysCookieName,
  freeTrialCalledKey,
  freeTrialSentKey,
} from '@/features/referral/free-trial';
import { grantNoticeKey } from '@/features/referral/grant-notice';
import { pendingInvitationKey } from '@/features/referral/pending-invitation';
import { passCodeCookiePrefix, passwordCookiePrefix } from '@/features/share/pass-code-cookie';
import {
  hiddenCoverKey,
  sharedDisplayModeKey,
  ssrViewTypeCookie,
} from '@/features/share/share-preferences';
import {
  restoreContinueKey,
  restoreRequestBodyKey,
  restoreToDriveKey,
} from '@/features/share/restore-continue';
import { accessCookieName } from '@/guards/access-check.guard';
import { attributionKeys } from '@/guards/attribution.guard';
import {
  loginSceneCookieName,
  oauthInfoCookieName,
  oauthPendingCookieName,
} from '@/guards/login-handoff.guard';
import { refererListCookieName } from '@/guards/referer-list.guard';
import { localeCookieName } from '@/i18n/locale-path';
import {
  credentialsStorageKey,
  loginSceneStorageKey,
  membershipStorageKey,
  profileStorageKey,
  userIdCookieName,
} from '@/lib/session/credentials';

/*
 * Every cookie and browser storage key the site sets, by its real name (the constants the code
 * sets them with), for the privacy policy's list. A name ending in `…` is a prefix: one entry per
 * share or per client. Each purpose is `storage.purposes.{purpose}` of the `policy-texts` messages.
 */

/** Where a browser keeps an entry. */
export type StorageKind = 'cookie' | 'local' | 'session' | 'database' | 'cache';

export interface StorageEntry {
  names: readonly string[];
  kind: StorageKind;
  purpose: StoragePurpose;
}

/** The server's HttpOnly session cookie (apps/server/src/modules/auth/authenticator.ts). */
export const sessionCookieName = 'nimbus_session';

/*
 * The drive's names, written here because the drive's modules import what imports this one (a
 * test holds them equal to the drive's constants).
 */
/** `embedOriginStorageKey` of drive/actions/embedded-links.ts. */
export const embedOriginStorageKey = 'nimbus_embed_origin';
/** `uploadsDatabaseName` of drive/upload/upload-store.ts. */
export const uploadsDatabaseName = 'nimbus-uploads';
/** `sharedFilesCacheName` of drive/upload/shared-files.ts: files shared from a phone's apps. */
export const sharedFilesCacheName = 'nimbus-shared-files';
/** The service worker's caches (public/sw.js `shellCache` and `assetCache`). */
export const offlineCacheNames = ['nimbus-shell-v1', 'nimbus-assets-v1'] as const;

export const storageInventory = [
  { names: [sessionCookieName], kind: 'cookie', purpose: 'session' },
  { names: [userIdCookieName], kind: 'cookie', purpose: 'user-id' },
  { names: [localeCookieName], kind: 'cookie', purpose: 'locale' },
  { names: [accessCookieName], kind: 'cookie', purpose: 'access' },
  {
    names: [oauthInfoCookieName, oauthPendingCookieName],
    kind: 'cookie',
    purpose: 'login-handoff',
  },
  { names: [loginSceneCookieName], kind: 'cookie', purpose: 'login-scene' },
  { names: [refererListCookieName], kind: 'cookie', purpose: 'referer-list' },
  { names: attributionKeys, kind: 'cookie', purpose: 'attribution' },
  { names: [ssrViewTypeCookie], kind: 'cookie', purpose: 'share-view' },
  {
    names: [`${passCodeCookiePrefix}…`, `${passwordCookiePrefix}…`],
    kind: 'cookie',
    purpose: 'share-pass-code',
  },
  { names: [announcementCookie], kind: 'cookie', purpose: 'announcement' },
  { names: [freeDaysCookieName], kind: 'cookie', purpose: 'free-days' },
  {
    names: [credentialsStorageKey, profileStorageKey, membershipStorageKey, loginSceneStorageKey],
    kind: 'local',
    purpose: 'credentials',
  },
  { names: [deviceIdStorageKeys[0]], kind: 'local', purpose: 'device-id' },
  { names: [`${captchaStorageKeyPrefix}…`], kind: 'local', purpose: 'captcha' },
  { names: [allowAnalysisStorageKey], kind: 'local', purpose: 'analysis' },
  { names: [pendingInvitationKey, grantNoticeKey], kind: 'local', purpose: 'invitation' },
  { names: [freeTrialCalledKey, freeTrialSentKey], kind: 'local', purpose: 'free-trial' },
  { names: [handoffFlowsStorageKey], kind: 'local', purpose: 'handoff-flows' },
  { names: [sharedDisplayModeKey, hiddenCoverKey], kind: 'local', purpose: 'share-display' },
  {
    names: [restoreContinueKey, restoreRequestBodyKey, restoreToDriveKey],
    kind: 'local',
    purpose: 'save-from-share',
  },
  { names: [playbackPositionsKey, mediaPreferencesKey], kind: 'local', purpose: 'player' },
  { names: [hiddenLanguageChangeKey], kind: 'local', purpose: 'language-hint' },
  { names: [debugFlagName], kind: 'local', purpose: 'debug' },
  { names: [embedOriginStorageKey], kind: 'session', purpose: 'embed-origin' },
  { names: [uploadsDatabaseName], kind: 'database', purpose: 'uploads' },
  { names: [preferencesDatabaseName], kind: 'database', purpose: 'preferences' },
  { names: offlineCacheNames, kind: 'cache', purpose: 'offline-shell' },
  { names: [sharedFilesCacheName], kind: 'cache', purpose: 'shared-files' },
] as const satisfies readonly {
  names: readonly string[];
  kind: StorageKind;
  purpose: string;
}[];

/** The purposes, each a message key under `storage.purposes`. */
export type StoragePurpose = (typeof storageInventory)[number]['purpose'];
