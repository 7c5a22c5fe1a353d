import { createHash } from 'node:crypto';
import { safeEqual } from '../../lib/secrets';

/** A code verifier of RFC 7636 §4.1: 43 to 128 unreserved characters. */
const verifierPattern = /^[A-Za-z0-9._~-]{43,128}$/;

/** An S256 code challenge: base64url of a SHA-256, 43 characters without padding. */
const challengePattern = /^[A-Za-z0-9_-]{43}$/;

/** True for a well-formed S256 `code_challenge`. */
export function isS256Challenge(value: string): boolean {
  return challengePattern.test(value);
}

/** The S256 challenge of a verifier: `BASE64URL(SHA256(ASCII(code_verifier)))`. */
export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** True when a verifier is well formed and hashes to the challenge (RFC 7636 §4.6). */
export function verifiesChallenge(verifier: string, challenge: string): boolean {
  if (!verifierPattern.test(verifier)) {
    return false;
  }
  return safeEqual(s256Challenge(verifier), challenge);
}
