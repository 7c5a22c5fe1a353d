import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Large saves from shares (docs/api.md#shares restore), done in the background.
 *
 * `share_restores`: a large save accepted and waiting for (or run by) the restore worker: the
 *   request as the saver made it (`spec`, JSON) and the folder it lands in. The `restore` task
 *   of the same id carries its phase and lease; the row goes when the task ends. (A save's copies
 *   are made in SQL from a plan passed as one JSON parameter; no table holds the plan.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_restores')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('share_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('target_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('spec', 'text', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_restores').execute();
}
