import type { Kysely } from 'kysely';

/**
 * The id of the API request that queued a background task (`tasks.request_id`), so the lines a
 * worker logs while running it name the same request as the API node's lines. `''` when the task
 * was not queued by a request (rows from before, tasks recorded as finished).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('request_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('request_id').execute();
}
