import type { Kysely } from 'kysely';

/**
 * The mail outbox's record (docs/api.md#operator-console): a row per message the server sends,
 * `sending` until the mail server (or the outbox folder) took it, then `sent`, or `failed` with
 * the error; no recipient, subject or text is kept. The console's system page counts them and
 * lists the latest failures; rows older than 30 days are swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mail_deliveries')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('error', 'varchar(1000)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('mail_deliveries_status_idx')
    .on('mail_deliveries')
    .columns(['status', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('mail_deliveries_created_idx')
    .on('mail_deliveries')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_deliveries').execute();
}
