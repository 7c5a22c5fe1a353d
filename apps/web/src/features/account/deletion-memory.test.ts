import { describe, expect, it } from 'vitest';
import { pendingPurgeOf } from './deletion-memory';

describe('pendingPurgeOf', () => {
  const now = Date.parse('2026-11-28T12:00:00.000Z');

  it('keeps a purge day still ahead', () => {
    expect(pendingPurgeOf('2026-12-28T12:00:00.000Z', now)).toBe('2026-12-28T12:00:00.000Z');
  });

  it('drops a day gone by, a missing value and a damaged one', () => {
    expect(pendingPurgeOf('2026-11-28T12:00:00.000Z', now)).toBeUndefined();
    expect(pendingPurgeOf(null, now)).toBeUndefined();
    expect(pendingPurgeOf('soon', now)).toBeUndefined();
  });
});
