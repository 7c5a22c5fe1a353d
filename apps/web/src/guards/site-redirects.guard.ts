import type { Locale } from '@nimbus/contracts';
import { localePath } from '../i18n/locale-path';

/** A server-configured redirect (the `SITE_REDIRECTS` setting). */
export interface SiteRedirectRule {
  source: string;
  destination: string;
  permanent: boolean;
}

/** Where a matched rule sends the visitor. */
export interface SiteRedirectTarget {
  /** A path of the site (locale applied) or an absolute URL. */
  location: string;
  /** Whether the target is another site: the whole page navigates there. */
  external: boolean;
  permanent: boolean;
}

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/**
 * Global guard 7: the first rule whose source is the requested path (without locale prefix,
 * trailing slash ignored). A path destination keeps the visitor's locale and, when it has no
 * query of its own, the request's query; an absolute destination is used as is.
 */
export function matchSiteRedirect(
  rules: readonly SiteRedirectRule[],
  pathname: string,
  locale: Locale,
  search: string,
): SiteRedirectTarget | undefined {
  const path = withoutTrailingSlash(pathname);
  const rule = rules.find((candidate) => withoutTrailingSlash(candidate.source) === path);
  if (!rule) {
    return undefined;
  }
  if (!rule.destination.startsWith('/')) {
    return { location: rule.destination, external: true, permanent: rule.permanent };
  }
  const [destinationPath = '/', destinationQuery] = rule.destination.split('?', 2);
  const query = destinationQuery === undefined ? search : `?${destinationQuery}`;
  return {
    location: `${localePath(locale, destinationPath)}${query}`,
    external: false,
    permanent: rule.permanent,
  };
}
