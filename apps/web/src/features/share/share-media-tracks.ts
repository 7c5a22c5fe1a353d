import type { MediaTracks } from '@nimbus/contracts';
import { mediaTracksRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/**
 * A shared video's audio streams, subtitles and storyboard, through the share's own access
 * (docs/api.md#media-tracks); loaded with the viewer, off the share page's first load.
 */
export function shareMediaTracks(
  shareId: string,
  passCodeToken: string,
  fileId: string,
): Promise<MediaTracks> {
  return browserClient().call(mediaTracksRoutes.shareList, {
    query: { share_id: shareId, file_id: fileId, pass_code_token: passCodeToken },
  });
}
