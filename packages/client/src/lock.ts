import { createLocalError } from './api-error';

/** The message of the error a lock gives when waiting takes longer than its timeout. */
export const lockTimeoutMessage = 'lock timeout';

export interface LockOptions {
  /**
   * Whether the owner that holds the lock may acquire it again without waiting (the lock is
   * free once every acquisition is released). A non-reentrant lock serialises every caller.
   */
  readonly reentrant: boolean;
  /** How long an acquisition may wait, in milliseconds; waits forever when unset. */
  readonly timeoutMs?: number;
}

/** Releases one acquisition; calling it again does nothing. */
export type LockRelease = () => void;

export interface Lock {
  /**
   * Waits for the lock. `owner` names the holder for reentrance; without it every
   * acquisition is its own owner. Rejects with the local error `lock timeout` when the wait
   * exceeds the timeout.
   */
  acquire(owner?: string): Promise<LockRelease>;
  /** Runs `task` holding the lock and releases it however the task ends. */
  run<T>(task: () => T | Promise<T>, owner?: string): Promise<T>;
  /** Whether someone holds the lock. */
  isLocked(): boolean;
}

interface Waiter {
  readonly key: string | symbol;
  readonly resolve: (release: LockRelease) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/**
 * A promise lock (docs/product.md#states): reentrant or not, with an optional timeout. Throws a
 * TypeError when the timeout is not a non-negative number.
 */
export function createLock(options: LockOptions): Lock {
  const { reentrant, timeoutMs } = options;
  if (typeof reentrant !== 'boolean') {
    throw new TypeError('lock reentrant must be a boolean');
  }
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !(timeoutMs >= 0))) {
    throw new TypeError('lock timeout must be a number');
  }
  let holder: { key: string | symbol; count: number } | undefined;
  const queue: Waiter[] = [];

  function grant(key: string | symbol): LockRelease {
    if (holder && holder.key === key) {
      holder.count += 1;
    } else {
      holder = { key, count: 1 };
    }
    let released = false;
    return () => {
      if (released) {
        return;
      }
      released = true;
      release();
    };
  }

  function handOver(waiter: Waiter): void {
    if (waiter.timer !== undefined) {
      clearTimeout(waiter.timer);
    }
    waiter.resolve(grant(waiter.key));
  }

  function release(): void {
    if (!holder) {
      return;
    }
    holder.count -= 1;
    if (holder.count > 0) {
      return;
    }
    holder = undefined;
    const next = queue.shift();
    if (!next) {
      return;
    }
    handOver(next);
    if (!reentrant) {
      return;
    }
    // Other waiters of the new holder may enter too.
    for (let index = 0; index < queue.length;) {
      const waiter = queue[index];
      if (waiter && waiter.key === next.key) {
        queue.splice(index, 1);
        handOver(waiter);
      } else {
        index += 1;
      }
    }
  }

  function acquire(owner?: string): Promise<LockRelease> {
    const key: string | symbol = owner ?? Symbol('lock owner');
    if (!holder || (reentrant && holder.key === key)) {
      return Promise.resolve(grant(key));
    }
    return new Promise<LockRelease>((resolve, reject) => {
      const waiter: Waiter = { key, resolve, timer: undefined };
      if (timeoutMs !== undefined && Number.isFinite(timeoutMs)) {
        waiter.timer = setTimeout(() => {
          const index = queue.indexOf(waiter);
          if (index >= 0) {
            queue.splice(index, 1);
          }
          reject(createLocalError(lockTimeoutMessage));
        }, timeoutMs);
      }
      queue.push(waiter);
    });
  }

  async function run<T>(task: () => T | Promise<T>, owner?: string): Promise<T> {
    const releaseLock = await acquire(owner);
    try {
      return await task();
    } finally {
      releaseLock();
    }
  }

  return { acquire, run, isLocked: () => holder !== undefined };
}
