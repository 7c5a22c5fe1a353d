import { afterEach, describe, expect, it, vi } from 'vitest';
import { startHousekeeping } from '../../src/jobs/housekeeping';
import { buildSiblingApp, buildTestApp, dialects, testClock, type TestApp } from '../helper';

const quiet = { info: () => undefined, error: () => undefined };
const minute = 60_000;

// Two nodes of one fleet: two apps, each with its own container, over one database.
describe.each(dialects)('the fleet-wide jobs on %s', (dialect) => {
  const opened: TestApp[] = [];
  afterEach(async () => {
    // The sibling first: the first node's close removes the database they share.
    for (const t of opened.reverse()) {
      await t.close();
    }
    opened.length = 0;
  });

  async function twoNodes(options: Parameters<typeof buildTestApp>[2] = {}) {
    const first = await buildTestApp(dialect, {}, options);
    opened.push(first);
    const second = await buildSiblingApp(first, {}, options);
    opened.push(second);
    return [first, second] as const;
  }

  it('runs each housekeeping job once across two nodes started together', async () => {
    const nodes = await twoNodes();
    const spies = nodes.map(({ container }) => [
      vi.spyOn(container.files, 'purgeExpiredTrash'),
      vi.spyOn(container.uploads, 'sweepExpired'),
      vi.spyOn(container.media, 'releaseOrphans'),
      vi.spyOn(container.trackCache, 'releaseOrphans'),
      vi.spyOn(container.statistics, 'sweepExpired'),
      vi.spyOn(container.failureSweep, 'sweepStale'),
      vi.spyOn(container.blobs, 'collectGarbage'),
    ]);
    const running = nodes.map(({ container }) => startHousekeeping(container, quiet));
    await Promise.all(running.map((housekeeping) => housekeeping.stop()));
    // Nothing to clean: each job's pass is one empty batch, on one of the two nodes.
    for (let job = 0; job < 7; job += 1) {
      const calls = spies.map((node) => node[job]?.mock.calls.length ?? 0);
      expect(calls[0]! + calls[1]!, `job ${job}: ${calls.join(' + ')}`).toBe(1);
    }
    // Started again within the hour, neither node runs them again.
    const again = nodes.map(({ container }) => startHousekeeping(container, quiet));
    await Promise.all(again.map((housekeeping) => housekeeping.stop()));
    expect(spies.flat().reduce((total, spy) => total + spy.mock.calls.length, 0)).toBe(7);
  });

  it('leaves the job of a node killed in the middle of a pass to another once its lease ran out', async () => {
    const clock = testClock();
    const [killed, survivor] = await twoNodes({ now: clock.now });
    const job = 'housekeeping.trash';
    // The first node takes the job and dies without letting it go.
    expect(await killed.container.jobLeases.take(job)).toBe(true);
    expect(await survivor.container.jobLeases.take(job)).toBe(false);
    clock.advance(4 * minute);
    expect(await survivor.container.jobLeases.take(job)).toBe(false);
    clock.advance(minute);
    expect(await survivor.container.jobLeases.take(job)).toBe(true);
    // Were the first node only slow, it learns it lost the job and stops its pass.
    expect(await killed.container.jobLeases.extend(job)).toBe(false);
    expect(await survivor.container.jobLeases.extend(job)).toBe(true);
    // The next pass is due one period after the survivor's began, on whichever node asks.
    await survivor.container.jobLeases.release(job, 60 * minute);
    clock.advance(59 * minute);
    expect(await killed.container.jobLeases.take(job)).toBe(false);
    clock.advance(minute);
    expect(await killed.container.jobLeases.take(job)).toBe(true);
  });
});
