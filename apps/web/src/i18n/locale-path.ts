import type { Locale } from '@nimbus/contracts';
import { defaultLocale } from '@nimbus/contracts';

/** The cookie that remembers the visitor's locale (docs/product.md#limits: 365 days). */
export const localeCookieName = 'locale';
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** The request header through which the proxy tells next-intl the locale of a rewritten page. */
export const localeRequestHeader = 'X-NEXT-INTL-LOCALE';

/**
 * Paths served without a locale prefix whatever the locale (docs/product.md#screens-and-routes): share pages, the
 * sign-in shell and the captcha loading page. The locale comes from the cookie or the browser.
 */
const unprefixedRoots = ['/s', '/auth', '/loading'];

/** Whether a path (without locale prefix) is one of the routes that never carry a prefix. */
export function isUnprefixedRoute(pathname: string): boolean {
  return unprefixedRoots.some((root) => pathname === root || pathname.startsWith(`${root}/`));
}

/**
 * The public URL path of a page in a locale: unprefixed for the default locale and for the
 * unprefixed routes, `/{locale}{path}` otherwise (`/` becomes `/{locale}`).
 */
export function localePath(locale: Locale, pathname: string): string {
  const path = pathname.startsWith('/') ? pathname : `/${pathname}`;
  if (locale === defaultLocale || isUnprefixedRoute(path)) {
    return path;
  }
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
