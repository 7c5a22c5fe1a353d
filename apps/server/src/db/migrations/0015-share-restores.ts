import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Saves from shares done in SQL (API.md §4 restore).
 *
 * - `share_restore_items`: the plan of one save while its transaction runs: each shared item
 *   (`old_id`) with the id of its copy, the copy's parent and, for the chosen items only, the
 *   name it gets in the target folder. The copies are then made by one `INSERT ... SELECT` from
 *   this table joined to `files`, and the rows are deleted before the transaction commits, so no
 *   other reader ever sees them.
 * - `share_restores`: a large save accepted and waiting for (or run by) the restore worker: the
 *   request as the saver made it (`spec`, JSON) and the folder it lands in. The `restore` task
 *   of the same id carries its phase and lease; the row goes when the task ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_restore_items')
    .addColumn('restore_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('old_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('new_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('parent_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('name', 'varchar(1024)')
    .addColumn('name_key', 'varchar(1024)')
    .addPrimaryKeyConstraint('share_restore_items_pk', ['restore_id', 'old_id'])
    .execute();

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
  await db.schema.dropTable('share_restore_items').execute();
}
