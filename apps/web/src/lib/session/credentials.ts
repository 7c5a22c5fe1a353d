import { getCookie, setCookie } from '@nimbus/client';
import type { StorageLike } from '@nimbus/client';
import type { accountApi, AnswerOf, VipData } from '@nimbus/contracts';
import { isPremiumStatus } from '@nimbus/contracts';
import { oauthPendingCookieName } from '../../guards/login-handoff.guard';

/*
 * The signed-in state the browser keeps (docs/product.md #entities, #states and #limits). The session itself is the
 * HttpOnly `nimbus_session` cookie; local storage holds only the stored credentials (`sub`,
 * `expires_at`, the user id) and the last profile, and a cookie carries the user id.
 */

/** Local storage key of the stored credentials. */
export const credentialsStorageKey = 'nimbus_credentials';
/** Local storage key of the last profile fetched. */
export const profileStorageKey = 'nimbus_profile';
/** Local storage key of the member's VIP state and quota (the rest of the member's info). */
export const membershipStorageKey = 'nimbus_membership';
/** Local storage key of the login scene. */
export const loginSceneStorageKey = 'nimbus_login_scene';
/** The cookie that carries the user id. */
export const userIdCookieName = 'userid';
/** Lifetime of the user id cookie: 365 days (docs/product.md#limits). */
export const userIdCookieMaxAge = 365 * 24 * 60 * 60;
/** The event the window receives whenever the signed-in state changes. */
export const sessionChangeEvent = 'nimbus:session-change';

/** The stored credentials of docs/product.md#entities. */
export interface StoredCredentials {
  sub: string;
  /** Epoch milliseconds when the access token of the sign-in ends. */
  expires_at: number;
  user_id: string;
}

/** The profile of `GET /v1/user/me` (docs/api.md#user-service), as the catalogue types it. */
export type Profile = AnswerOf<typeof accountApi.profile>;

/** The storage quota of `GET /drive/v1/about`, as the user info keeps it. */
export interface StorageQuota {
  limit: number;
  usage: number;
  /** Usage above the limit, e.g. after a membership lapsed. */
  overStorageLimit: boolean;
  /** The day's offline tasks reached the plan's limit (`task_daily_create_limit` for new ones). */
  overFreeTaskLimit: boolean;
}

/**
 * The membership half of the member's info (docs/product.md#entities): `premium` (VIP status `ok`), `expire`, `type`,
 * `vipInfo` with its `vipItem` list, and the storage quota when it could be fetched.
 */
export interface MembershipInfo {
  userId: string;
  premium: boolean;
  expire: string;
  type: string;
  vipInfo: VipData;
  quota: StorageQuota | undefined;
}

/** The membership info of a VIP answer (and the quota, when known). */
export function membershipInfoOf(vip: VipData, quota?: StorageQuota): MembershipInfo {
  return {
    userId: vip.user_id,
    premium: isPremiumStatus(vip.status),
    expire: vip.expire,
    type: vip.type,
    vipInfo: vip,
    quota,
  };
}

/** Where a login started (docs/product.md#states). */
export type LoginScene = 'share_page' | 'official_page';

