import type { Kysely } from 'kysely';

/**
 * The queue of videos to prepare at ingest (`TRANSCODE_AT_INGEST`), keyed by content SHA-256 so
 * the same bytes uploaded to many drives are prepared once. A worker takes a pending row with a
 * compare-and-set that sets `lease_owner` and `lease_until` (a row whose worker died goes back
 * to the queue when its lease runs out); a video that cannot be prepared is `failed` with the
 * reason.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_prepare_jobs')
    .addColumn('sha256', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('extension', 'varchar(32)', (column) => column.notNull())
    .addColumn('phase', 'varchar(16)', (column) => column.notNull())
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('lease_until', 'varchar(32)')
    .addColumn('reason', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('video_prepare_jobs_queue')
    .on('video_prepare_jobs')
    .columns(['phase', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_prepare_jobs').execute();
}
