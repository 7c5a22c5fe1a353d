import type { Kysely } from 'kysely';

/**
 * The fleet's nodes (docs/api.md#operator-console): each server and worker process writes its
 * row every half minute (its id, role, version, host and start), so the console's system page
 * lists the nodes seen in the last minutes. A process that stops deletes its row; the row of one
 * that died is swept after a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('node_heartbeats')
    .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('role', 'varchar(16)', (column) => column.notNull())
    .addColumn('version', 'varchar(32)', (column) => column.notNull())
    .addColumn('host', 'varchar(255)', (column) => column.notNull())
    .addColumn('started_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('seen_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('node_heartbeats_seen_idx')
    .on('node_heartbeats')
    .column('seen_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_heartbeats').execute();
}
