import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id';

describe('request ids', () => {
  it('are 128 random bits in hex, none repeated across refills of the pool', () => {
    const ids = Array.from({ length: 2000 }, () => newRequestId());
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{32}$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });
});
