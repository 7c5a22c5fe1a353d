import type { Kysely, Selectable } from 'kysely';
import type { Database, MediaInfoTable, MediaThumbnailTable } from '../../db/schema';

/** What was found in a blob's bytes. */
export interface MediaInfo {
  sha256: string;
  detectedType: string;
  kind: 'image' | 'video' | 'audio' | 'archive' | 'torrent' | 'other';
  width: number;
  height: number;
  durationMs: number;
  videoCodec: string;
  audioCodec: string;
}

/** A stored thumbnail of a blob. */
export interface ThumbnailRecord {
  sourceSha256: string;
  sizeName: string;
  blobSha256: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
}

const kinds = ['image', 'video', 'audio', 'archive', 'torrent', 'other'] as const;

function toInfo(row: Selectable<MediaInfoTable>): MediaInfo {
  const kind = (kinds as readonly string[]).includes(row.kind)
    ? (row.kind as MediaInfo['kind'])
    : 'other';
  return {
    sha256: row.sha256,
    detectedType: row.detected_type,
    kind,
    width: row.width,
    height: row.height,
    durationMs: Number(row.duration_ms),
    videoCodec: row.video_codec,
    audioCodec: row.audio_codec,
  };
}

function toThumbnail(row: Selectable<MediaThumbnailTable>): ThumbnailRecord {
  return {
    sourceSha256: row.source_sha256,
    sizeName: row.size_name,
    blobSha256: row.blob_sha256,
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    bytes: Number(row.bytes),
  };
}

/** Media facts and thumbnails by content hash (migration 0011-media). */
export function createMediaRepository(db: Kysely<Database>) {
  return {
    async findInfo(sha256: string): Promise<MediaInfo | undefined> {
      const row = await db
        .selectFrom('media_info')
        .selectAll()
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row === undefined ? undefined : toInfo(row);
    },

    /** The facts known for any of these blobs (a listing page at a time). */
    async findInfos(sha256s: string[]): Promise<MediaInfo[]> {
      if (sha256s.length === 0) {
        return [];
      }
      return (
        await db.selectFrom('media_info').selectAll().where('sha256', 'in', sha256s).execute()
      ).map(toInfo);
    },

    /** Records facts once; a second analysis of the same bytes (another node) changes nothing. */
    async saveInfo(info: MediaInfo, at: string): Promise<void> {
      await db
        .insertInto('media_info')
        .values({
          sha256: info.sha256,
          detected_type: info.detectedType,
          kind: info.kind,
          width: info.width,
          height: info.height,
          duration_ms: info.durationMs,
          video_codec: info.videoCodec,
          audio_codec: info.audioCodec,
          analyzed_at: at,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async findThumbnail(
      sourceSha256: string,
      sizeName: string,
    ): Promise<ThumbnailRecord | undefined> {
      const row = await db
        .selectFrom('media_thumbnails')
        .selectAll()
        .where('source_sha256', '=', sourceSha256)
        .where('size_name', '=', sizeName)
        .executeTakeFirst();
      return row === undefined ? undefined : toThumbnail(row);
    },

    /**
     * Thumbnails whose source no file references any more (its blob row is gone or at zero
     * references): their blob references are due for release.
     */
    async listOrphanedThumbnails(limit: number): Promise<ThumbnailRecord[]> {
      const rows = await db
        .selectFrom('media_thumbnails')
        .leftJoin('blobs', 'blobs.sha256', 'media_thumbnails.source_sha256')
        .selectAll('media_thumbnails')
        .where((eb) => eb.or([eb('blobs.sha256', 'is', null), eb('blobs.ref_count', '<=', 0)]))
        .limit(limit)
        .execute();
      return rows.map(toThumbnail);
    },

    /** Removes a thumbnail row; false when another sweep removed it first. */
    async deleteThumbnail(sourceSha256: string, sizeName: string): Promise<boolean> {
      const result = await db
        .deleteFrom('media_thumbnails')
        .where('source_sha256', '=', sourceSha256)
        .where('size_name', '=', sizeName)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Forgets the facts of blobs that are no longer stored. */
    async deleteOrphanedInfos(): Promise<number> {
      const result = await db
        .deleteFrom('media_info')
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blobs')
                .select('blobs.sha256')
                .whereRef('blobs.sha256', '=', 'media_info.sha256'),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Records a thumbnail; false when another request recorded this one first. */
    async saveThumbnail(thumbnail: ThumbnailRecord, at: string): Promise<boolean> {
      const result = await db
        .insertInto('media_thumbnails')
        .values({
          source_sha256: thumbnail.sourceSha256,
          size_name: thumbnail.sizeName,
          blob_sha256: thumbnail.blobSha256,
          content_type: thumbnail.contentType,
          width: thumbnail.width,
          height: thumbnail.height,
          bytes: thumbnail.bytes,
          created_at: at,
        })
        .onConflict((conflict) => conflict.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type MediaRepository = ReturnType<typeof createMediaRepository>;
