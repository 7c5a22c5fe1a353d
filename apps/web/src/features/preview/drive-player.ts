import { defaultStorage } from '@nimbus/client';
import { fileExtensionOf } from '@nimbus/contracts';
import { driveRoutes, mediaTracksRoutes } from '@nimbus/contracts/routes';
import type { PreferenceStore, SubtitleSource } from '@/features/player';
import {
  localPreferenceStore,
  normaliseMediaPreferences,
  writeMediaPreferences,
} from '@/features/player';
import { browserClient } from '@/lib/api/browser-client';
import type { PreviewPlayerOptions } from './preview-views';

/*
 * The drive's video player calls (docs/api.md#media-tracks): the file's tracks, the member's
 * remembered choices on the server (this browser keeps a copy for when it cannot answer) and
 * subtitle files of the drive to pick from.
 */

/** The subtitle formats the server converts to WebVTT. */
const subtitleExtensions = new Set(['srt', 'vtt', 'ass', 'ssa']);

/** The member's choices: the server's, copied into this browser; this browser's when the server fails. */
export const memberPreferenceStore: PreferenceStore = {
  load: async () => {
    try {
      const stored = normaliseMediaPreferences(
        await browserClient().call(mediaTracksRoutes.getPreferences, {}),
      );
      writeMediaPreferences(defaultStorage(), stored);
      return stored;
    } catch {
      return localPreferenceStore.load();
    }
  },
  save: async (preferences) => {
    await localPreferenceStore.save(preferences);
    return browserClient().call(mediaTracksRoutes.putPreferences, { body: preferences });
  },
};

async function subtitleFilesIn(query: { parent_id: string; filters: string }) {
  const { files } = await browserClient().call(driveRoutes.listFiles, {
    query: { ...query, limit: 500 },
  });
  return files
    .filter(
      (file) => file.kind === 'drive#file' && subtitleExtensions.has(fileExtensionOf(file.name)),
    )
    .map((file) => ({ id: file.id, name: file.name }));
}

/** Subtitle files beside the video, or found by name anywhere in the drive. */
export const driveSubtitleSource: SubtitleSource = {
  find: async (videoId, text) => {
    const onlyFiles = { kind: { eq: 'drive#file' } };
    if (text) {
      return subtitleFilesIn({
        parent_id: '*',
        filters: JSON.stringify({ ...onlyFiles, name: { contains: text } }),
      });
    }
    const video = await browserClient().call(driveRoutes.getFile, { params: { id: videoId } });
    return subtitleFilesIn({ parent_id: video.parent_id, filters: JSON.stringify(onlyFiles) });
  },
  pick: (videoId, subtitleFileId) =>
    browserClient().call(mediaTracksRoutes.pick, {
      params: { id: videoId },
      body: { subtitle_file_id: subtitleFileId },
    }),
};

/** The video player of the member's own drive. */
export const drivePlayerOptions: PreviewPlayerOptions = {
  loadTracks: (id) => browserClient().call(mediaTracksRoutes.list, { params: { id } }),
  preferences: memberPreferenceStore,
  subtitles: driveSubtitleSource,
};
