import type { ActivityOperation, Locale } from '@nimbus/contracts';
import { defaultLocale, isActivityOver, locales } from '@nimbus/contracts';
import { localePath } from '../../i18n/locale-path';
import { helpCenterPaths } from '../help-center/help-center-content';
import { policyPaths } from '../policy/policy-docs';
import { sitePages } from './site-routes';

/** One URL of the sitemap with its language alternates. */
export interface SitemapEntry {
  url: string;
  alternates: { languages: Record<string, string> };
}

/** The seasonal promotions a sitemap may list (the compensation page needs its link's type). */
const listedPromotions = ['christmas', 'black-friday'] as const;

/**
 * The public pages (spec section 2), without locale prefix: the fixed pages marked for the
 * sitemap, the help center, the policies and the promotions the schedule of the config host
 * (`activity_operation`) says are still running at `now`; none when it is unknown. Never the
 * drive, share pages, sign-in or the captcha page.
 */
export function publicPagePaths(now: number, operation?: ActivityOperation): string[] {
  return [
    ...sitePages.filter((page) => page.inSitemap).map((page) => page.path),
    '/help-center',
    ...helpCenterPaths(),
    ...policyPaths(),
    ...(operation
      ? listedPromotions
          .filter((activity) => !isActivityOver(operation, activity, now))
          .map((activity) => `/activity/${activity}`)
      : []),
  ];
}

/**
 * Every public page in every locale, each with `hreflang` alternates for all locales and an
 * `x-default` pointing at the default locale, as absolute URLs on `publicUrl`.
 */
export function sitemapEntries(
  publicUrl: string,
  now: number,
  operation?: ActivityOperation,
): SitemapEntry[] {
  const absolute = (locale: Locale, path: string) =>
    new URL(localePath(locale, path), publicUrl).toString();
  return publicPagePaths(now, operation).flatMap((path) => {
    const languages: Record<string, string> = Object.fromEntries(
      locales.map((locale) => [locale, absolute(locale, path)]),
    );
    languages['x-default'] = absolute(defaultLocale, path);
    return locales.map((locale) => ({ url: absolute(locale, path), alternates: { languages } }));
  });
}
