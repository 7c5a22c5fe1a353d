/*
 * Every page of the site (docs/product.md#screens-and-routes) with its layout, as one table: the route groups under
 * `src/app/[locale]/` follow it, the sitemap lists its public pages and the proxy knows from it
 * which first path segments are routes rather than locales. Policy, help-center and activity
 * pages are listed by their own features.
 */

/** The layouts of docs/product.md#screens-and-routes, one route group each; `default` is for pages without a named layout. */
export type LayoutName =
  | 'basic'
  | 'drive'
  | 'activity'
  | 'policy'
  | 'help-center'
  | 'basic-activity'
  | 'simple'
  | 'console'
  | 'default';

export interface SitePage {
  /** The path without locale prefix; `[name]` marks a parameter. */
  path: string;
  layout: LayoutName;
  /** Whether the page is public content listed in the sitemap. */
  inSitemap: boolean;
}

/** The pages with a fixed path, plus the share pages. */
export const sitePages: readonly SitePage[] = [
  { path: '/', layout: 'basic', inSitemap: true },
  { path: '/tv', layout: 'basic', inSitemap: true },
  { path: '/tv/activate', layout: 'basic', inSitemap: false },
  { path: '/faq', layout: 'basic', inSitemap: true },
  { path: '/help', layout: 'basic', inSitemap: true },
  { path: '/contact-us', layout: 'basic', inSitemap: true },
  { path: '/mobile-app', layout: 'basic', inSitemap: true },
  { path: '/desktop-app', layout: 'basic', inSitemap: true },
  { path: '/unsubscribe', layout: 'basic', inSitemap: false },
  { path: '/url-checker', layout: 'basic', inSitemap: true },
  { path: '/browser-extension', layout: 'basic', inSitemap: true },
  { path: '/inapp/shop', layout: 'drive', inSitemap: false },
  { path: '/s/[shareId]', layout: 'drive', inSitemap: false },
  { path: '/s/[shareId]/[...parentIds]', layout: 'drive', inSitemap: false },
  { path: '/drive/all', layout: 'drive', inSitemap: false },
  { path: '/drive/trash', layout: 'drive', inSitemap: false },
  { path: '/drive/recent', layout: 'drive', inSitemap: false },
  { path: '/drive/starred', layout: 'drive', inSitemap: false },
  { path: '/drive/shares', layout: 'drive', inSitemap: false },
  { path: '/drive/tasks', layout: 'drive', inSitemap: false },
  { path: '/drive/login', layout: 'drive', inSitemap: false },
  { path: '/drive/payment', layout: 'drive', inSitemap: false },
  { path: '/drive/payment/storage', layout: 'drive', inSitemap: false },
  { path: '/drive/payment/traffic', layout: 'drive', inSitemap: false },
  { path: '/drive/account', layout: 'drive', inSitemap: false },
  { path: '/drive/feedback', layout: 'drive', inSitemap: false },
  { path: '/admin', layout: 'console', inSitemap: false },
  { path: '/admin/settings', layout: 'console', inSitemap: false },
  { path: '/admin/roles', layout: 'console', inSitemap: false },
  { path: '/admin/audit', layout: 'console', inSitemap: false },
  { path: '/check-in', layout: 'basic-activity', inSitemap: false },
  { path: '/check-in-guide', layout: 'basic-activity', inSitemap: true },
  { path: '/auth', layout: 'simple', inSitemap: false },
  { path: '/loading', layout: 'simple', inSitemap: false },
  { path: '/auth-success', layout: 'simple', inSitemap: false },
  { path: '/no-connection', layout: 'simple', inSitemap: false },
  { path: '/tv-help', layout: 'default', inSitemap: true },
  { path: '/activity-end', layout: 'default', inSitemap: false },
  { path: '/favorite-links-hub', layout: 'default', inSitemap: true },
  { path: '/blog', layout: 'default', inSitemap: true },
  // Listed in the sitemap by the blog, in the locales that have each post.
  { path: '/blog/[slug]', layout: 'default', inSitemap: false },
  { path: '/install-apk-troubleshooting', layout: 'default', inSitemap: true },
  { path: '/referral', layout: 'default', inSitemap: true },
  { path: '/inapp/widget', layout: 'default', inSitemap: false },
];

/**
 * The page a blocked visitor is rewritten to (header only, no main content). It is internal:
 * the proxy answers a direct request for it as an unmatched route.
 */
export const accessBlockedPath = '/access-blocked';

/** First path segments that belong to routes; any other locale-looking segment is a locale. */
export const routeRootSegments: ReadonlySet<string> = new Set([
  ...sitePages.map((page) => page.path.split('/')[1] ?? '').filter((segment) => segment !== ''),
  'policy',
  'help-center',
  'activity',
  accessBlockedPath.slice(1),
]);
