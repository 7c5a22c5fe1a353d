import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Analytics (`POST /statistics/pub/event`, `GET /statistics/pub/download`).
 * `analytics_events` keeps each event with the analytics context of docs/product.md#entities, and no raw
 * address: `address_hash` and `device_hash` are keyed hashes, `country` comes from the CDN's
 * header when there is one. `user_id` is the member of the request's credential; a deleted
 * account takes its events with it. The retention sweep deletes rows older than
 * ANALYTICS_RETENTION_DAYS by `created_at`.
 * `app_download_counts` holds the public download count of each platform, raised as
 * `app-download` events are stored; `app_download_marks` remembers which address was counted
 * for which platform on which UTC day, so one address counts once a day (kept two days).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('event', 'varchar(40)', (column) => column.notNull())
    .addColumn('page', 'varchar(512)', (column) => column.notNull())
    .addColumn('client_id', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('client_type', 'varchar(16)', (column) => column.notNull())
    .addColumn('language_system', 'varchar(35)', (column) => column.notNull().defaultTo(''))
    .addColumn('language_web', 'varchar(35)', (column) => column.notNull().defaultTo(''))
    .addColumn('user_type', 'integer', (column) => column.notNull())
    .addColumn('source', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('scene', 'varchar(200)', (column) => column.notNull().defaultTo(''))
    .addColumn('referer_list', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('device_hash', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.references('users.id').onDelete('cascade'),
    )
    .addColumn('country', 'varchar(2)', (column) => column.notNull().defaultTo(''))
    .addColumn('address_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('props', 'text', (column) => column.notNull().defaultTo('{}'))
    .addColumn('created_at', time, (column) => column.notNull())
    .execute();
  // The retention sweep deletes by age.
  await db.schema
    .createIndex('analytics_events_created_idx')
    .on('analytics_events')
    .column('created_at')
    .execute();
  // Reports read one event over a period.
  await db.schema
    .createIndex('analytics_events_event_idx')
    .on('analytics_events')
    .columns(['event', 'created_at'])
    .execute();
  // The cascade of an account's deletion finds its events.
  await db.schema
    .createIndex('analytics_events_user_idx')
    .on('analytics_events')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('app_download_counts')
    .addColumn('platform', 'varchar(16)', (column) => column.primaryKey())
    .addColumn('downloads', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('app_download_marks')
    .addColumn('platform', 'varchar(16)', (column) => column.notNull())
    .addColumn('address_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addPrimaryKeyConstraint('app_download_marks_pk', ['platform', 'address_hash', 'day'])
    .execute();
  await db.schema
    .createIndex('app_download_marks_day_idx')
    .on('app_download_marks')
    .column('day')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('app_download_marks_day_idx').execute();
  await db.schema.dropTable('app_download_marks').execute();
  await db.schema.dropTable('app_download_counts').execute();
  await db.schema.dropIndex('analytics_events_user_idx').execute();
  await db.schema.dropIndex('analytics_events_event_idx').execute();
  await db.schema.dropIndex('analytics_events_created_idx').execute();
  await db.schema.dropTable('analytics_events').execute();
}
