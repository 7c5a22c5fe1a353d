import type { MediaPreferences } from '@nimbus/contracts';
import type { MediaTracksRepository } from './media-tracks.repository';

/** What a member who never chose has: the file's default audio, no subtitles, medium, at the bottom. */
export const defaultMediaPreferences: MediaPreferences = {
  audio_language: '',
  subtitle_language: '',
  subtitle_size: 'medium',
  subtitle_position: 'bottom',
};

const sizes = new Set<string>(['small', 'medium', 'large']);
const positions = new Set<string>(['bottom', 'top']);

/** A member's remembered player choices (`GET`/`PUT /drive/v1/media_preferences`). */
export function createMediaPreferencesService(deps: {
  tracks: Pick<MediaTracksRepository, 'findPreferences' | 'savePreferences'>;
  now: () => Date;
}) {
  async function get(userId: string): Promise<MediaPreferences> {
    const stored = await deps.tracks.findPreferences(userId);
    if (!stored) {
      return defaultMediaPreferences;
    }
    return {
      audio_language: stored.audioLanguage,
      subtitle_language: stored.subtitleLanguage,
      subtitle_size: sizes.has(stored.subtitleSize)
        ? (stored.subtitleSize as MediaPreferences['subtitle_size'])
        : defaultMediaPreferences.subtitle_size,
      subtitle_position: positions.has(stored.subtitlePosition)
        ? (stored.subtitlePosition as MediaPreferences['subtitle_position'])
        : defaultMediaPreferences.subtitle_position,
    };
  }

  return {
    get,

    /** Changes the given choices; the others keep their value. */
    async update(userId: string, change: Partial<MediaPreferences>): Promise<MediaPreferences> {
      const next = { ...(await get(userId)) };
      for (const [key, value] of Object.entries(change)) {
        if (value !== undefined) {
          Object.assign(next, { [key]: value });
        }
      }
      await deps.tracks.savePreferences(
        userId,
        {
          audioLanguage: next.audio_language,
          subtitleLanguage: next.subtitle_language,
          subtitleSize: next.subtitle_size,
          subtitlePosition: next.subtitle_position,
        },
        deps.now().toISOString(),
      );
      return next;
    },
  };
}

export type MediaPreferencesService = ReturnType<typeof createMediaPreferencesService>;
