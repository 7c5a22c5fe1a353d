import type { Kysely } from 'kysely';

const time = 'varchar(32)';
const ref = 'varchar(255)';

/**
 * Payments through a provider (docs/memberships.md#payments). `payment_customers` binds a
 * member to their account at the provider (created by Nimbus before the first checkout, so every
 * notice names the member through it). `payment_events` holds each notice's id once: inserting
 * it in the transaction that applies the notice makes a retried or repeated notice change
 * nothing. `payments` has one row per payment (its provider `reference`: a payment intent, or an
 * invoice without one), with the grant it gave, so a refund or dispute takes those days back and
 * a notice about a payment that arrives before the payment's own notice is remembered.
 * `payment_subscriptions` keeps the last state of each subscription with the time of the notice
 * that told it, so an older notice delivered late does not overwrite a newer state.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('customer_id', ref, (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addUniqueConstraint('payment_customers_customer_uq', ['provider', 'customer_id'])
    .execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('event_id', ref, (column) => column.notNull())
    .addColumn('type', 'varchar(64)', (column) => column.notNull())
    .addColumn('user_id', 'varchar(32)')
    .addColumn('outcome', 'varchar(32)', (column) => column.notNull())
    .addColumn('received_at', time, (column) => column.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('reference', ref, (column) => column.notNull())
    .addColumn('invoice_id', ref)
    .addColumn('subscription_id', ref)
    .addColumn('product_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('currency', 'varchar(3)', (column) => column.notNull().defaultTo(''))
    .addColumn('receipt_url', 'varchar(2048)', (column) => column.notNull().defaultTo(''))
    .addColumn('membership_id', 'varchar(32)')
    .addColumn('pack_id', 'varchar(32)')
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .addUniqueConstraint('payments_reference_uq', ['provider', 'reference'])
    .execute();
  await db.schema
    .createIndex('payments_user_idx')
    .on('payments')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payments_invoice_idx')
    .on('payments')
    .columns(['invoice_id'])
    .execute();
  await db.schema
    .createTable('payment_subscriptions')
    .addColumn('id', ref, (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('provider', 'varchar(16)', (column) => column.notNull())
    .addColumn('product_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('interval', 'varchar(8)', (column) => column.notNull().defaultTo(''))
    .addColumn('status', 'varchar(24)', (column) => column.notNull())
    .addColumn('current_period_end', time, (column) => column.notNull().defaultTo(''))
    .addColumn('cancel_at_period_end', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('grace_ends_at', time, (column) => column.notNull().defaultTo(''))
    .addColumn('state_at', time, (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('payment_subscriptions_user_idx')
    .on('payment_subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_subscriptions').execute();
  await db.schema.dropTable('payments').execute();
  await db.schema.dropTable('payment_events').execute();
  await db.schema.dropTable('payment_customers').execute();
}
