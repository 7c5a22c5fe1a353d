import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Media facts and thumbnails, both keyed by the content (SHA-256), so every copy of a file, in
 * any member's drive, shares them. `media_info` holds what sharp or ffprobe found (kind from the
 * bytes, dimensions, duration, codecs); `media_thumbnails` names the blob of each thumbnail size,
 * a blob the row holds one reference to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_info')
    .addColumn('sha256', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('detected_type', 'varchar(128)', (column) => column.notNull())
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('duration_ms', 'bigint', (column) => column.notNull())
    .addColumn('video_codec', 'varchar(64)', (column) => column.notNull())
    .addColumn('audio_codec', 'varchar(64)', (column) => column.notNull())
    .addColumn('analyzed_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('media_thumbnails')
    .addColumn('source_sha256', 'varchar(64)', (column) => column.notNull())
    .addColumn('size_name', 'varchar(16)', (column) => column.notNull())
    .addColumn('blob_sha256', 'varchar(64)', (column) => column.notNull())
    .addColumn('content_type', 'varchar(64)', (column) => column.notNull())
    .addColumn('width', 'integer', (column) => column.notNull())
    .addColumn('height', 'integer', (column) => column.notNull())
    .addColumn('bytes', 'bigint', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addPrimaryKeyConstraint('media_thumbnails_pk', ['source_sha256', 'size_name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_thumbnails').execute();
  await db.schema.dropTable('media_info').execute();
}
