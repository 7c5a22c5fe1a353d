import type { Kysely, Selectable } from 'kysely';
import type { Database, MediaTrackCacheTable } from '../../../db/schema';

/** A converted track of a content, stored as a blob (migration 0030-media-tracks). */
export interface TrackCacheRecord {
  sourceSha256: string;
  trackKey: string;
  blobSha256: string;
  contentType: string;
  bytes: number;
  meta: string;
}

/** A member's remembered player choices. */
export interface PreferencesRecord {
  audioLanguage: string;
  subtitleLanguage: string;
  subtitleSize: string;
  subtitlePosition: string;
}

/** Probed streams, converted tracks, picked subtitles and player preferences (0030-media-tracks). */
/** A cached track's row as the services read it. */
function toTrack(row: Selectable<MediaTrackCacheTable>): TrackCacheRecord {
  return {
    sourceSha256: row.source_sha256,
    trackKey: row.track_key,
    blobSha256: row.blob_sha256,
    contentType: row.content_type,
    bytes: Number(row.bytes),
    meta: row.meta,
  };
}

export function createMediaTracksRepository(db: Kysely<Database>) {
  return {
    async findStreams(sha256: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('media_streams')
        .select('streams')
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row?.streams;
    },

    /** Records a probe once; another node's probe of the same bytes changes nothing. */
    async saveStreams(sha256: string, streams: string, at: string): Promise<void> {
      await db
        .insertInto('media_streams')
        .values({ sha256, streams, analyzed_at: at })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async findTrack(sourceSha256: string, trackKey: string): Promise<TrackCacheRecord | undefined> {
      const row = await db
        .selectFrom('media_track_cache')
        .selectAll()
        .where('source_sha256', '=', sourceSha256)
        .where('track_key', '=', trackKey)
        .executeTakeFirst();
      return row === undefined ? undefined : toTrack(row);
    },

    /** Records a converted track; false when another request recorded it first. */
    async saveTrack(track: TrackCacheRecord, at: string): Promise<boolean> {
      const result = await db
        .insertInto('media_track_cache')
        .values({
          source_sha256: track.sourceSha256,
          track_key: track.trackKey,
          blob_sha256: track.blobSha256,
          content_type: track.contentType,
          bytes: track.bytes,
          meta: track.meta,
          created_at: at,
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /**
     * Converted tracks whose source no file references any more (its blob row is gone or at
     * zero references): their blob references are due for release.
     */
    async listOrphanedTracks(limit: number): Promise<TrackCacheRecord[]> {
      const rows = await db
        .selectFrom('media_track_cache')
        .leftJoin('blobs', 'blobs.sha256', 'media_track_cache.source_sha256')
        .selectAll('media_track_cache')
        .where((eb) => eb.or([eb('blobs.sha256', 'is', null), eb('blobs.ref_count', '<=', 0)]))
        .limit(limit)
        .execute();
      return rows.map(toTrack);
    },

    /** Removes a converted track's row; false when another sweep removed it first. */
    async deleteTrack(sourceSha256: string, trackKey: string): Promise<boolean> {
      const result = await db
        .deleteFrom('media_track_cache')
        .where('source_sha256', '=', sourceSha256)
        .where('track_key', '=', trackKey)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Forgets the probes of blobs that are no longer stored. */
    async deleteOrphanedStreams(): Promise<number> {
      const result = await db
        .deleteFrom('media_streams')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blobs')
                .select('blobs.sha256')
                .whereRef('blobs.sha256', '=', 'media_streams.sha256'),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The subtitle files a member picked for a video, oldest first. */
    async pickedSubtitles(userId: string, videoFileId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('media_picked_subtitles')
        .select('subtitle_file_id')
        .where('user_id', '=', userId)
        .where('video_file_id', '=', videoFileId)
        .orderBy('created_at')
        .orderBy('subtitle_file_id')
        .execute();
      return rows.map((row) => row.subtitle_file_id);
    },

    async pickSubtitle(
      userId: string,
      videoFileId: string,
      subtitleFileId: string,
      at: string,
    ): Promise<void> {
      await db
        .insertInto('media_picked_subtitles')
        .values({
          user_id: userId,
          video_file_id: videoFileId,
          subtitle_file_id: subtitleFileId,
          created_at: at,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async findPreferences(userId: string): Promise<PreferencesRecord | undefined> {
      const row = await db
        .selectFrom('media_preferences')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : {
            audioLanguage: row.audio_language,
            subtitleLanguage: row.subtitle_language,
            subtitleSize: row.subtitle_size,
            subtitlePosition: row.subtitle_position,
          };
    },

    async savePreferences(userId: string, prefs: PreferencesRecord, at: string): Promise<void> {
      const values = {
        audio_language: prefs.audioLanguage,
        subtitle_language: prefs.subtitleLanguage,
        subtitle_size: prefs.subtitleSize,
        subtitle_position: prefs.subtitlePosition,
        updated_at: at,
      };
      await db
        .insertInto('media_preferences')
        .values({ user_id: userId, ...values })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type MediaTracksRepository = ReturnType<typeof createMediaTracksRepository>;
