import type { Kysely } from 'kysely';

/**
 * The partial data of an offline download parked in the bucket (`tasks.parked`, with
 * `BLOB_STORE=s3`): a JSON list of `{ key, size }` objects holding its first bytes in order, so a
 * worker on another node resumes it from there instead of from byte 0. `''` when none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('parked', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('parked').execute();
}
