import type { ActivityOperation, HelpArticleSlug } from '@nimbus/contracts';
import { helpFeaturesOn, isActivityOver, locales, noHelpSiteFacts } from '@nimbus/contracts';
import { absoluteLocaleUrl, languageAlternates } from '../../i18n/alternates';
import { helpCenterPaths, visibleHelpArticles } from '../help-center/help-center-content';
import { policyPaths } from '../policy/policy-docs';
import type { LocalizedPage } from '@/lib/localized-page';
import { sitePages } from './site-routes';

/** One URL of the sitemap with its language alternates. */
export interface SitemapEntry {
  url: string;
  alternates: { languages: Record<string, string> };
  lastModified?: string;
}

/** The seasonal promotions a sitemap may list (the compensation page needs its link's type). */
const listedPromotions = ['christmas', 'black-friday'] as const;

/**
 * The public pages (docs/product.md#screens-and-routes), without locale prefix: the fixed pages marked for the
 * sitemap, the help center's topics and the articles this server shows (`helpArticles`; by
 * default those of a server with no optional feature), not `/help-center`, which redirects to
 * the first topic, the policies and the promotions the schedule of the config host
 * (`activity_operation`) says are still running at `now`; none when it is unknown. Never the
 * drive, share pages, sign-in or the captcha page.
 */
export function publicPagePaths(
  now: number,
  operation?: ActivityOperation,
  helpArticles: ReadonlySet<HelpArticleSlug> = visibleHelpArticles(helpFeaturesOn(noHelpSiteFacts)),
): string[] {
  return [
    ...sitePages.filter((page) => page.inSitemap).map((page) => page.path),
    ...helpCenterPaths(helpArticles),
    ...policyPaths(),
    ...(operation
      ? listedPromotions
          .filter((activity) => !isActivityOver(operation, activity, now))
          .map((activity) => `/activity/${activity}`)
      : []),
  ];
}

/**
 * Every public page in every locale that has it, each with `hreflang` alternates for those
 * locales and an `x-default` pointing at the default locale, as absolute URLs on `publicUrl`.
 * The fixed pages exist in all locales; `localizedPages` (the blog's posts) in theirs.
 */
export function sitemapEntries(
  publicUrl: string,
  now: number,
  operation?: ActivityOperation,
  localizedPages: readonly LocalizedPage[] = [],
  helpArticles?: ReadonlySet<HelpArticleSlug>,
): SitemapEntry[] {
  const pages: LocalizedPage[] = [
    ...publicPagePaths(now, operation, helpArticles).map((path) => ({ path, locales })),
    ...localizedPages,
  ];
  return pages.flatMap((page) => {
    const languages = languageAlternates(publicUrl, page.path, page.locales);
    return locales
      .filter((locale) => page.locales.includes(locale))
      .map((locale) => ({
        url: absoluteLocaleUrl(publicUrl, locale, page.path),
        alternates: { languages },
        ...(page.lastModified ? { lastModified: page.lastModified } : {}),
      }));
  });
}
