/** ffprobe's audio and subtitle streams of a content (0030), as JSON. */
export interface MediaStreamsTable {
  sha256: string;
  streams: string;
  analyzed_at: string;
}

/** A converted track of a content (a subtitle's WebVTT, a storyboard); one reference to `blob_sha256`. */
export interface MediaTrackCacheTable {
  source_sha256: string;
  track_key: string;
  blob_sha256: string;
  content_type: string;
  bytes: number | string;
  /** JSON: what the player needs besides the bytes (a storyboard's grid). */
  meta: string;
  created_at: string;
}

/** A subtitle file a member picked for a video of theirs (0030). */
export interface MediaPickedSubtitleTable {
  user_id: string;
  video_file_id: string;
  subtitle_file_id: string;
  created_at: string;
}

/** A member's remembered player choices (0030). */
export interface MediaPreferencesTable {
  user_id: string;
  audio_language: string;
  subtitle_language: string;
  subtitle_size: string;
  subtitle_position: string;
  updated_at: string;
}
