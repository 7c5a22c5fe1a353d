import type { Kysely } from 'kysely';

/**
 * The id of the API request that queued a data export or a video's preparing (`request_id`), as
 * `tasks.request_id` keeps it for tasks, so the lines a worker logs while running the job name
 * the same request as the API node's lines. `''` when no request queued it (rows from before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['data_exports', 'video_prepare_jobs']) {
    await db.schema
      .alterTable(table)
      .addColumn('request_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['data_exports', 'video_prepare_jobs']) {
    await db.schema.alterTable(table).dropColumn('request_id').execute();
  }
}
