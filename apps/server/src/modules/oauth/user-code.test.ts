import { describe, expect, it } from 'vitest';
import {
  formatUserCode,
  newUserCode,
  normalizeUserCode,
  userCodeAlphabet,
  userCodeLength,
} from './user-code';

describe('user codes', () => {
  it('are 8 characters of an alphabet without vowels or look-alikes', () => {
    for (const character of 'AEIOU0125LSZ') {
      expect(userCodeAlphabet).not.toContain(character);
    }
    for (let round = 0; round < 200; round += 1) {
      const code = newUserCode();
      expect(code).toHaveLength(userCodeLength);
      expect([...code].every((character) => userCodeAlphabet.includes(character))).toBe(true);
    }
  });

  it('are shown as XXXX-XXXX and read back whatever the case, spaces and dashes', () => {
    expect(formatUserCode('WDJBMJHT')).toBe('WDJB-MJHT');
    expect(normalizeUserCode('WDJB-MJHT')).toBe('WDJBMJHT');
    expect(normalizeUserCode(' wdjb mjht ')).toBe('WDJBMJHT');
    expect(normalizeUserCode('wd-jb-mj-ht')).toBe('WDJBMJHT');
  });

  it.each(['WDJB-MJH', 'WDJB-MJHTT', 'WDJB-MJH0', 'AEIO-UAEI', '', 'WDJB_MJHT'])(
    'refuse %j',
    (typed) => {
      expect(normalizeUserCode(typed)).toBeUndefined();
    },
  );

  it('differ from one another', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newUserCode()));
    expect(codes.size).toBe(1000);
  });
});
