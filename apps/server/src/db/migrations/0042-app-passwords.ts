import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * App passwords (docs/accounts.md#app-passwords): a member's named passwords for WebDAV and
 * other apps that speak HTTP Basic, read-only or read-write. Only the SHA-256 of each password
 * is kept (it is random, so nothing slower is needed); `last_used_*` say when and from where it
 * was last used.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_passwords')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(256)', (column) => column.notNull())
    .addColumn('scope', 'varchar(16)', (column) => column.notNull())
    .addColumn('password_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('last_used_at', time)
    .addColumn('last_used_ip', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('app_passwords_user')
    .on('app_passwords')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_passwords').execute();
}
