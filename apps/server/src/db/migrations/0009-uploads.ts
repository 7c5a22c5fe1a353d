import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Uploads in progress (docs/api.md#files "Uploads"): one row per PENDING file whose bytes are on their
 * way, under an id of 96 random bits that names its tus resource. `received` is the durable
 * offset (bytes fsynced before it is written); `state` goes `receiving` -> `committing` (the
 * digest is known and recorded before the bytes move into the blob store, so a restart can finish
 * the commit) -> `complete` (kept until `expires_at` so a client that missed the last answer
 * still reads the full offset). `proof` holds the server-chosen ranges of an instant upload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('uploads')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('file_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('size', 'bigint', (column) => column.notNull())
    .addColumn('received', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('client_hash', 'varchar(40)', (column) => column.notNull().defaultTo(''))
    .addColumn('upload_type', 'varchar(16)', (column) => column.notNull())
    .addColumn('state', 'varchar(16)', (column) => column.notNull())
    .addColumn('sha256', 'varchar(64)')
    .addColumn('gcid', 'varchar(40)')
    .addColumn('proof', 'text')
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .execute();
  // The expiry sweep walks uploads by deadline.
  await db.schema
    .createIndex('uploads_expires_at_idx')
    .on('uploads')
    .column('expires_at')
    .execute();
  await db.schema.createIndex('uploads_file_id_idx').on('uploads').column('file_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
