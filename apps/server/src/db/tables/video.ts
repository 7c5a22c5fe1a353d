import type { ColumnType } from 'kysely';

/** Playback facts of a video content (migration 0031-video-facts). */
export interface VideoFactsTable {
  sha256: string;
  /** JSON of `VideoFacts` (apps/server/src/modules/video/video-facts.ts). */
  facts: string;
  /** JSON array of keyframe times in seconds; null until a remux first needs them. */
  keyframes: string | null;
  probed_at: string;
}

/** A video waiting to be prepared at ingest, or prepared, or failed (0032). */
export interface VideoPrepareJobTable {
  sha256: string;
  /** The uploaded file's extension, which picks the demuxer ffprobe is allowed. */
  extension: string;
  /** `pending`, `running`, `done` or `failed`. */
  phase: string;
  lease_owner: string | null;
  lease_until: string | null;
  /** Why a failed video could not be prepared. */
  reason: string;
  /** The id of the API request that queued it (0062), named on the worker's lines; `''` if none. */
  request_id: ColumnType<string, string | undefined, string>;
  created_at: string;
  updated_at: string;
}
