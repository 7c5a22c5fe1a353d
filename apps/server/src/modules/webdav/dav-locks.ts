import { randomUUID } from 'node:crypto';
import { foldName } from '../drive/file-listing';

/*
 * WebDAV write locks (RFC 4918 §6 and §9.10): exclusive or shared, depth 0 or infinity, with a
 * timeout, kept per member by path. Locks advise clients (Finder and Windows take one before
 * every write); they live in the memory of the process that granted them and expire on their own.
 */

/** A lock as granted. */
export interface DavLock {
  token: string;
  userId: string;
  /** The locked path's names, as the lock was asked for (the lock root). */
  segments: string[];
  /** The folded path (`a/b`), to compare. */
  key: string;
  depth: '0' | 'infinity';
  scope: 'exclusive' | 'shared';
  /** The client's `DAV:owner` content as XML, given back as it was sent. */
  ownerXml: string;
  timeoutSeconds: number;
  expiresAt: number;
}

/** The folded key of a path. */
export function pathKey(segments: readonly string[]): string {
  return segments.map((segment) => foldName(segment)).join('/');
}

/** Whether `key` is `ancestor` or below it. */
function isWithin(key: string, ancestor: string): boolean {
  return ancestor === '' || key === ancestor || key.startsWith(`${ancestor}/`);
}

/** The longest a lock is granted for, and its length when the client names none. */
export const maxLockSeconds = 7 * 24 * 3600;
export const defaultLockSeconds = 3600;

/** The seconds of a `Timeout` header (`Second-n`, `Infinite`, a list: the first understood). */
export function lockTimeoutOf(header: string | undefined): number {
  for (const part of (header ?? '').split(',')) {
    const value = part.trim();
    if (/^infinite$/i.test(value)) {
      return maxLockSeconds;
    }
    const match = /^second-(\d{1,12})$/i.exec(value);
    if (match?.[1]) {
      return Math.max(1, Math.min(Number(match[1]), maxLockSeconds));
    }
  }
  return defaultLockSeconds;
}

/** The locks of this process, by member. */
export function createDavLocks(now: () => number = Date.now) {
  const byMember = new Map<string, Map<string, DavLock>>();

  function live(userId: string): Map<string, DavLock> {
    const locks = byMember.get(userId);
    if (!locks) {
      return new Map();
    }
    const stamp = now();
    for (const [token, lock] of locks) {
      if (lock.expiresAt <= stamp) {
        locks.delete(token);
      }
    }
    if (locks.size === 0) {
      byMember.delete(userId);
    }
    return locks;
  }

  return {
    /** Locks that cover a path: on it, or depth infinity on a folder above it. */
    covering(userId: string, key: string): DavLock[] {
      return [...live(userId).values()].filter(
        (lock) => lock.key === key || (lock.depth === 'infinity' && isWithin(key, lock.key)),
      );
    },

    /** Locks on a path or anywhere below it. */
    within(userId: string, key: string): DavLock[] {
      return [...live(userId).values()].filter((lock) => isWithin(lock.key, key));
    },

    /** The member's lock of this token, if it is current. */
    find(userId: string, token: string): DavLock | undefined {
      return live(userId).get(token);
    },

    /** Grants a lock; the caller checked it conflicts with none. */
    grant(input: Omit<DavLock, 'token' | 'key' | 'expiresAt'>): DavLock {
      const lock: DavLock = {
        ...input,
        token: `opaquelocktoken:${randomUUID()}`,
        key: pathKey(input.segments),
        expiresAt: now() + input.timeoutSeconds * 1000,
      };
      const locks = byMember.get(input.userId) ?? new Map<string, DavLock>();
      locks.set(lock.token, lock);
      byMember.set(input.userId, locks);
      return lock;
    },

    /** Starts a lock's timeout again. */
    refresh(lock: DavLock, timeoutSeconds: number): DavLock {
      lock.timeoutSeconds = timeoutSeconds;
      lock.expiresAt = now() + timeoutSeconds * 1000;
      return lock;
    },

    /** Ends a lock. */
    release(userId: string, token: string): boolean {
      return live(userId).delete(token);
    },

    /** Ends every lock on a path and below it (what was there is gone or moved). */
    releaseWithin(userId: string, key: string): void {
      const locks = live(userId);
      for (const [token, lock] of locks) {
        if (isWithin(lock.key, key)) {
          locks.delete(token);
        }
      }
    },

    /** Seconds a lock has left. */
    secondsLeft(lock: DavLock): number {
      return Math.max(0, Math.ceil((lock.expiresAt - now()) / 1000));
    },
  };
}

export type DavLocks = ReturnType<typeof createDavLocks>;
