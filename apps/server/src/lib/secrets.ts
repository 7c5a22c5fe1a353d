import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new opaque, URL-safe id with 96 random bits (docs/api.md#conventions: ids are opaque URL-safe strings). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

/** `count` new ids like `newId`'s, from one read of the random source (bulk saves). */
export function newIds(count: number): string[] {
  const bytes = randomBytes(12 * count);
  return Array.from({ length: count }, (_, index) =>
    bytes.subarray(index * 12, index * 12 + 12).toString('base64url'),
  );
}

/** A new opaque secret token (256 random bits), URL-safe, for refresh and session tokens. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256 of a high-entropy token, as hex. Stored instead of the token so a leaked database
 * gives no usable credentials; random tokens need no salt or slow hash.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** HMAC-SHA-256 of a low-entropy value (a 6-digit code) under a server key, as hex. */
export function keyedHash(key: Uint8Array, value: string): string {
  return createHmac('sha256', key).update(value, 'utf8').digest('hex');
}

/**
 * Compares two strings in time that depends only on their lengths, so an attacker cannot learn
 * a secret byte by byte from response times.
 */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  if (left.length !== right.length) {
    // Compare anyway so the time spent does not depend on where the values differ.
    timingSafeEqual(left, left);
    return false;
  }
  return timingSafeEqual(left, right);
}
