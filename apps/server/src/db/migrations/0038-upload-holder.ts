import type { Kysely } from 'kysely';

/**
 * The node holding an unfinished upload's partial data (`uploads.holder`, its `NODE_ID`): only
 * that node appends to it, rebuilds its hash or finishes its commit from it, so another node of a
 * fleet never cuts its offset or deletes it. Rows from before hold `null`: any node serves them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').addColumn('holder', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('holder').execute();
}
