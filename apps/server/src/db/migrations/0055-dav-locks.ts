import type { Kysely } from 'kysely';

/**
 * WebDAV locks (docs/api.md#webdav), in the database so every node of a fleet honours a lock
 * another node granted: by token, the member's, its root path (the names as asked, JSON, and
 * folded to compare), depth, scope, the client's owner XML, its timeout and when it expires.
 * Expired rows are ignored and swept by the housekeeping; a row goes with its member.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('dav_locks')
    .addColumn('token', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('segments', 'text', (column) => column.notNull())
    .addColumn('path_key', 'text', (column) => column.notNull())
    .addColumn('depth', 'varchar(8)', (column) => column.notNull())
    .addColumn('scope', 'varchar(16)', (column) => column.notNull())
    .addColumn('owner_xml', 'text', (column) => column.notNull())
    .addColumn('timeout_seconds', 'integer', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('dav_locks_user_expires_idx')
    .on('dav_locks')
    .columns(['user_id', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('dav_locks_expires_idx')
    .on('dav_locks')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('dav_locks').execute();
}
