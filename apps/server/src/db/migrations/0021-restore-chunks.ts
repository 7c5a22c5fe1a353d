import type { Kysely } from 'kysely';

/**
 * Large saves from shares are made in chunks, each its own transaction, and resume after a crash
 * from the last chunk that committed. `share_restores` keeps what a save needs for that:
 *
 * - `plan`: JSON, the copies the save makes (each item's new id, new parent and the columns of
 *   its row), frozen by its first chunk together with the quota and the blob references of the
 *   whole save; null until then.
 * - `copied`: how many of the plan's items are made, moved in the transaction that makes them.
 * - `reserved_bytes`: bytes booked on the saver's storage counter for items not made yet (what
 *   `npm run verify` adds to the sums of the files).
 * - `attempts`: runs of the save; a save that keeps failing stops after a few.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('share_restores').addColumn('plan', 'text').execute();
  await db.schema
    .alterTable('share_restores')
    .addColumn('copied', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('share_restores')
    .addColumn('reserved_bytes', 'bigint', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('share_restores')
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['attempts', 'reserved_bytes', 'copied', 'plan']) {
    await db.schema.alterTable('share_restores').dropColumn(column).execute();
  }
}
