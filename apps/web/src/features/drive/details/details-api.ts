import type { DriveFile as ApiFile } from '@nimbus/contracts';
import { driveRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';
import { listShares, type ShareSummary } from '@/features/share/owner/share-api';

/*
 * What the details panel reads (docs/api.md#files, docs/api.md#shares): the whole File, with its
 * hash and media facts, and the member's active links that chose the item.
 */

/** The File of docs/api.md#files with every field the panel shows. */
export type DetailedFile = Pick<
  ApiFile,
  | 'kind'
  | 'id'
  | 'parent_id'
  | 'name'
  | 'size'
  | 'hash'
  | 'mime_type'
  | 'file_extension'
  | 'file_category'
  | 'created_time'
  | 'modified_time'
  | 'thumbnail_link'
  | 'medias'
  | 'params'
>;

/** `GET /drive/v1/files/{id}` with a thumbnail the size of the panel's picture. */
export async function getFileDetails(id: string, signal: AbortSignal): Promise<DetailedFile> {
  return browserClient().call(
    driveRoutes.getFile,
    { params: { id }, query: { thumbnail_size: 'SIZE_MEDIUM' } },
    { signal },
  );
}

/** At most this many links of one item are shown; the shared links page has them all. */
const sharesShown = 50;

/** The member's active links that chose this item, newest first. */
export async function listItemShares(id: string, signal: AbortSignal): Promise<ShareSummary[]> {
  const filters = JSON.stringify({ file_id: { eq: id }, share_status: { eq: 'OK' } });
  return (await listShares(undefined, sharesShown, filters, signal)).data;
}

/** The media facts the server found: picture or video dimensions, duration and codecs. */
export interface MediaFacts {
  width: number;
  height: number;
  /** Whole seconds; 0 when unknown. */
  duration: number;
  videoCodec: string;
  audioCodec: string;
}

/** The media facts of a File: its playable original's, else its `params` (pictures). */
export function mediaFactsOf(file: Pick<DetailedFile, 'medias' | 'params'>): MediaFacts {
  const video = file.medias.find((media) => media.is_origin)?.video ?? file.medias[0]?.video;
  const width = video?.width || Number(file.params.width ?? 0) || 0;
  const height = video?.height || Number(file.params.height ?? 0) || 0;
  return {
    width,
    height,
    duration: video?.duration || Number(file.params.duration ?? 0) || 0,
    videoCodec: video?.video_codec ?? '',
    audioCodec: video?.audio_codec ?? '',
  };
}
