import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Tasks (docs/api.md#tasks) and the recent events of the drive (docs/api.md#files `GET /drive/v1/events`).
 *
 * A task row records work done for a member: batch calls that finish inside their request are
 * written already complete; offline downloads move through their phases. `params` is a JSON
 * string map; `message_key` names the task message of the shared catalogue (rendered in the
 * caller's language). Listings page newest first by `(created_at, id)`.
 *
 * An event row says that something happened to one file (uploaded, restored, played, ...). Events
 * are shown only while their file is live, and each member keeps a bounded number of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tasks')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('type', 'varchar(16)', (column) => column.notNull())
    .addColumn('name', 'varchar(1024)', (column) => column.notNull().defaultTo(''))
    .addColumn('phase', 'varchar(32)', (column) => column.notNull())
    .addColumn('progress', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('file_id', 'varchar(32)', (column) => column.notNull().defaultTo(''))
    .addColumn('file_name', 'varchar(1024)', (column) => column.notNull().defaultTo(''))
    .addColumn('file_size', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('message_key', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('params', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('status_size', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', time, (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('tasks_user_created_idx')
    .on('tasks')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('tasks_user_type_created_idx')
    .on('tasks')
    .columns(['user_id', 'type', 'created_at', 'id'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('user_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('type', 'varchar(32)', (column) => column.notNull())
    .addColumn('file_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('params', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('events_user_created_idx')
    .on('events')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('events_user_type_created_idx')
    .on('events')
    .columns(['user_id', 'type', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('tasks').execute();
}
