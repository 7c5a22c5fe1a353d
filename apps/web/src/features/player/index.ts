/* The video player of the drive's viewer and the share page. */
export type { VideoPlayerProps } from './video-player';
export { VideoPlayer } from './video-player';
export { browserMediaCodecs } from './media-codecs';
export type { MediaTracks, MediaPreferences } from './media-tracks';
export type { PreferenceStore } from './use-player-choices';
export { usePlayerMemory } from './use-player-memory';
export type { SubtitleSource } from './subtitle-picker';
export { localPreferenceStore } from './use-player-choices';
export {
  normaliseMediaPreferences,
  writeMediaPreferences,
  readMediaPreferences,
} from './media-tracks';
