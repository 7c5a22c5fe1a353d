import { defaultStorage, getCookie, readDeviceId } from '@nimbus/client';
import { readMembership, readUserId } from '@/lib/session/credentials';
import { parseRefererList, refererListCookieName } from '@/guards/referer-list.guard';
import { analyticsContextOf, type AnalyticsContext } from './analytics-context';

/**
 * The analytics context of this page now: the browser and page languages, the member's premium
 * state and id, the attribution source, the `scene` of the address, the referring sites and the
 * device id. The country is left to the server, which knows it from the CDN.
 */
export function browserAnalyticsContext(): AnalyticsContext {
  const url = new URL(window.location.href);
  return analyticsContextOf({
    userAgent: navigator.userAgent,
    languageSystem: navigator.language,
    languageWeb: document.documentElement.lang,
    premium: readMembership()?.premium,
    source: getCookie('source'),
    scene: url.searchParams.get('scene') ?? undefined,
    referers: parseRefererList(getCookie(refererListCookieName), Date.now()).map(
      (entry) => entry.host,
    ),
    deviceId: readDeviceId(defaultStorage()) ?? '',
    userId: readUserId(),
    country: undefined,
  });
}
