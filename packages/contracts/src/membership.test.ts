import { describe, expect, it } from 'vitest';
import { normalizeActivationCode, remainingVipDays, remainingVipDaysOf } from './membership';

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

describe('remainingVipDaysOf', () => {
  const now = new Date('2030-01-01T00:00:00.000Z');
  const vip = {
    expire: '2030-01-11T00:00:00.000Z',
    vipItem: [
      { type: 'platinum', expire: '2030-01-11T00:00:00.000Z', surplus_day: 10 },
      { type: 'gold', expire: '2030-01-03T06:00:00.000Z', surplus_day: 3 },
    ],
  };

  it('counts the current membership, or one plan type', () => {
    expect(remainingVipDaysOf(vip, now)).toBe(10);
    expect(remainingVipDaysOf(vip, now, 'gold')).toBe(3);
    expect(remainingVipDaysOf(vip, now, 'diamond')).toBe(0);
    expect(remainingVipDaysOf({ expire: '', vipItem: [] }, now)).toBe(0);
  });
});

describe('normalizeActivationCode', () => {
  it('drops spaces and dashes and upper-cases', () => {
    expect(normalizeActivationCode(' abcd-efgh ijkl\t-mnop ')).toBe('ABCDEFGHIJKLMNOP');
  });
});
