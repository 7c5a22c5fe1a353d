import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets';

/** How long a pass-code token opens its share: 12 hours (docs/product.md#limits). */
export const passCodeTokenTtlSeconds = 43_200;

function signature(key: Uint8Array, payload: string, passCode: string): string {
  return createHmac('sha256', key)
    .update(`${payload}\u0000${passCode}`, 'utf8')
    .digest('base64url');
}

/**
 * A signed, share-bound token proving that its bearer gave a share's pass code, never the pass
 * code itself: `<payload>.<HMAC>`, the payload naming the share and the expiry. The HMAC also
 * covers the pass code in force, so changing a share's pass code voids every token given for it.
 */
export function signPassCodeToken(
  key: Uint8Array,
  input: { shareId: string; passCode: string; now: Date },
): string {
  const expires = Math.floor(input.now.getTime() / 1000) + passCodeTokenTtlSeconds;
  const payload = Buffer.from(JSON.stringify({ s: input.shareId, e: expires }), 'utf8').toString(
    'base64url',
  );
  return `${payload}.${signature(key, payload, input.passCode)}`;
}

/**
 * True when `token` was signed for this share and its current pass code and has not expired.
 * Malformed tokens are simply false; the signature is compared in constant time.
 */
export function isPassCodeTokenValid(
  key: Uint8Array,
  token: string,
  input: { shareId: string; passCode: string; now: Date },
): boolean {
  const [payload, mac, ...rest] = token.split('.');
  if (payload === undefined || mac === undefined || rest.length > 0 || payload.length > 512) {
    return false;
  }
  if (!safeEqual(mac, signature(key, payload, input.passCode))) {
    return false;
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  if (claims === null || typeof claims !== 'object') {
    return false;
  }
  const { s, e } = claims as { s?: unknown; e?: unknown };
  return (
    typeof s === 'string' &&
    s === input.shareId &&
    typeof e === 'number' &&
    e * 1000 > input.now.getTime()
  );
}

/**
 * The pass-code state a share's content links are issued under: an HMAC of the share and its
 * pass code in force (`''` for none), so a link carries no pass code nor a token that opens the
 * share, yet stops when the pass code changes (or one is set or removed).
 */
export function passCodeStamp(
  key: Uint8Array,
  input: { shareId: string; passCode: string },
): string {
  return createHmac('sha256', key)
    .update(`nimbus-share-link\n${input.shareId}\u0000${input.passCode}`, 'utf8')
    .digest('base64url')
    .slice(0, 22);
}
