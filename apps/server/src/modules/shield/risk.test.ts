import { describe, expect, it } from 'vitest';
import { isChallengeNeeded } from './risk';

const thresholds = { account: 10, device: 10, address: 30, mail: 5 };
const now = new Date('2030-01-01T00:15:00.000Z');
const options = { now, windowMs: 900_000 };
const fresh = '2030-01-01T00:10:00.000Z';

describe('risk', () => {
  it('needs no challenge below every threshold or without counters', () => {
    expect(isChallengeNeeded({}, thresholds, options)).toBe(false);
    expect(
      isChallengeNeeded(
        {
          account: { failures: 9, window_started_at: fresh, locked_until: null },
          address: { failures: 29, window_started_at: fresh, locked_until: null },
        },
        thresholds,
        options,
      ),
    ).toBe(false);
  });

  it('needs a challenge when any scope reaches its threshold', () => {
    expect(
      isChallengeNeeded(
        { account: { failures: 10, window_started_at: fresh, locked_until: null } },
        thresholds,
        options,
      ),
    ).toBe(true);
    expect(
      isChallengeNeeded(
        { device: { failures: 12, window_started_at: fresh, locked_until: null } },
        thresholds,
        options,
      ),
    ).toBe(true);
    expect(
      isChallengeNeeded(
        { address: { failures: 30, window_started_at: fresh, locked_until: null } },
        thresholds,
        options,
      ),
    ).toBe(true);
    expect(
      isChallengeNeeded(
        { mail: { failures: 5, window_started_at: fresh, locked_until: null } },
        thresholds,
        options,
      ),
    ).toBe(true);
    expect(
      isChallengeNeeded(
        { mail: { failures: 4, window_started_at: fresh, locked_until: null } },
        thresholds,
        options,
      ),
    ).toBe(false);
  });

  it('forgets a counter whose window has ended', () => {
    expect(
      isChallengeNeeded(
        {
          account: {
            failures: 50,
            window_started_at: '2029-12-31T23:59:59.000Z',
            locked_until: null,
          },
        },
        thresholds,
        options,
      ),
    ).toBe(false);
  });

  it('needs a challenge while a counter is held, whatever its count', () => {
    const held = {
      failures: 0,
      window_started_at: fresh,
      locked_until: '2030-01-01T00:20:00.000Z',
    };
    expect(isChallengeNeeded({ address: held }, thresholds, options)).toBe(true);
    expect(
      isChallengeNeeded(
        { device: { ...held, locked_until: '2030-01-01T00:14:59.000Z' } },
        thresholds,
        options,
      ),
    ).toBe(false);
  });
});
