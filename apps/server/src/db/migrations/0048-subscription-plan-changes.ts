import type { Kysely } from 'kysely';

/**
 * A plan change a member made in Nimbus (docs/memberships.md#payments):
 * `payment_subscriptions.next_product_id` is the product the subscription renews on from its
 * current period's end (`''`: none), until the provider's notices tell the new plan has started.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('payment_subscriptions')
    .addColumn('next_product_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('payment_subscriptions').dropColumn('next_product_id').execute();
}
