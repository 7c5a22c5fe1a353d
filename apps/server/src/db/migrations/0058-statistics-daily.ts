import type { Kysely } from 'kysely';

/**
 * The dashboard's daily rows (docs/api.md#operator-console): the statistics rollup writes, for
 * each finished UTC day, the figures that would be slow to count over a year of raw rows (active
 * members and analytics events by page and language from `analytics_events`, files added, shares
 * created and saved, reports, offline tasks by phase and failure, app downloads per platform),
 * one row per figure and dimension, plus a `rolled` row that marks the day done. Indexes on time
 * keep each day's count a range scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('statistics_daily')
    .addColumn('day', 'varchar(10)', (column) => column.notNull())
    .addColumn('metric', 'varchar(32)', (column) => column.notNull())
    .addColumn('dimension', 'varchar(512)', (column) => column.notNull().defaultTo(''))
    .addColumn('detail', 'varchar(64)', (column) => column.notNull().defaultTo(''))
    .addColumn('value', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint('statistics_daily_pk', ['day', 'metric', 'dimension', 'detail'])
    .execute();
  await db.schema.createIndex('files_created_idx').on('files').column('created_at').execute();
  await db.schema.createIndex('shares_created_idx').on('shares').column('created_at').execute();
  await db.schema
    .createIndex('share_reports_created_idx')
    .on('share_reports')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('share_restores_created_idx')
    .on('share_restores')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('tasks_type_created_idx')
    .on('tasks')
    .columns(['type', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tasks_type_created_idx').execute();
  await db.schema.dropIndex('share_restores_created_idx').execute();
  await db.schema.dropIndex('share_reports_created_idx').execute();
  await db.schema.dropIndex('shares_created_idx').execute();
  await db.schema.dropIndex('files_created_idx').execute();
  await db.schema.dropTable('statistics_daily').execute();
}
