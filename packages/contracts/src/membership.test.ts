import { describe, expect, it } from 'vitest';
import { normalizeActivationCode, remainingVipDays } from './membership';

describe('remainingVipDays', () => {
  const now = new Date('2030-01-01T12:00:00.000Z');

  it('counts whole days, rounding a started day up', () => {
    expect(remainingVipDays('2030-01-31T12:00:00.000Z', now)).toBe(30);
    expect(remainingVipDays('2030-01-31T12:00:00.001Z', now)).toBe(31);
    expect(remainingVipDays('2030-01-01T12:00:01.000Z', now)).toBe(1);
    expect(remainingVipDays(new Date('2030-01-03T00:00:00.000Z'), now)).toBe(2);
  });

  it('is 0 at or after the expiry and never below', () => {
    expect(remainingVipDays('2030-01-01T12:00:00.000Z', now)).toBe(0);
    expect(remainingVipDays('2029-06-01T00:00:00.000Z', now)).toBe(0);
  });

  it('is 0 without a readable expiry', () => {
    expect(remainingVipDays('', now)).toBe(0);
    expect(remainingVipDays(undefined, now)).toBe(0);
    expect(remainingVipDays(null, now)).toBe(0);
    expect(remainingVipDays('not a date', now)).toBe(0);
  });
});

describe('normalizeActivationCode', () => {
  it('drops spaces and dashes and upper-cases', () => {
    expect(normalizeActivationCode(' abcd-efgh ijkl\t-mnop ')).toBe('ABCDEFGHIJKLMNOP');
  });
});
