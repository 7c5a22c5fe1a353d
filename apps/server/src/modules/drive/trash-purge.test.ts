import { describe, expect, it } from 'vitest';
import { startTrashPurge } from './trash-purge';

describe('the trash purge', () => {
  it('runs batches until none is left, logs a failure and stops cleanly', async () => {
    const batches = [500, 20, 0];
    const calls: number[] = [];
    const logged: string[] = [];
    const logger = {
      info: (_object: object, message: string) => logged.push(message),
      error: (_object: object, message: string) => logged.push(message),
    };
    const purge = startTrashPurge({
      files: {
        purgeExpiredTrash: (limit?: number) => {
          calls.push(limit ?? 500);
          const next = batches.shift();
          return next === undefined ? Promise.reject(new Error('database gone')) : Promise.resolve(next);
        },
      },
      logger,
      intervalMs: 5,
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await purge.stop();
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect(logged[0]).toBe('expired trash deleted');
    expect(logged).toContain('trash purge failed');
    const count = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.length).toBe(count);
  });
});
