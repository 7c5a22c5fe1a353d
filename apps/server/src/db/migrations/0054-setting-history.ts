import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * The history of the site settings the operator console changes (docs/api.md#operator-console):
 * one row per change, with the stored value before and after (JSON text, null: not stored), who
 * made it, why, and the change it reverted, if any. Listed newest first, of all settings or of
 * one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('setting_history')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('name', 'varchar(200)', (column) => column.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('actor_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('reason', 'varchar(1000)', (column) => column.notNull())
    .addColumn('reverts', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('setting_history_time_idx')
    .on('setting_history')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('setting_history_name_idx')
    .on('setting_history')
    .columns(['name', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('setting_history').execute();
}
