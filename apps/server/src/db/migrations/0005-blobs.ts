import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Blobs: the content-addressed bytes behind files, one row per SHA-256, with the GCID, the size
 * (bigint: files pass 2 GiB), and how many files, trashed files and shares reference it. A row is
 * written only after its bytes are durable; a blob at zero references is garbage to collect.
 * Times are RFC 3339 text, as in the earlier migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blobs')
    .addColumn('sha256', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('gcid', 'varchar(40)', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('ref_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .addColumn('verified_at', time)
    .execute();
  // Garbage collection looks for blobs at zero references, oldest release first.
  await db.schema
    .createIndex('blobs_ref_count_idx')
    .on('blobs')
    .columns(['ref_count', 'updated_at'])
    .execute();
  // Instant upload finds a blob by GCID.
  await db.schema.createIndex('blobs_gcid_idx').on('blobs').column('gcid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blobs').execute();
}
