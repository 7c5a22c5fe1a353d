import type { Kysely } from 'kysely';

const time = 'varchar(32)';

/**
 * Subtitles, audio tracks and seek-bar storyboards of videos (docs/api.md#media-tracks).
 * `media_streams` keeps ffprobe's audio and subtitle streams of a content (SHA-256) as JSON, so
 * every copy of a video shares one probe. `media_track_cache` names the blob of each converted
 * track of a content (a WebVTT of a subtitle, a storyboard's sprite sheet and map), keyed by the
 * source's SHA-256 and the track; the row holds one reference to `blob_sha256`.
 * `media_picked_subtitles` lists the subtitle files a member picked for a video of theirs;
 * `media_preferences` keeps each member's remembered player choices.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('media_streams')
    .addColumn('sha256', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('streams', 'text', (column) => column.notNull())
    .addColumn('analyzed_at', time, (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('media_track_cache')
    .addColumn('source_sha256', 'varchar(64)', (column) => column.notNull())
    .addColumn('track_key', 'varchar(64)', (column) => column.notNull())
    .addColumn('blob_sha256', 'varchar(64)', (column) => column.notNull())
    .addColumn('content_type', 'varchar(64)', (column) => column.notNull())
    .addColumn('bytes', 'bigint', (column) => column.notNull())
    .addColumn('meta', 'text', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addPrimaryKeyConstraint('media_track_cache_pk', ['source_sha256', 'track_key'])
    .execute();
  await db.schema
    .createTable('media_picked_subtitles')
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('video_file_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('subtitle_file_id', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', time, (column) => column.notNull())
    .addPrimaryKeyConstraint('media_picked_subtitles_pk', [
      'user_id',
      'video_file_id',
      'subtitle_file_id',
    ])
    .execute();
  await db.schema
    .createTable('media_preferences')
    .addColumn('user_id', 'varchar(32)', (column) =>
      column.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('audio_language', 'varchar(35)', (column) => column.notNull())
    .addColumn('subtitle_language', 'varchar(35)', (column) => column.notNull())
    .addColumn('subtitle_size', 'varchar(16)', (column) => column.notNull())
    .addColumn('subtitle_position', 'varchar(16)', (column) => column.notNull())
    .addColumn('updated_at', time, (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('media_preferences').execute();
  await db.schema.dropTable('media_picked_subtitles').execute();
  await db.schema.dropTable('media_track_cache').execute();
  await db.schema.dropTable('media_streams').execute();
}
