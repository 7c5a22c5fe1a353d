/** Playback facts of a video content (migration 0031-video-facts). */
export interface VideoFactsTable {
  sha256: string;
  /** JSON of `VideoFacts` (apps/server/src/modules/video/video-facts.ts). */
  facts: string;
  /** JSON array of keyframe times in seconds; null until a remux first needs them. */
  keyframes: string | null;
  probed_at: string;
}
