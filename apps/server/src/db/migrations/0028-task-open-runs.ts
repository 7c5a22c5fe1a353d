import type { Kysely } from 'kysely';

/**
 * Poison tasks: `tasks.open_runs` counts the runs of a background task that started and did not
 * end. A worker adds one as it starts a run, before any of the task's input is read, and sets it
 * back to 0 when the run ends in any way it sees (done, failed, paused, deleted, the worker
 * stopping). A count left over means the process died while the task ran; a task whose count
 * says it was running when its process died twice is failed instead of run a third time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('open_runs', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').dropColumn('open_runs').execute();
}
