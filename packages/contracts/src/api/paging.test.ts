import { describe, expect, it } from 'vitest';
import { listLimitSchema, pageLimitSchema } from './paging';

describe('page limits', () => {
  it('reads a limit above the largest page as the largest page', () => {
    expect(listLimitSchema.parse('100000')).toBe(1000);
    expect(listLimitSchema.parse('1000')).toBe(1000);
    expect(listLimitSchema.parse('7')).toBe(7);
    expect(listLimitSchema.parse(undefined)).toBe(100);
    expect(pageLimitSchema({ max: 100, fallback: 20, min: 0 }).parse('0')).toBe(0);
  });

  it('still refuses a limit below the smallest or not a whole number', () => {
    expect(listLimitSchema.safeParse('0').success).toBe(false);
    expect(listLimitSchema.safeParse('2.5').success).toBe(false);
    expect(listLimitSchema.safeParse('many').success).toBe(false);
  });
});
