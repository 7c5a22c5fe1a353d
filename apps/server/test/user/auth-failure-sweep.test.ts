import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, testClock, type TestApp } from '../helper';

/*
 * Guessing counters do not pile up: an attacker changing addresses leaves a row per address, and
 * the hourly sweep deletes those whose window began over a day ago, unless they still hold someone.
 */

const hour = 3_600_000;

describe.each(dialects)('the guessing counter sweep on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  it('deletes counters a day past their window and keeps fresh ones and those still holding someone', async () => {
    const clock = testClock();
    t = await buildTestApp(dialect, {}, { now: clock.now });
    const { failures, failureSweep } = t.container;
    const windowStart = () => new Date(clock.now().getTime() - 15 * 60_000);
    for (let index = 0; index < 50; index += 1) {
      await failures.record('address', `203.0.113.${index}`, clock.now(), windowStart());
    }
    await failures.record('device', 'held-device', clock.now(), windowStart());
    await failures.lock(
      'device',
      'held-device',
      new Date(clock.now().getTime() + 30 * hour),
      clock.now(),
    );
    clock.advance(23 * hour);
    await failures.record('address', '198.51.100.1', clock.now(), windowStart());

    expect(await failureSweep.sweepStale()).toBe(0);
    clock.advance(2 * hour);
    expect(await failureSweep.sweepStale()).toBe(50);
    expect(await failures.find('address', '203.0.113.7')).toBeUndefined();
    expect(await failures.find('address', '198.51.100.1')).toBeDefined();
    expect((await failures.find('device', 'held-device'))?.locked_until).not.toBeNull();

    // Once the hold is over, the held counter goes too.
    clock.advance(6 * hour);
    expect(await failureSweep.sweepStale()).toBe(1);
    expect(await failures.find('device', 'held-device')).toBeUndefined();
  });
});
