import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Membership expiry reminders. `membership_reminders` has one row per member and premium end
 * (`expires_at`, the end the reminder speaks of), so a member hears of each end once whatever
 * the number of nodes: a node claims a reminder by inserting its row (the primary key refuses a
 * second), sends the mail, then records the outcome in `status`: `sent` (with `sent_at`, the
 * address and the language), `unsubscribed`, `renewed` (the end moved before the mail left) or
 * `recent_grant` (the days were granted inside the reminder window). A row left `claimed` by a
 * node that died, or whose mail failed, is claimed again once `claimed_at` is older than the
 * lease. A renewal ends later, so it is a new row and a new reminder. The index on
 * `memberships.expires_at` serves the hourly look for memberships that end soon.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('membership_reminders')
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('expires_at', time, (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('claimed_at', time, (column) => column.notNull())
    .addColumn('sent_at', time)
    .addColumn('email', 'varchar(320)', (column) => column.notNull().defaultTo(''))
    .addColumn('locale', 'varchar(16)', (column) => column.notNull().defaultTo(''))
    .addPrimaryKeyConstraint('membership_reminders_pk', ['user_id', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('memberships_expires_idx')
    .on('memberships')
    .columns(['expires_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('memberships_expires_idx').execute();
  await db.schema.dropTable('membership_reminders').execute();
}
