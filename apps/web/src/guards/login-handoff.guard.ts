import type { CookieToSet } from './cookie';
import { tenMinutesSeconds } from './cookie';

/** The HttpOnly cookie that carries the login hand-off to the identity feature. */
export const oauthInfoCookieName = 'oauth_info';

/** The cookie that remembers where the login started (spec section 4: login scene). */
export const loginSceneCookieName = 'login_scene';

/** Where a login started: a share page, or any other page of the site. */
export type LoginScene = 'share_page' | 'official_page';

/** The optional hand-off parameters kept beside `code` and `state`. */
const optionalKeys = ['scope', 'bridge_auth', 'from_source', 'port'] as const;

/** Longest value kept for any hand-off parameter. */
const maxValueLength = 2048;

/** The hand-off parameters of a login, as stored in the `oauth_info` cookie. */
export interface OauthInfo {
  code: string;
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

/**
 * Global guard 3: when the query carries `code` and `state` (an authorization code coming back,
 * or one supplied by a desktop or extension client), keeps them with the optional `scope`,
 * `bridge_auth`, `from_source` and `port` in a 10-minute HttpOnly cookie, and records the login
 * scene. Nothing happens without both `code` and `state`.
 */
export function loginHandoffCookies(url: URL): CookieToSet[] {
  const code = url.searchParams.get('code');
  const state = url.searchParams.get('state');
  if (!code || !state || code.length > maxValueLength || state.length > maxValueLength) {
    return [];
  }
  const info: OauthInfo = { code, state };
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
  ];
}
