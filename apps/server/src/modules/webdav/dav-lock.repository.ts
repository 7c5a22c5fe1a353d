import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { DavLockTable } from '../../db/tables/drive';

/** A WebDAV lock as granted. */
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
  /** When it ends, in milliseconds since the epoch. */
  expiresAt: number;
}

function toLock(row: Selectable<DavLockTable>): DavLock {
  return {
    token: row.token,
    userId: row.user_id,
    segments: JSON.parse(row.segments) as string[],
    key: row.path_key,
    depth: row.depth === '0' ? '0' : 'infinity',
    scope: row.scope === 'shared' ? 'shared' : 'exclusive',
    ownerXml: row.owner_xml,
    timeoutSeconds: Number(row.timeout_seconds),
    expiresAt: Date.parse(row.expires_at),
  };
}

const iso = (milliseconds: number) => new Date(milliseconds).toISOString();

/** The indexed hash of a folded path (`path_hash`). */
function pathHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The folded paths of a path and of every folder above it, the root (`''`) first. */
export function keysAbove(key: string): string[] {
  if (key === '') {
    return [''];
  }
  const names = key.split('/');
  return ['', ...names.map((_, index) => names.slice(0, index + 1).join('/'))];
}

/** Which of a member's locks a request reads. */
export interface LockSelection {
  /** Locks on these folded paths exactly. */
  keys: string[];
  /** And every lock strictly below this folded path (`''`: all of the member's). */
  below?: string | undefined;
}

/** Paths per `in` list. */
const keysPerQuery = 500;

/**
 * WebDAV locks (`dav_locks`), shared by the nodes of a fleet. A lock whose `expires_at` passed
 * is no lock: every read leaves it out, and the housekeeping deletes it. A request reads only
 * the locks it needs, by the index on member and path hash, and below a folder by its path's
 * start among the member's. Grants of one member are serialized (a PostgreSQL advisory lock; on
 * SQLite the transaction begins IMMEDIATE), so two nodes never both grant conflicting locks.
 */
export function createDavLockRepository(db: Kysely<Database>, dialect: Dialect) {
  async function live(
    executor: Kysely<Database>,
    userId: string,
    now: number,
    selection: LockSelection,
  ): Promise<DavLock[]> {
    const found = new Map<string, DavLock>();
    const keys = [...new Set(selection.keys)];
    for (let start = 0; start < keys.length; start += keysPerQuery) {
      const rows = await executor
        .selectFrom('dav_locks')
        .selectAll()
        .where('user_id', '=', userId)
        .where('path_hash', 'in', keys.slice(start, start + keysPerQuery).map(pathHash))
        .where('expires_at', '>', iso(now))
        .execute();
      for (const row of rows) {
        found.set(row.token, toLock(row));
      }
    }
    const { below } = selection;
    if (below !== undefined) {
      let query = executor
        .selectFrom('dav_locks')
        .selectAll()
        .where('user_id', '=', userId)
        .where('expires_at', '>', iso(now));
      if (below !== '') {
        const prefix = `${below}/`;
        // substr counts characters (code points) on both databases.
        query = query.where(sql<string>`substr(path_key, 1, ${[...prefix].length})`, '=', prefix);
      }
      for (const row of await query.execute()) {
        found.set(row.token, toLock(row));
      }
    }
    return [...found.values()].sort((a, b) => (a.token < b.token ? -1 : 1));
  }

  return {
    /** The member's current locks that `selection` names. */
    async liveOf(userId: string, now: number, selection: LockSelection): Promise<DavLock[]> {
      return live(db, userId, now, selection);
    },

    /** How many current locks the member holds. */
    async countOf(userId: string, now: number): Promise<number> {
      const row = await db
        .selectFrom('dav_locks')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('user_id', '=', userId)
        .where('expires_at', '>', iso(now))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Stores `lock` unless `conflicts` says the member's current locks on its path, above it and
     * (depth infinity) below it, read in the same transaction, forbid it. Answers whether it was
     * stored.
     */
    async grant(
      lock: DavLock,
      now: number,
      conflicts: (held: DavLock[]) => boolean,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          await sql`select pg_advisory_xact_lock(hashtext(${`dav-locks:${lock.userId}`}))`.execute(
            trx,
          );
        }
        const around = await live(trx, lock.userId, now, {
          keys: keysAbove(lock.key),
          below: lock.depth === 'infinity' ? lock.key : undefined,
        });
        if (conflicts(around)) {
          return false;
        }
        await trx
          .insertInto('dav_locks')
          .values({
            token: lock.token,
            user_id: lock.userId,
            segments: JSON.stringify(lock.segments),
            path_key: lock.key,
            path_hash: pathHash(lock.key),
            depth: lock.depth,
            scope: lock.scope,
            owner_xml: lock.ownerXml,
            timeout_seconds: lock.timeoutSeconds,
            expires_at: iso(lock.expiresAt),
          })
          .execute();
        return true;
      });
    },

    /** Gives a current lock a new timeout; answers false when it ended meanwhile. */
    async refresh(
      userId: string,
      token: string,
      timeoutSeconds: number,
      expiresAt: number,
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('dav_locks')
        .set({ timeout_seconds: timeoutSeconds, expires_at: iso(expiresAt) })
        .where('user_id', '=', userId)
        .where('token', '=', token)
        .where('expires_at', '>', iso(now))
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Ends some of the member's locks; answers how many there were. */
    async remove(userId: string, tokens: string[]): Promise<number> {
      if (tokens.length === 0) {
        return 0;
      }
      const result = await db
        .deleteFrom('dav_locks')
        .where('user_id', '=', userId)
        .where('token', 'in', tokens)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Deletes up to `limit` expired locks; answers how many. */
    async sweepExpired(now: number, limit: number): Promise<number> {
      const result = await db
        .deleteFrom('dav_locks')
        .where(
          'token',
          'in',
          db
            .selectFrom('dav_locks')
            .select('token')
            .where('expires_at', '<=', iso(now))
            .limit(limit),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type DavLockRepository = ReturnType<typeof createDavLockRepository>;
