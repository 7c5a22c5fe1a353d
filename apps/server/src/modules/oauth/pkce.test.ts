import { describe, expect, it } from 'vitest';
import { isS256Challenge, s256Challenge, verifiesChallenge } from './pkce';

// RFC 7636 Appendix B.
const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('PKCE S256', () => {
  it('computes the challenge of the RFC 7636 example', () => {
    expect(s256Challenge(verifier)).toBe(challenge);
    expect(isS256Challenge(challenge)).toBe(true);
  });

  it('accepts the right verifier only', () => {
    expect(verifiesChallenge(verifier, challenge)).toBe(true);
    expect(verifiesChallenge(`${verifier.slice(0, -1)}l`, challenge)).toBe(false);
  });

  it.each([
    ['too short', 'a'.repeat(42)],
    ['too long', 'a'.repeat(129)],
    ['outside the unreserved characters', `${'a'.repeat(42)}+`],
  ])('refuses a verifier %s, even one that would hash right', (_case, candidate) => {
    expect(verifiesChallenge(candidate, s256Challenge(candidate))).toBe(false);
  });

  it.each(['short', `${challenge}=`, challenge.replace('-', '+')])(
    'refuses the malformed challenge %s',
    (candidate) => {
      expect(isS256Challenge(candidate)).toBe(false);
    },
  );
});
