import type { CookieToSet } from './cookie';
import { tenMinutesSeconds } from './cookie';

/** The HttpOnly cookie that carries the login hand-off to the identity feature. */
export const oauthInfoCookieName = 'oauth_info';

/**
 * A readable marker set beside `oauth_info`, so the page knows a hand-off is pending without
 * seeing the HttpOnly cookie itself.
 */
export const oauthPendingCookieName = 'oauth_pending';

/** The cookie that remembers where the login started (docs/product.md#states: login scene). */
export const loginSceneCookieName = 'login_scene';

/** Where a login started: a share page, or any other page of the site. */
export type LoginScene = 'share_page' | 'official_page';

/**
 * The optional hand-off parameters kept beside `code` and `state`. A `code_verifier` of the query
 * is not kept: the page exchanges a code only with the verifier of a flow it began itself.
 */
const optionalKeys = ['scope', 'bridge_auth', 'from_source', 'port'] as const;

/** Longest value kept for any hand-off parameter. */
const maxValueLength = 2048;

/** The hand-off parameters of a login, as stored in the `oauth_info` cookie. */
export interface OauthInfo {
  /** Absent in the desktop loopback flow, where the site asks the app for a code. */
  code?: string;
  state: string;
  scope?: string;
  bridge_auth?: string;
  from_source?: string;
  port?: string;
}

/** The login scene of a URL path: share page when it contains `/s/`, else official page. */
export function loginSceneOf(pathname: string): LoginScene {
  return pathname.includes('/s/') ? 'share_page' : 'official_page';
}

/** `/auth-success` (any locale prefix): its code belongs to the app that asked for it. */
function isAuthSuccessPath(pathname: string): boolean {
  return /^(\/[A-Za-z-]+)?\/auth-success\/?$/.test(pathname);
}

/**
 * Global guard 3: when the query carries `state` with a `code` (an authorization code supplied
 * by a desktop or extension client) or with a `port` (the desktop loopback flow), keeps them with
 * the optional `scope`, `bridge_auth`, `from_source` and `port` in a 10-minute
 * HttpOnly cookie, sets the readable `oauth_pending` marker, and records the login scene. Codes
 * landing on `/auth-success` are left to the app that asked for them.
 */
export function loginHandoffCookies(url: URL): CookieToSet[] {
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  const port = url.searchParams.get('port');
  if (
    !state ||
    (!code && !port) ||
    (code?.length ?? 0) > maxValueLength ||
    state.length > maxValueLength ||
    isAuthSuccessPath(url.pathname)
  ) {
    return [];
  }
  const info: OauthInfo = code ? { code, state } : { state };
  for (const key of optionalKeys) {
    const value = url.searchParams.get(key);
    if (value && value.length <= maxValueLength) {
      info[key] = value;
    }
  }
  return [
    {
      name: oauthInfoCookieName,
      value: JSON.stringify(info),
      maxAge: tenMinutesSeconds,
      httpOnly: true,
    },
    { name: loginSceneCookieName, value: loginSceneOf(url.pathname), maxAge: tenMinutesSeconds },
    { name: oauthPendingCookieName, value: '1', maxAge: tenMinutesSeconds },
  ];
}
