import path from 'node:path';
import { createMediaPreferencesService } from '../modules/video/tracks/media-preferences.service';
import { createMediaTracksRepository } from '../modules/video/tracks/media-tracks.repository';
import { createMediaTracksService } from '../modules/video/tracks/media-tracks.service';
import { createTrackCache } from '../modules/video/tracks/track-cache';
import { createTrackLinkSigner } from '../modules/video/tracks/track-link';
import { createTrackToolRunner, limitTrackRuns } from '../modules/video/tracks/track-tools';
import type { AuthKeys } from '../modules/user/auth-keys';
import type { Wiring } from './container-options';
import type { createDriveArea, createStorageArea } from './drive';

/** Subtitles, audio tracks and storyboards of videos, and the members' player choices. */
export function createMediaTracksArea(
  { config, database, options, now }: Wiring,
  needs: {
    storage: ReturnType<typeof createStorageArea>;
    drive: ReturnType<typeof createDriveArea>;
    keys: Pick<AuthKeys, 'mediaTrackLink'>;
  },
) {
  const { blobStore, blobs } = needs.storage;
  const tracks = createMediaTracksRepository(database.db);
  const trackCache = createTrackCache({ tracks, blobs, store: blobStore, now });
  const mediaTracks = createMediaTracksService({
    files: needs.drive.files,
    shares: needs.drive.shares,
    media: needs.drive.media,
    store: blobStore,
    tracks,
    cache: trackCache,
    signer: createTrackLinkSigner({
      key: needs.keys.mediaTrackLink,
      origin: config.CONTENT_ORIGIN,
      ttlSeconds: config.CONTENT_LINK_TTL_SECONDS,
      now,
    }),
    // Subtitle and storyboard conversions share the node's cores with the API: two at a time.
    run: limitTrackRuns(
      options.trackRunner ??
        createTrackToolRunner({
          memoryMiB: config.TRANSCODE_MEMORY_MIB,
          niceness: config.TRANSCODE_NICENESS,
        }),
      { maxRunning: 2, maxWaiting: 16 },
    ),
    tools: needs.drive.mediaTools,
    tempDir: path.join(config.DATA_DIR, 'media-tmp'),
    now,
    logger: { warn: (message) => options.logger.info(message) },
  });
  const mediaPreferences = createMediaPreferencesService({ tracks, now });
  return { mediaTracks, mediaPreferences, trackCache };
}
