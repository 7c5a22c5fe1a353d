import { describe, expect, it } from 'vitest';
import { minorUnits } from './payment.service';

describe('minorUnits', () => {
  it('writes a price in the minor units of its currency', () => {
    expect(minorUnits('4.99', 'USD')).toBe(499);
    expect(minorUnits('5', 'EUR')).toBe(500);
    expect(minorUnits('4.9', 'USD')).toBe(490);
    expect(minorUnits('700', 'JPY')).toBe(700);
    expect(minorUnits('1.234', 'KWD')).toBe(1234);
  });

  it('refuses what the currency cannot charge', () => {
    expect(minorUnits('4.999', 'USD')).toBeUndefined();
    expect(minorUnits('7.5', 'JPY')).toBeUndefined();
    expect(minorUnits('0', 'USD')).toBeUndefined();
    expect(minorUnits('4.99', 'NOPE1')).toBeUndefined();
  });
});
