import { randomUUID } from 'node:crypto';
import { foldName } from '../drive/file-listing';
import { keysAbove, type DavLock, type DavLockRepository } from './dav-lock.repository';

export type { DavLock } from './dav-lock.repository';

/*
 * WebDAV write locks (RFC 4918 §6 and §9.10): exclusive or shared, depth 0 or infinity, with a
 * timeout, kept per member by path. Locks advise clients (Finder and Windows take one before
 * every write); they live in the database, so every node of a fleet honours a lock any node
 * granted, and they expire on their own (the housekeeping deletes them then).
 */

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

/** The most locks a member holds at once. */
export const maxLocksPerMember = 1000;

/**
 * The longest path a lock is granted on, in UTF-8 bytes (Linux's PATH_MAX; Finder's and
 * Windows' paths are shorter).
 */
export const maxLockPathBytes = 4096;

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

/**
 * Locks of a member as read for a request: those on the paths it asked about and above them, and
 * below a folder when it asked for that (`below`); `covering` and `within` answer for those.
 */
export function heldLocks(locks: readonly DavLock[]) {
  return {
    /** Locks that cover a path: on it, or depth infinity on a folder above it. */
    covering(key: string): DavLock[] {
      return locks.filter(
        (lock) => lock.key === key || (lock.depth === 'infinity' && isWithin(key, lock.key)),
      );
    },

    /** Locks on a path or anywhere below it. */
    within(key: string): DavLock[] {
      return locks.filter((lock) => isWithin(lock.key, key));
    },
  };
}

export type HeldLocks = ReturnType<typeof heldLocks>;

/** Whether a new lock of this path, depth and scope conflicts with the locks held. */
export function conflictsWith(
  held: HeldLocks,
  wanted: { key: string; depth: '0' | 'infinity'; scope: 'exclusive' | 'shared' },
): boolean {
  const touched = [
    ...held.covering(wanted.key),
    ...(wanted.depth === 'infinity' ? held.within(wanted.key) : []),
  ];
  return touched.some((lock) => lock.scope === 'exclusive' || wanted.scope === 'exclusive');
}

/** The fleet's locks, by member, over their repository and the clock. */
export function createDavLocks(deps: { repository: DavLockRepository; now: () => Date }) {
  const { repository } = deps;
  const now = () => deps.now().getTime();

  return {
    /**
     * The member's current locks on the folded paths `keys` and the folders above them, and with
     * `below` those under that folder too: what `covering` (of those paths) and `within` (of
     * `below`) need, never the member's other locks.
     */
    async of(userId: string, keys: string[], below?: string): Promise<HeldLocks> {
      return heldLocks(
        await repository.liveOf(userId, now(), { keys: keys.flatMap(keysAbove), below }),
      );
    },

    /** How many current locks the member holds. */
    count(userId: string): Promise<number> {
      return repository.countOf(userId, now());
    },

    /** Grants a lock unless one the member holds conflicts with it (checked as it is stored). */
    async grant(input: Omit<DavLock, 'token' | 'key' | 'expiresAt'>): Promise<DavLock | undefined> {
      const stamp = now();
      const lock: DavLock = {
        ...input,
        token: `opaquelocktoken:${randomUUID()}`,
        key: pathKey(input.segments),
        expiresAt: stamp + input.timeoutSeconds * 1000,
      };
      const granted = await repository.grant(lock, stamp, (held) =>
        conflictsWith(heldLocks(held), lock),
      );
      return granted ? lock : undefined;
    },

    /** Starts a lock's timeout again; undefined when it ended meanwhile. */
    async refresh(lock: DavLock, timeoutSeconds: number): Promise<DavLock | undefined> {
      const stamp = now();
      const expiresAt = stamp + timeoutSeconds * 1000;
      const refreshed = await repository.refresh(
        lock.userId,
        lock.token,
        timeoutSeconds,
        expiresAt,
        stamp,
      );
      return refreshed ? { ...lock, timeoutSeconds, expiresAt } : undefined;
    },

    /** Ends a lock. */
    async release(userId: string, token: string): Promise<boolean> {
      return (await repository.remove(userId, [token])) > 0;
    },

    /** Ends every lock on a path and below it (what was there is gone or moved). */
    async releaseWithin(userId: string, key: string): Promise<void> {
      const held = await repository.liveOf(userId, now(), { keys: [key], below: key });
      await repository.remove(
        userId,
        heldLocks(held)
          .within(key)
          .map((lock) => lock.token),
      );
    },

    /** Seconds a lock has left. */
    secondsLeft(lock: DavLock): number {
      return Math.max(0, Math.ceil((lock.expiresAt - now()) / 1000));
    },

    /** Deletes a batch of expired locks (the housekeeping); answers how many. */
    sweepExpired(): Promise<number> {
      return repository.sweepExpired(now(), 500);
    },
  };
}

export type DavLocks = ReturnType<typeof createDavLocks>;
