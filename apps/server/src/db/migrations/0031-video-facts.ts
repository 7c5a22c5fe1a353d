import type { Kysely } from 'kysely';

/**
 * What video playback needs to know of a content, keyed by its SHA-256 so every copy shares it:
 * the container, streams and pixel format ffprobe read (`facts`, JSON), and the times of the
 * video's keyframes (`keyframes`, JSON, read once when a remux is first played), on which remuxed
 * HLS segments are cut.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('video_facts')
    .addColumn('sha256', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('facts', 'text', (column) => column.notNull())
    .addColumn('keyframes', 'text')
    .addColumn('probed_at', 'varchar(32)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('video_facts').execute();
}