function storage(): StorageLike | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function readJson(key: string): unknown {
  const raw = storage()?.getItem(key);
  if (!raw) {
    return undefined;
  }
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

function announce(): void {
  window.dispatchEvent(new Event(sessionChangeEvent));
}

/** Set while this page carries out a login hand-off. */
let handoffRunning = false;

/**
 * Whether a login hand-off is pending (the proxy's `oauth_pending` marker) or running on this
 * page. Until it ends the signed-in state is not known: the old session is about to be replaced.
 */
export function handoffPending(): boolean {
  return handoffRunning || getCookie(oauthPendingCookieName) === '1';
}

/** Marks the start or end of this page's login hand-off. */
export function setHandoffRunning(running: boolean): void {
  handoffRunning = running;
  announce();
}

function cookieSecure(): boolean {
  return window.location.protocol === 'https:';
}

/**
 * The stored credentials, or undefined when there are none. An `expires_at` in the past does not
 * end them: it is the access token's end, while the web session is the cookie, which the server
 * judges on the next profile refresh (a 401 clears the credentials).
 */
export function readCredentials(): StoredCredentials | undefined {
  const value = readJson(credentialsStorageKey);
  if (typeof value !== 'object' || value === null) {
    return undefined;
  }
  const record = value as Record<string, unknown>;
  if (
    typeof record.sub !== 'string' ||
    typeof record.user_id !== 'string' ||
    typeof record.expires_at !== 'number'
  ) {
    return undefined;
  }
  return { sub: record.sub, user_id: record.user_id, expires_at: record.expires_at };
}

/** Keeps the credentials of a new session and sets the user id cookie. */
export function storeCredentials(
  token: { sub: string; expires_in: number },
  now = Date.now(),
): void {
  const credentials: StoredCredentials = {
    sub: token.sub,
    user_id: token.sub,
    expires_at: now + token.expires_in * 1000,
  };
  storage()?.setItem(credentialsStorageKey, JSON.stringify(credentials));
  setUserIdCookie(token.sub);
  announce();
}

/** Sets the user id cookie for 365 days. */
export function setUserIdCookie(userId: string): void {
  setCookie(userIdCookieName, userId, {
    maxAge: userIdCookieMaxAge,
    sameSite: 'lax',
    secure: cookieSecure(),
  });
}

/** The user id of the cookie, `''` when signed out. */
export function readUserId(): string {
  return getCookie(userIdCookieName) ?? '';
}

/** The last profile fetched, when it belongs to the stored credentials. */
export function readProfile(): Profile | undefined {
  const credentials = readCredentials();
  const value = readJson(profileStorageKey);
  if (!credentials || typeof value !== 'object' || value === null) {
    return undefined;
  }
  const profile = value as Profile;
  return profile.sub === credentials.sub ? profile : undefined;
}

/** Stores a freshly fetched profile and refreshes the user id cookie. */
export function storeProfile(profile: Profile): void {
  storage()?.setItem(profileStorageKey, JSON.stringify(profile));
  setUserIdCookie(profile.sub);
  announce();
}

/** The last membership info fetched, when it belongs to the stored credentials. */
export function readMembership(): MembershipInfo | undefined {
  const credentials = readCredentials();
  const value = readJson(membershipStorageKey);
  if (!credentials || typeof value !== 'object' || value === null) {
    return undefined;
  }
  const membership = value as MembershipInfo;
  return membership.userId === credentials.sub ? membership : undefined;
}

/** Stores the membership info (after a refresh, or after redeeming an activation code). */
export function storeMembership(membership: MembershipInfo): void {
  storage()?.setItem(membershipStorageKey, JSON.stringify(membership));
  announce();
}

/**
 * Stores what a successful profile refresh fetched, the profile and the membership, in one
 * change, and sets the user id cookie for 365 days.
 */
export function storeUserInfo(profile: Profile, membership: MembershipInfo): void {
  storage()?.setItem(profileStorageKey, JSON.stringify(profile));
  storage()?.setItem(membershipStorageKey, JSON.stringify(membership));
  setUserIdCookie(profile.sub);
  announce();
}

/** Clears the user id (cookie, profile and membership) after a failed profile or VIP fetch. */
export function clearUserId(): void {
  setCookie(userIdCookieName, '', { maxAge: 0, sameSite: 'lax', secure: cookieSecure() });
  storage()?.removeItem(profileStorageKey);
  storage()?.removeItem(membershipStorageKey);
  announce();
}

/** Forgets the session: credentials, profile and user id. */
export function clearCredentials(): void {
  storage()?.removeItem(credentialsStorageKey);
  clearUserId();
}

/** The login scene of a path: share page when it contains `/s/`, else official page. */
export function loginSceneOf(pathname: string): LoginScene {
  return pathname.includes('/s/') ? 'share_page' : 'official_page';
}

/** Remembers where the login started. */
export function rememberLoginScene(pathname: string): LoginScene {
  const scene = loginSceneOf(pathname);
  storage()?.setItem(loginSceneStorageKey, scene);
  return scene;
}

/**
 * Where to go after signing in: the `redirect` (or `return_to`) parameter when it is a path of
 * this site, else `fallback`. Absolute URLs, protocol-relative paths and backslashes are refused.
 */
export function safeRedirect(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback;
  }
  try {
    const url = new URL(value, 'https://nimbus.invalid');
    if (url.origin !== 'https://nimbus.invalid') {
      return fallback;
    }
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
