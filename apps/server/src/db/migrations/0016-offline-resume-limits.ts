import type { Kysely } from 'kysely';

/**
 * Offline downloads that survive a restart, and the plan's traffic limit. A task keeps how many
 * bytes of its partial data are durable (`fetched_bytes`, written only after an fsync of the
 * partial file `DATA_DIR/offline/<task id>`) and the source's validator (`source_validator`: a
 * strong ETag, else Last-Modified) that a resumed `Range` request sends as `If-Range`, so a
 * changed source starts over from zero. `offline_traffic` counts the bytes offline downloads
 * fetched per member and UTC month (`YYYY-MM`), against the plan's monthly traffic.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('fetched_bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tasks').addColumn('source_validator', 'varchar(512)').execute();
  await db.schema
    .createTable('offline_traffic')
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('period', 'varchar(7)', (column) => column.notNull())
    .addColumn('bytes', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('offline_traffic_pk', ['user_id', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('offline_traffic').execute();
  await db.schema.alterTable('tasks').dropColumn('source_validator').execute();
  await db.schema.alterTable('tasks').dropColumn('fetched_bytes').execute();
}
