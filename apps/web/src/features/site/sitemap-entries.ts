import type { Locale } from '@nimbus/contracts';
import { defaultLocale, locales } from '@nimbus/contracts';
import { localePath } from '../../i18n/locale-path';
import { activityPath, openActivities } from '../activity/activity-schedule';
import { helpCenterPaths } from '../help-center/help-center-content';
import { policyPaths } from '../policy/policy-docs';
import { sitePages } from './site-routes';

/** One URL of the sitemap with its language alternates. */
export interface SitemapEntry {
  url: string;
  alternates: { languages: Record<string, string> };
}

/**
 * The public pages (spec section 2), without locale prefix: the fixed pages marked for the
 * sitemap, the help center, the policies and the activities still running at `now`. Never the
 * drive, share pages, sign-in or the captcha page.
 */
export function publicPagePaths(now: number): string[] {
  return [
    ...sitePages.filter((page) => page.inSitemap).map((page) => page.path),
    '/help-center',
    ...helpCenterPaths(),
    ...policyPaths(),
    ...openActivities(now).map(activityPath),
  ];
}

/**
 * Every public page in every locale, each with `hreflang` alternates for all locales and an
 * `x-default` pointing at the default locale, as absolute URLs on `publicUrl`.
 */
export function sitemapEntries(publicUrl: string, now: number): SitemapEntry[] {
  const absolute = (locale: Locale, path: string) =>
    new URL(localePath(locale, path), publicUrl).toString();
  return publicPagePaths(now).flatMap((path) => {
    const languages: Record<string, string> = Object.fromEntries(
      locales.map((locale) => [locale, absolute(locale, path)]),
    );
    languages['x-default'] = absolute(defaultLocale, path);
    return locales.map((locale) => ({ url: absolute(locale, path), alternates: { languages } }));
  });
}
