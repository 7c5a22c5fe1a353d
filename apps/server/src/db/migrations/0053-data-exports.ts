import type { Kysely } from 'kysely';

/**
 * Members' data exports ("Export my data", docs/accounts.md#exporting-your-data). A row is queued
 * `pending`; a worker takes it with a compare-and-set on `lease_owner` and `lease_until` (a row
 * whose worker died goes back to the queue when its lease runs out) and makes it `ready` with its
 * manifest, or `failed` with the reason. `active_user_id` is the member's id while the export is
 * pending or running and null after: its unique index lets a member have one export under way at
 * a time, on both dialects (NULLs never collide).
 *
 * `data_export_entries` is the manifest of a ready export: the zip's entries in order, each file
 * by its content hash. Each row with a hash holds one reference to its blob, so the bytes stay
 * until the export expires, and the zip is written from the blobs when downloaded (no copy).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('active_user_id', 'varchar(64)')
    .addColumn('phase', 'varchar(16)', (column) => column.notNull())
    .addColumn('reason', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('file_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('size', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('account_json', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('requested_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('data_exports_active_uq')
    .on('data_exports')
    .column('active_user_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('data_exports_user_idx')
    .on('data_exports')
    .columns(['user_id', 'requested_at'])
    .execute();
  await db.schema
    .createIndex('data_exports_queue_idx')
    .on('data_exports')
    .columns(['phase', 'updated_at'])
    .execute();
  await db.schema
    .createTable('data_export_entries')
    .addColumn('export_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('seq', 'integer', (column) => column.notNull())
    .addColumn('path', 'text', (column) => column.notNull())
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('sha256', 'varchar(64)')
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('modified_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('data_export_entries_pk', ['export_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_export_entries').execute();
  await db.schema.dropTable('data_exports').execute();
}
