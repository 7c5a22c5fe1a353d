/*
 * Cookies the global guards set, described as plain data so the guards stay pure functions; the
 * proxy writes them onto the response.
 */

/** A cookie to set on the response. */
export interface CookieToSet {
  name: string;
  value: string;
  /** Lifetime in seconds. */
  maxAge: number;
  httpOnly?: boolean;
}

/** The cookies of the request, by name (values already decoded). */
export type RequestCookies = ReadonlyMap<string, string>;

const hourSeconds = 60 * 60;

/** Attribution and referer cookies live 12 hours (docs/product.md#limits). */
export const twelveHoursSeconds = 12 * hourSeconds;

/** The login hand-off and access-check cookies live 10 minutes (docs/product.md#limits). */
export const tenMinutesSeconds = 10 * 60;
