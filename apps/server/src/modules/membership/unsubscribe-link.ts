import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets';

/** What an unsubscribe address names: the mail address and the kind of mail (`scene`). */
export interface UnsubscribeClaims {
  email: string;
  scene: string;
}

/** Scenes are short lower-case names (`activity`, `newsletter`, ...). */
export const unsubscribeScenePattern = /^[a-z0-9_]{1,32}$/;

/** Longest `d` read; anything longer cannot be one this server signed. */
const maxLength = 1024;

function signature(key: Uint8Array, payload: string): string {
  return createHmac('sha256', key).update(payload, 'utf8').digest('base64url');
}

/**
 * The signed address `d` of an unsubscribe link (`/unsubscribe?d=` on the site, which calls
 * `GET /mail/v1/unsubscribe?d=`): `<base64url JSON {e, s}>.<HMAC-SHA-256>`. It does not expire,
 * so a link in an old mail still works; only this server can make one, so nobody can
 * unsubscribe somebody else's address.
 */
export function signUnsubscribe(key: Uint8Array, claims: UnsubscribeClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ e: claims.email, s: claims.scene }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${signature(key, payload)}`;
}

/** The claims of a genuine `d`, or undefined (malformed, altered or forged); compared in constant time. */
export function readUnsubscribe(key: Uint8Array, d: string): UnsubscribeClaims | undefined {
  const [payload, mac, ...rest] = d.split('.');
  if (payload === undefined || mac === undefined || rest.length > 0 || d.length > maxLength) {
    return undefined;
  }
  if (!safeEqual(mac, signature(key, payload))) {
    return undefined;
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (claims === null || typeof claims !== 'object') {
    return undefined;
  }
  const { e, s } = claims as { e?: unknown; s?: unknown };
  if (
    typeof e !== 'string' ||
    typeof s !== 'string' ||
    !e.includes('@') ||
    !unsubscribeScenePattern.test(s)
  ) {
    return undefined;
  }
  return { email: e, scene: s };
}
