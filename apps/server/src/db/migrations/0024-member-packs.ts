import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Storage and traffic packs. An activation code may now grant a pack instead of premium days:
 * its `type` is then `storage` or `traffic` and `bytes` the pack's size (0 for premium codes).
 * A redeemed pack is a `member_packs` row that adds `bytes` to the member's storage limit, or to
 * the monthly download and cloud-download traffic, from `starts_at` until `expires_at`. Packs do
 * not queue like premium days: two packs held together add up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('activation_codes')
    .addColumn('bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('member_packs')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('bytes', 'bigint', (column) => column.notNull())
    .addColumn('days', 'integer', (column) => column.notNull())
    .addColumn('starts_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('activation_code_id', 'varchar(32)', (column) =>
      column.references('activation_codes.id').onDelete('set null'),
    )
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  // A member's packs in force: every plan look-up sums them.
  await db.schema
    .createIndex('member_packs_user_expires_idx')
    .on('member_packs')
    .columns(['user_id', 'expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('member_packs_user_expires_idx').execute();
  await db.schema.dropTable('member_packs').execute();
  await db.schema.alterTable('activation_codes').dropColumn('bytes').execute();
}
