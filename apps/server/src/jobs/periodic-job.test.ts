import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from './periodic-job';

describe('a periodic job', () => {
  it('runs batches until none is left, logs a failure and stops cleanly', async () => {
    const batches = [500, 20, 0];
    let calls = 0;
    const logged: Array<{ message: string; object: object }> = [];
    const logger = {
      info: (object: object, message: string) => logged.push({ object, message }),
      error: (object: object, message: string) => logged.push({ object, message }),
    };
    const job = startPeriodicJob({
      batch: () => {
        calls += 1;
        const next = batches.shift();
        return next === undefined
          ? Promise.reject(new Error('database gone'))
          : Promise.resolve(next);
      },
      intervalMs: 5,
      logger,
      done: 'expired trash deleted',
      failed: 'trash purge failed',
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await job.stop();
    expect(calls).toBeGreaterThanOrEqual(4);
    expect(logged[0]).toEqual({ object: { handled: 520 }, message: 'expired trash deleted' });
    expect(logged.map((entry) => entry.message)).toContain('trash purge failed');
    const count = calls;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toBe(count);
  });
});
