import type { Locale } from '@nimbus/contracts';
import { isLocale, locales, negotiateLocale, resolveLocale } from '@nimbus/contracts';
import { isUnprefixedRoute, localePath } from '../i18n/locale-path';

/** The query parameter that forces a locale (docs/product.md#screens-and-routes). */
export const localeQueryParam = 'locale';

/**
 * A first path segment shaped like a language tag: a two-letter language, alone or with a
 * region or a Chinese, Latin or Cyrillic script (`fr`, `xx`, `pt-BR`, `es-419`, `zh-Hant-HK`).
 * Deliberately narrow, so that ordinary words (`old-path`, `blog`) stay paths.
 */
const localeLikePattern = /^[a-z]{2}(?:-(?:hans|hant|latn|cyrl))?(?:-(?:[a-z]{2}|\d{3}))?$/i;

/** The first segment of a path and the rest of it (`/ja/faq` is `ja` and `/faq`). */
export function splitFirstSegment(pathname: string): { segment: string; rest: string } {
  const match = /^\/([^/]*)(\/.*)?$/.exec(pathname);
  return { segment: match?.[1] ?? '', rest: match?.[2] ?? '/' };
}

/** The supported locale a segment names in any letter case (`zh-tw` is `zh-TW`), if any. */
export function localeOfSegment(segment: string): Locale | undefined {
  const lower = segment.toLowerCase();
  return locales.find((locale) => locale.toLowerCase() === lower);
}

/** Whether a segment looks like a language tag and is not the first segment of a route. */
export function looksLikeLocale(segment: string, routeRoots: ReadonlySet<string>): boolean {
  return localeLikePattern.test(segment) && !routeRoots.has(segment);
}

/** The path without any locale-looking first segment, supported or not. */
export function stripLocaleSegment(pathname: string, routeRoots: ReadonlySet<string>): string {
  const { segment, rest } = splitFirstSegment(pathname);
  return localeOfSegment(segment) || looksLikeLocale(segment, routeRoots) ? rest : pathname;
}

/**
 * The locale of a request without a locale prefix: a valid cookie first, then the browser's
 * Accept-Language, then the default (docs/product.md#states: "chosen from cookie or browser").
 */
export function detectLocale(
  cookieLocale: string | undefined,
  acceptLanguage: string | null,
): Locale {
  return isLocale(cookieLocale) ? cookieLocale : negotiateLocale(acceptLanguage);
}

/** What the locale step does with a request. */
export type LocalePlan =
  /** Redirect to `location` (path and query); `rememberLocale` is written to the locale cookie. */
  | { kind: 'redirect'; location: string; rememberLocale?: Locale }
  /** Serve the same path from the `[locale]` tree of `locale` without changing the URL. */
  | { kind: 'serve-in-locale'; locale: Locale }
  /** A correctly prefixed or unprefixed page path: next-intl's middleware decides. */
  | { kind: 'next-intl' };

export interface LocalePlanInput {
  pathname: string;
  searchParams: URLSearchParams;
  cookieLocale: string | undefined;
  acceptLanguage: string | null;
  routeRoots: ReadonlySet<string>;
}

function withQuery(pathname: string, searchParams: URLSearchParams): string {
  const query = searchParams.toString();
  return query === '' ? pathname : `${pathname}?${query}`;
}

/**
 * Global guard 6, the rules of docs/product.md#screens-and-routes that go beyond next-intl's prefix handling:
 * - `?locale=xx` forces a locale: redirect to that locale's path without the parameter and
 *   remember it (an unknown value means the default locale);
 * - a prefix in the wrong letter case is corrected (`/zh-tw/faq` to `/zh-TW/faq`);
 * - a locale prefix on an unprefixed route (`/ja/s/abc`) is stripped and remembered;
 * - an unsupported locale-looking prefix (`/fr/faq`, `/xx`) leads to the default-locale path;
 * - unprefixed routes (`/s/...`, `/auth`, `/loading`) are served in the visitor's locale.
 */
export function planLocale(input: LocalePlanInput): LocalePlan {
  const forced = input.searchParams.get(localeQueryParam);
  if (forced !== null) {
    const locale = resolveLocale(forced);
    const query = new URLSearchParams(input.searchParams);
    query.delete(localeQueryParam);
    const rest = stripLocaleSegment(input.pathname, input.routeRoots);
    return {
      kind: 'redirect',
      location: withQuery(localePath(locale, rest), query),
      rememberLocale: locale,
    };
  }

  const { segment, rest } = splitFirstSegment(input.pathname);
  const prefixLocale = localeOfSegment(segment);
  if (prefixLocale) {
    if (isUnprefixedRoute(rest)) {
      return {
        kind: 'redirect',
        location: withQuery(rest, input.searchParams),
        rememberLocale: prefixLocale,
      };
    }
    if (segment !== prefixLocale) {
      return {
        kind: 'redirect',
        location: withQuery(localePath(prefixLocale, rest), input.searchParams),
        rememberLocale: prefixLocale,
      };
    }
    return { kind: 'next-intl' };
  }
  if (looksLikeLocale(segment, input.routeRoots)) {
    return { kind: 'redirect', location: withQuery(rest, input.searchParams) };
  }
  if (isUnprefixedRoute(input.pathname)) {
    const locale = detectLocale(input.cookieLocale, input.acceptLanguage);
    return { kind: 'serve-in-locale', locale };
  }
  return { kind: 'next-intl' };
}
