import { z } from 'zod';

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
  links: z.record(
    z.string(),
    z.object({ url: z.string(), token: z.string(), expire: z.string(), type: z.string() }),
  ),
  medias: z.array(z.unknown()),
  audit: z.object({ status: z.string(), message: z.string() }),
  params: z.record(z.string(), z.string()),
  space: z.string(),
  writable: z.boolean(),
  folder_type: z.string(),
});
export type DriveFile = z.infer<typeof fileSchema>;
