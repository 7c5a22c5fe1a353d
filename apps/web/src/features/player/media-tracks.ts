import type { StorageLike } from '@nimbus/client';
import type { AudioTrack, MediaPreferences, MediaTracks, SubtitleTrack } from '@nimbus/contracts';
import { readStoredObject } from '@nimbus/client';

/*
 * A video's audio streams, subtitles and seek-bar storyboard (docs/api.md#media-tracks)
 * and the member's remembered choices (`media_preferences`), as the player reads them.
 */

export type { AudioTrack, MediaPreferences, MediaTracks, SubtitleTrack };

export const noTracks: MediaTracks = { audio: [], subtitles: [], storyboard: null };

export const defaultMediaPreferences: MediaPreferences = {
  audio_language: '',
  subtitle_language: '',
  subtitle_size: 'medium',
  subtitle_position: 'bottom',
};

/** Local storage key of the choices of a visitor, or of a member while the server has none. */
export const mediaPreferencesKey = 'nimbus.player.preferences';

/** The stored choices, each field checked; defaults fill the gaps. */
export function readMediaPreferences(storage: Pick<StorageLike, 'getItem'>): MediaPreferences {
  const stored = readStoredObject(storage, mediaPreferencesKey) ?? {};
  return normaliseMediaPreferences(stored);
}

/** Choices from anywhere (storage, the server), kept only where each field makes sense. */
export function normaliseMediaPreferences(value: Record<string, unknown>): MediaPreferences {
  const text = (field: unknown) => (typeof field === 'string' ? field.slice(0, 35) : '');
  return {
    audio_language: text(value.audio_language),
    subtitle_language: text(value.subtitle_language),
    subtitle_size: (['small', 'medium', 'large'] as const).includes(
      value.subtitle_size as MediaPreferences['subtitle_size'],
    )
      ? (value.subtitle_size as MediaPreferences['subtitle_size'])
      : 'medium',
    subtitle_position: value.subtitle_position === 'top' ? 'top' : 'bottom',
  };
}

export function writeMediaPreferences(storage: StorageLike, preferences: MediaPreferences): void {
  try {
    storage.setItem(mediaPreferencesKey, JSON.stringify(preferences));
  } catch {
    // Storage full or refused: the choices last as long as the page.
  }
}

/** Whether a language tag is the remembered one ("en" matches "en-US" and the other way). */
function sameLanguage(a: string, b: string): boolean {
  const base = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return a !== '' && b !== '' && base(a) === base(b);
}

/** The audio stream to play: the remembered language's, else the file's default (undefined: the playlist's own). */
export function audioTrackFor(
  tracks: readonly AudioTrack[],
  preferences: MediaPreferences,
): AudioTrack | undefined {
  if (tracks.length < 2) {
    return undefined;
  }
  return (
    tracks.find((track) => sameLanguage(track.language, preferences.audio_language)) ??
    tracks.find((track) => track.is_default) ??
    tracks[0]
  );
}

/** The subtitle shown at start: the remembered language's text track, else none. */
export function subtitleTrackFor(
  tracks: readonly SubtitleTrack[],
  preferences: MediaPreferences,
): SubtitleTrack | undefined {
  return tracks.find(
    (track) => track.link !== null && sameLanguage(track.language, preferences.subtitle_language),
  );
}
