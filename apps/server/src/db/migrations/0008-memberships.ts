import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Memberships and activation codes (docs/api.md#account-and-membership). A membership row is one grant of premium days
 * to a member: `starts_at` is when its days begin (the grant's time, or the end of the days the
 * member already held of that type, so grants queue up) and `expires_at` when they end. The VIP
 * state is read from these rows; nothing else stores it. Activation codes are stored only as the
 * SHA-256 of their canonical form; `uses_left` counts down as members redeem them, and a
 * redemption row per member and code keeps one member from redeeming a code twice. A code with a
 * `user_id` was issued to that member alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('activation_codes')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('code_hash', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('type', 'varchar(32)', (column) => column.notNull())
    .addColumn('days', 'integer', (column) => column.notNull())
    .addColumn('uses_left', 'integer', (column) => column.notNull())
    .addColumn('max_uses', 'integer', (column) => column.notNull())
    .addColumn('expires_at', time)
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.references('users.id').onDelete('cascade'),
    )
    .addColumn('note', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('memberships')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('type', 'varchar(32)', (column) => column.notNull())
    .addColumn('source', 'varchar(32)', (column) => column.notNull())
    .addColumn('days', 'integer', (column) => column.notNull())
    .addColumn('starts_at', time, (column) => column.notNull())
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('activation_code_id', 'varchar(32)', (column) =>
      column.references('activation_codes.id').onDelete('set null'),
    )
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  // The VIP state and the plan of a member: their grants by type and end.
  await db.schema
    .createIndex('memberships_user_type_expires_idx')
    .on('memberships')
    .columns(['user_id', 'type', 'expires_at'])
    .execute();
  await db.schema
    .createTable('activation_redemptions')
    .addColumn('code_id', 'varchar(32)', (column) =>
      column.notNull().references('activation_codes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', time, (column) => column.notNull())
    .addPrimaryKeyConstraint('activation_redemptions_pk', ['code_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activation_redemptions').execute();
  await db.schema.dropIndex('memberships_user_type_expires_idx').execute();
  await db.schema.dropTable('memberships').execute();
  await db.schema.dropTable('activation_codes').execute();
}
