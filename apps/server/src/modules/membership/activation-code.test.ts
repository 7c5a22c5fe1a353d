import { describe, expect, it } from 'vitest';
import { activationCodeHash, newActivationCode } from './activation-code';

describe('activation codes', () => {
  it('are four groups of four Crockford base-32 symbols, different every time', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newActivationCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    }
  });

  it('hash the same however the member types them', () => {
    const code = newActivationCode();
    const hash = activationCodeHash(code);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(activationCodeHash(` ${code.toLowerCase().replaceAll('-', ' ')} `)).toBe(hash);
    expect(activationCodeHash(code.replaceAll('-', ''))).toBe(hash);
  });
});
