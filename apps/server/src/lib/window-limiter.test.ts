import { describe, expect, it } from 'vitest';
import { createWindowLimiter } from './window-limiter';

describe('window limiter', () => {
  it('allows max hits per window, then tells when to retry, then starts over', () => {
    let now = Date.parse('2025-01-01T00:00:00.000Z');
    const limiter = createWindowLimiter({ now: () => new Date(now) });
    const limit = { max: 2, windowMs: 60_000 };
    expect(limiter.hit('a', limit)).toEqual({ allowed: true });
    expect(limiter.hit('a', limit)).toEqual({ allowed: true });
    now += 15_000;
    expect(limiter.hit('a', limit)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(limiter.hit('b', limit)).toEqual({ allowed: true });
    now += 45_000;
    expect(limiter.hit('a', limit)).toEqual({ allowed: true });
  });

  it('stays within its key budget', () => {
    let now = 0;
    const limiter = createWindowLimiter({ now: () => new Date(now), maxKeys: 3 });
    const limit = { max: 1, windowMs: 1000 };
    for (const key of ['a', 'b', 'c', 'd']) {
      expect(limiter.hit(key, limit)).toEqual({ allowed: true });
      now += 1;
    }
    // `a` was forgotten to make room, so it may hit again; `d` is still counted.
    expect(limiter.hit('a', limit)).toEqual({ allowed: true });
    expect(limiter.hit('d', limit).allowed).toBe(false);
  });
});
