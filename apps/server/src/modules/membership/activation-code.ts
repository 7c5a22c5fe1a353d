import { randomInt } from 'node:crypto';
import { normalizeActivationCode } from '@nimbus/contracts';
import { hashToken } from '../../lib/secrets';

/** Crockford's base 32: no I, L, O or U, so a code read aloud or off paper is not mistyped. */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** 16 symbols of 5 bits: 80 random bits, far beyond guessing under the attempt limits. */
const codeLength = 16;

/** A new activation code, shown in groups of four: `7KQ2-M9XD-...`. */
export function newActivationCode(): string {
  let code = '';
  for (let index = 0; index < codeLength; index += 1) {
    code += alphabet[randomInt(alphabet.length)];
  }
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** What is stored for a code: SHA-256 of its canonical form (a high-entropy secret needs no salt). */
export function activationCodeHash(code: string): string {
  return hashToken(normalizeActivationCode(code));
}
