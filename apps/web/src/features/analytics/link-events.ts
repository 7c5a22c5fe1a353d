import {
  appChannels,
  appDownloadPlatformOf,
  pageRouteOf,
  type AppChannel,
} from '@nimbus/contracts';
import type { AppEventName, AppEvents } from '@/lib/app-events';

/*
 * The events a followed link means, decided from the link and the page alone, so every link of
 * the site counts without each component knowing: a download button of an app page
 * (`data-app-download="<channel>"`), a link to the premium pages from elsewhere (`jump-to-vip`),
 * a share page's link into the drive (`share-page-will-jump-to-web`).
 */

/** An event and its properties. */
export type AppEventOf = { [K in AppEventName]: { name: K; props: AppEvents[K] } }[AppEventName];

/** The premium (purchase) pages, as routes. */
const premiumRoutes = ['/drive/payment', '/inapp/shop'];

function isPremiumRoute(route: string): boolean {
  return premiumRoutes.some((prefix) => route === prefix || route.startsWith(`${prefix}/`));
}

function isAppChannel(value: string | undefined): value is AppChannel {
  return value !== undefined && (appChannels as readonly string[]).includes(value);
}

/** What a clicked link tells. */
export interface FollowedLink {
  /** The link's absolute address. */
  href: string;
  /** Its `data-app-download` channel, if any. */
  appDownload: string | undefined;
}

/** The events of following `link` from the page at `page` (an absolute address). */
export function linkEvents(
  link: FollowedLink,
  page: string,
  locales: readonly string[],
): AppEventOf[] {
  if (isAppChannel(link.appDownload)) {
    return [
      {
        name: 'app-download',
        props: { platform: appDownloadPlatformOf(link.appDownload), channel: link.appDownload },
      },
    ];
  }
  let target: URL;
  let here: URL;
  try {
    target = new URL(link.href, page);
    here = new URL(page);
  } catch {
    return [];
  }
  if (target.origin !== here.origin) {
    return [];
  }
  const to = pageRouteOf(target.pathname, locales);
  const from = pageRouteOf(here.pathname, locales);
  const events: AppEventOf[] = [];
  if (isPremiumRoute(to) && !isPremiumRoute(from)) {
    events.push({ name: 'jump-to-vip', props: { from, to } });
  }
  if (from.startsWith('/s/') && (to === '/drive' || to.startsWith('/drive/'))) {
    events.push({ name: 'share-page-will-jump-to-web', props: { to } });
  }
  return events;
}
