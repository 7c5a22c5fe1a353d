import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createLock, lockTimeoutMessage } from './lock';

afterEach(() => {
  vi.useRealTimers();
});

function tick(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe('a non-reentrant lock', () => {
  it('serialises callers in arrival order', async () => {
    const lock = createLock({ reentrant: false });
    const order: string[] = [];
    const task = (name: string, ms: number) =>
      lock.run(async () => {
        order.push(`${name} start`);
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`${name} end`);
      });
    await Promise.all([task('a', 15), task('b', 1), task('c', 1)]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
    expect(lock.isLocked()).toBe(false);
  });

  it('makes even the same owner wait', async () => {
    const lock = createLock({ reentrant: false, timeoutMs: 10 });
    const release = await lock.acquire('owner');
    await expect(lock.acquire('owner')).rejects.toThrow(lockTimeoutMessage);
    release();
  });

  it('releases when the task throws', async () => {
    const lock = createLock({ reentrant: false });
    await expect(lock.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(lock.isLocked()).toBe(false);
    await expect(lock.run(() => 'next')).resolves.toBe('next');
  });

  it('ignores a second release of one acquisition', async () => {
    const lock = createLock({ reentrant: false });
    const first = await lock.acquire();
    const waiting = lock.acquire();
    first();
    const second = await waiting;
    first();
    expect(lock.isLocked()).toBe(true);
    second();
    expect(lock.isLocked()).toBe(false);
  });
});

describe('a reentrant lock', () => {
  it('lets the holder enter again and frees itself after the last release', async () => {
    const lock = createLock({ reentrant: true });
    const outer = await lock.acquire('a');
    const inner = await lock.acquire('a');
    let otherEntered = false;
    const other = lock.acquire('b').then((release) => {
      otherEntered = true;
      return release;
    });
    inner();
    await tick();
    expect(otherEntered).toBe(false);
    outer();
    const releaseOther = await other;
    expect(otherEntered).toBe(true);
    releaseOther();
    expect(lock.isLocked()).toBe(false);
  });

  it('supports nested runs of one owner', async () => {
    const lock = createLock({ reentrant: true, timeoutMs: 50 });
    const result = await lock.run(() => lock.run(() => lock.run(() => 'deep', 'x'), 'x'), 'x');
    expect(result).toBe('deep');
  });

  it('treats callers without an owner as different owners', async () => {
    const lock = createLock({ reentrant: true, timeoutMs: 10 });
    const release = await lock.acquire();
    await expect(lock.acquire()).rejects.toThrow(lockTimeoutMessage);
    release();
  });

  it('lets every queued acquisition of the next holder in together', async () => {
    const lock = createLock({ reentrant: true });
    const release = await lock.acquire('a');
    const b1 = lock.acquire('b');
    const c = lock.acquire('c');
    const b2 = lock.acquire('b');
    release();
    const [releaseB1, releaseB2] = await Promise.all([b1, b2]);
    releaseB1();
    releaseB2();
    const releaseC = await c;
    releaseC();
    expect(lock.isLocked()).toBe(false);
  });
});

describe('lock timeouts', () => {
  it('reject with the local error "lock timeout"', async () => {
    vi.useFakeTimers();
    const lock = createLock({ reentrant: false, timeoutMs: 1000 });
    const release = await lock.acquire();
    const waiting = lock.acquire();
    const assertion = expect(waiting).rejects.toSatisfy(
      (error: unknown) =>
        error instanceof ApiError &&
        error.message === 'lock timeout' &&
        error.error === 'local' &&
        error.error_code === 8001,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(lock.isLocked()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
    release();
    expect(lock.isLocked()).toBe(false);
  });

  it('do not fire once the lock was granted', async () => {
    vi.useFakeTimers();
    const lock = createLock({ reentrant: false, timeoutMs: 100 });
    const release = await lock.acquire();
    const waiting = lock.acquire();
    release();
    const next = await waiting;
    await vi.advanceTimersByTimeAsync(500);
    expect(lock.isLocked()).toBe(true);
    next();
  });

  it('must be numbers', () => {
    expect(() => createLock({ reentrant: false, timeoutMs: '5' as unknown as number })).toThrow(
      new TypeError('lock timeout must be a number'),
    );
    expect(() => createLock({ reentrant: false, timeoutMs: Number.NaN })).toThrow(TypeError);
    expect(() => createLock({ reentrant: false, timeoutMs: -1 })).toThrow(TypeError);
    expect(() => createLock({ reentrant: 'yes' as unknown as boolean })).toThrow(TypeError);
    expect(() => createLock({ reentrant: true, timeoutMs: 0 })).not.toThrow();
  });
});
