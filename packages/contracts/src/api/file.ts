import { z } from 'zod';
import { renditionSchema } from './video';

/** A signed link to a File's bytes (docs/api.md#files `links` and a rendition's `link`). */
const fileLinkSchema = z.object({
  url: z.string(),
  token: z.string(),
  expire: z.string(),
  type: z.string(),
});

/**
 * A playable rendition of a video or a song (a File's `medias`): the original, flagged not
 * playable when a browser cannot decode its audio.
 */
export const fileMediaSchema = z.object({
  media_id: z.string(),
  media_name: z.string(),
  video: z.object({
    width: z.number(),
    height: z.number(),
    /** Seconds. */
    duration: z.number(),
    video_codec: z.string(),
    audio_codec: z.string(),
  }),
  link: fileLinkSchema,
  is_origin: z.boolean(),
  is_default: z.boolean(),
  is_playable: z.boolean(),
  unsupported_codecs: z.array(z.string()),
  /** Which rendition this is; `link` of any but `original` is an HLS playlist. */
  rendition: renditionSchema.optional(),
});
export type FileMedia = z.infer<typeof fileMediaSchema>;

/** The File of docs/api.md#files. */
export const fileSchema = z.object({
  kind: z.enum(['drive#file', 'drive#folder']),
  id: z.string(),
  parent_id: z.string(),
  name: z.string(),
  size: z.string(),
  hash: z.string(),
  mime_type: z.string(),
  file_extension: z.string(),
  file_category: z.string(),
  phase: z.string(),
  trashed: z.boolean(),
  delete_time: z.string(),
  starred: z.boolean(),
  tags: z.array(z.object({ name: z.string() })),
  created_time: z.string(),
  modified_time: z.string(),
  thumbnail_link: z.string(),
  web_content_link: z.string(),
  links: z.record(z.string(), fileLinkSchema),
  medias: z.array(fileMediaSchema),
  audit: z.object({ status: z.string(), message: z.string() }),
  params: z.record(z.string(), z.string()),
  space: z.string(),
  writable: z.boolean(),
  folder_type: z.string(),
});
export type DriveFile = z.infer<typeof fileSchema>;
