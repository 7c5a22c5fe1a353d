import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Offline downloads (docs/api.md#tasks). Tasks get what a worker needs: the URL to fetch (`source_url`),
 * the folder the file goes to (`target_parent_id`; null: the member's downloads folder), and a
 * lease (`lease_owner`, `lease_until`) that a worker takes with a compare-and-set and renews
 * while it runs, so several workers can share the queue and a task of a worker that died goes
 * back to the queue. `task_daily_counts` counts the offline tasks a member created per UTC day
 * (deleting a task gives no count back). Folders get a `folder_type` (`NORMAL`, `DOWNLOAD`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('source_url', 'text').execute();
  await db.schema.alterTable('tasks').addColumn('target_parent_id', 'varchar(32)').execute();
  await db.schema.alterTable('tasks').addColumn('lease_owner', 'varchar(64)').execute();
  await db.schema.alterTable('tasks').addColumn('lease_until', time).execute();
  await db.schema
    .createIndex('tasks_queue_idx')
    .on('tasks')
    .columns(['type', 'phase', 'updated_at'])
    .execute();
  await db.schema
    .createTable('task_daily_counts')
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('type', 'varchar(16)', (column) => column.notNull())
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('task_daily_counts_pk', ['user_id', 'type', 'day'])
    .execute();
  await db.schema
    .alterTable('files')
    .addColumn('folder_type', 'varchar(16)', (column) => column.notNull().defaultTo('NORMAL'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').dropColumn('folder_type').execute();
  await db.schema.dropTable('task_daily_counts').execute();
  await db.schema.dropIndex('tasks_queue_idx').execute();
  await db.schema.alterTable('tasks').dropColumn('lease_until').execute();
  await db.schema.alterTable('tasks').dropColumn('lease_owner').execute();
  await db.schema.alterTable('tasks').dropColumn('target_parent_id').execute();
  await db.schema.alterTable('tasks').dropColumn('source_url').execute();
}
