import type { AnalyticsClientType } from '@nimbus/contracts';

/*
 * The analytics context of docs/product.md#entities, sent with every analytics event: the client type,
 * the system's and the page's language, the user type (docs/product.md#states: 2 for a premium member,
 * else 1), the attribution source, the scene, the referring sites, the device and user ids and
 * the country.
 */

/** The context an analytics event carries. */
export interface AnalyticsContext {
  client_type: AnalyticsClientType;
  language_system: string;
  language_web: string;
  /** 2 when the member is premium, else 1 (visitors too). */
  userType: 1 | 2;
  source: string;
  scene: string;
  /** The referring hosts, comma-joined. */
  referer_list: string;
  deviceid: string;
  /** The signed-in member's id, `''` for a visitor. */
  userid: string;
  /** ISO alpha-2, `''` when not known. */
  country: string;
}

/** The user type of docs/product.md#states: 2 if premium, else 1. */
export function analyticsUserType(premium: boolean | undefined): 1 | 2 {
  return premium === true ? 2 : 1;
}

/** The client type of a user agent: `ios`, `android`, `mac`, or `pc` for anything else. */
export function analyticsClientTypeOf(userAgent: string): AnalyticsClientType {
  if (/iPhone|iPad|iPod/i.test(userAgent)) {
    return 'ios';
  }
  if (/Android/i.test(userAgent)) {
    return 'android';
  }
  if (/Macintosh|Mac OS X/i.test(userAgent)) {
    return 'mac';
  }
  return 'pc';
}

/** What the context is made from. */
export interface AnalyticsFacts {
  userAgent: string;
  languageSystem: string;
  languageWeb: string;
  premium: boolean | undefined;
  source: string | undefined;
  scene: string | undefined;
  referers: readonly string[];
  deviceId: string;
  userId: string;
  country: string | undefined;
}

/** The analytics context of these facts. */
export function analyticsContextOf(facts: AnalyticsFacts): AnalyticsContext {
  return {
    client_type: analyticsClientTypeOf(facts.userAgent),
    language_system: facts.languageSystem,
    language_web: facts.languageWeb,
    userType: analyticsUserType(facts.premium),
    source: facts.source ?? '',
    scene: facts.scene ?? '',
    referer_list: facts.referers.join(','),
    deviceid: facts.deviceId,
    userid: facts.userId,
    country: facts.country ?? '',
  };
}
