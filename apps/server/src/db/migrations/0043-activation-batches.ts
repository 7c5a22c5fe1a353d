import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Batches of activation codes minted in the operator console (docs/api.md#operator-console).
 *
 * - `activation_batches`: one row per mint (who, when, the note); its codes name it in
 *   `activation_codes.batch_id` (null for codes minted by the command line).
 * - `activation_codes.revoked_at`: when an operator revoked the code before anyone redeemed it;
 *   a revoked code has no uses left, so it can no longer be redeemed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activation_batches')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('note', 'varchar(200)', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addColumn('created_by', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('activation_batches_time_idx')
    .on('activation_batches')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .alterTable('activation_codes')
    .addColumn('batch_id', 'varchar(32)', (column) =>
      column.references('activation_batches.id').onDelete('set null'),
    )
    .execute();
  await db.schema.alterTable('activation_codes').addColumn('revoked_at', time).execute();
  await db.schema
    .createIndex('activation_codes_batch_idx')
    .on('activation_codes')
    .column('batch_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('activation_codes_batch_idx').execute();
  await db.schema.alterTable('activation_codes').dropColumn('revoked_at').execute();
  await db.schema.alterTable('activation_codes').dropColumn('batch_id').execute();
  await db.schema.dropTable('activation_batches').execute();
}
