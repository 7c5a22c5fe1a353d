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

  it('reads a limit of 0 as absent where a page cannot be empty', () => {
    expect(listLimitSchema.parse('0')).toBe(100);
    expect(listLimitSchema.parse(0)).toBe(100);
  });

  it('still refuses a negative limit or one not a whole number', () => {
    expect(listLimitSchema.safeParse('-1').success).toBe(false);
    expect(listLimitSchema.safeParse('2.5').success).toBe(false);
    expect(listLimitSchema.safeParse('many').success).toBe(false);
  });
});
