import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * A WebDAV lock's folded path as a SHA-256 (`path_hash`, hex) with an index by member and hash, so
 * a request reads only the locks on its path and the folders above it instead of all of the
 * member's locks (a path key may be longer than a PostgreSQL index entry holds). Existing locks
 * get theirs here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('dav_locks')
    .addColumn('path_hash', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .execute();
  const locks = db as unknown as Kysely<{
    dav_locks: { token: string; path_key: string; path_hash: string };
  }>;
  const rows = await locks.selectFrom('dav_locks').select(['token', 'path_key']).execute();
  for (const row of rows) {
    await locks
      .updateTable('dav_locks')
      .set({ path_hash: davLockPathHash(row.path_key) })
      .where('token', '=', row.token)
      .execute();
  }
  await db.schema
    .createIndex('dav_locks_user_path_idx')
    .on('dav_locks')
    .columns(['user_id', 'path_hash'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dav_locks_user_path_idx').execute();
  await db.schema.alterTable('dav_locks').dropColumn('path_hash').execute();
}

/** The hash a lock's folded path is found by (as the lock repository computes it). */
function davLockPathHash(pathKey: string): string {
  return createHash('sha256').update(pathKey).digest('hex');
}
