import type { Kysely } from 'kysely';

/**
 * Partial refunds and won disputes (docs/memberships.md#payments):
 *
 * - `payments.refunded_amount`: how much of the payment the provider refunded so far (minor
 *   units; a partial refund takes back the same share of the days, once per amount told);
 * - `payments.taken_back_seconds`: how much premium or pack time a full refund or a dispute took
 *   back, given back when the dispute is won.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('refunded_amount', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('taken_back_seconds', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payments').dropColumn('taken_back_seconds').execute();
  await db.schema.alterTable('payments').dropColumn('refunded_amount').execute();
}
