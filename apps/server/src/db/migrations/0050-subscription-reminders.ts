import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Renewal reminders (docs/memberships.md#renewal-reminders), one per renewal:
 * `payment_subscriptions.reminded_period_end` is the renewal date the member was last reminded
 * of (or skipped for), and `reminder_claimed_at` when a node claimed the reminder it is sending
 * (another node takes it over when the claim is older than its lease).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('reminded_period_end', time, (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('reminder_claimed_at', time, (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('payment_subscriptions_renewal_idx')
    .on('payment_subscriptions')
    .columns(['current_period_end'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_subscriptions_renewal_idx').execute();
  await db.schema.alterTable('payment_subscriptions').dropColumn('reminder_claimed_at').execute();
  await db.schema.alterTable('payment_subscriptions').dropColumn('reminded_period_end').execute();
}
