import { randomInt } from 'node:crypto';

/**
 * The alphabet of user codes (RFC 8628 §6.1): upper-case consonants only, so no code spells a
 * word and none of 0/O, 1/I/L, 5/S or 2/Z can be confused on a TV screen.
 */
export const userCodeAlphabet = 'BCDFGHJKMNPQRTVWXY';

/** Characters of a user code; 18^8 ≈ 1.1·10^10 codes, guessed only at the rate the limits allow. */
export const userCodeLength = 8;

/** A new random user code, stored and compared in this bare form (`WDJBMJHT`). */
export function newUserCode(): string {
  let code = '';
  for (let index = 0; index < userCodeLength; index += 1) {
    code += userCodeAlphabet[randomInt(userCodeAlphabet.length)];
  }
  return code;
}

/** How a user code is shown: two groups of four, `WDJB-MJHT`. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The bare form of what a member typed: case, spaces and dashes do not matter. Undefined when
 * the input cannot be a user code at all.
 */
export function normalizeUserCode(input: string): string | undefined {
  const bare = input.toUpperCase().replace(/[\s-]/g, '');
  if (bare.length !== userCodeLength) {
    return undefined;
  }
  for (const character of bare) {
    if (!userCodeAlphabet.includes(character)) {
      return undefined;
    }
  }
  return bare;
}
