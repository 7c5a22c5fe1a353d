import type { CookieToSet } from './cookie';
import { twelveHoursSeconds } from './cookie';

/** The cookie holding the referring sites (docs/product.md#entities: referer list entry). */
export const refererListCookieName = 'referer_list';

/** At most this many referring sites are remembered (docs/product.md#limits). */
export const maxRefererEntries = 10;

/** How long an entry stays valid: 12 hours (docs/product.md#limits). */
export const refererLifetimeMs = twelveHoursSeconds * 1000;

/** One referring site and the time (ms since the epoch) after which it is forgotten. */
export interface RefererEntry {
  host: string;
  expiry: number;
}

/**
 * The valid entries of a stored list (docs/product.md#validation): host a non-empty string, expiry a number
 * not yet passed; anything unparsable counts as an empty list.
 */
export function parseRefererList(raw: string | undefined, now: number): RefererEntry[] {
  if (!raw) {
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) {
    return [];
  }
  return parsed.flatMap((item: unknown): RefererEntry[] => {
    if (typeof item !== 'object' || item === null) {
      return [];
    }
    const { host, expiry } = item as { host?: unknown; expiry?: unknown };
    if (typeof host !== 'string' || host === '' || typeof expiry !== 'number' || !(expiry > now)) {
      return [];
    }
    return [{ host, expiry }];
  });
}

/** The host of a referer URL when it is another site than `ownHosts`, else undefined. */
export function externalRefererHost(
  referer: string | null,
  ownHosts: readonly string[],
): string | undefined {
  if (!referer) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return undefined;
  }
  const host = url.host.toLowerCase();
  return ownHosts.some((own) => own.toLowerCase() === host) ? undefined : host;
}

export interface RefererGuardInput {
  /** The request's Referer header. */
  referer: string | null;
  /** Hosts of this site (the request host and the public URL's host). */
  ownHosts: readonly string[];
  /** The stored list, as read from the cookie. */
  stored: string | undefined;
  now: number;
}

/**
 * Global guard 2: appends the referring site (external only) to the list with a 12-hour expiry.
 * A host already listed moves to the end with a fresh expiry; expired or invalid entries are
 * dropped and only the newest ten are kept. Returns the cookie to set, or undefined when the
 * request does not come from another site.
 */
export function refererListCookie(input: RefererGuardInput): CookieToSet | undefined {
  const host = externalRefererHost(input.referer, input.ownHosts);
  if (!host) {
    return undefined;
  }
  const kept = parseRefererList(input.stored, input.now).filter((entry) => entry.host !== host);
  const list = [...kept, { host, expiry: input.now + refererLifetimeMs }].slice(-maxRefererEntries);
  return { name: refererListCookieName, value: JSON.stringify(list), maxAge: twelveHoursSeconds };
}
