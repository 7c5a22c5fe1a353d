import { sortOrderParamSchema } from '@nimbus/contracts';
import { z } from 'zod';

const idSchema = z.string().min(1).max(64);
const parentIdSchema = z.string().max(64).default('');

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

/** `GET /drive/v1/files` query. */
export const listFilesQuerySchema = z.object({
  parent_id: z.string().max(64).default(''),
  filters: z.string().max(8192).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  page_token: z.string().max(8192).optional(),
  order: sortOrderParamSchema.optional(),
  /** Folders before files whatever the order (the display mode's "folders on top"). */
  folders_first: z.enum(['true', 'false', '1', '0']).optional(),
  thumbnail_size: z.enum(['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE']).optional(),
});

export const fileListSchema = z.object({
  kind: z.literal('drive#fileList'),
  files: z.array(fileSchema),
  next_page_token: z.string(),
});

/** `POST /drive/v1/files` for a folder (files arrive with uploads). */
export const createFolderBodySchema = z.object({
  kind: z.literal('drive#folder'),
  name: z.string().max(4096),
  parent_id: parentIdSchema,
});

export const createFolderAnswerSchema = z.object({
  upload_type: z.literal('UPLOAD_TYPE_UNKNOWN'),
  file: fileSchema,
  task: z.null(),
});

export const fileIdParamsSchema = z.object({ id: idSchema });

export const getFileQuerySchema = z.object({
  thumbnail_size: z.enum(['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE']).optional(),
  usage: z
    .enum(['FETCH'])
    .optional()
    .describe(
      '`FETCH`: the File is read to be fetched (docs/api.md#files); links are filled either way, but a member whose monthly download traffic is used up gets download_traffic_exhausted',
    ),
});

export const renameBodySchema = z.object({ name: z.string().max(4096) });

export const idsBodySchema = z.object({ ids: z.array(idSchema).min(1).max(1000) });

export const idsAnswerSchema = z.object({ ids: z.array(z.string()) });

export const moveBodySchema = z.object({
  ids: z.array(idSchema).min(1).max(1000),
  to: z.object({ parent_id: parentIdSchema }),
});

export const taskIdAnswerSchema = z.object({ task_id: z.string() });

export const aboutSchema = z.object({
  kind: z.literal('drive#about'),
  quota: z.object({
    kind: z.literal('drive#quota'),
    limit: z.string(),
    usage: z.string(),
    usage_in_trash: z.string(),
    is_unlimited: z.boolean(),
  }),
  quotas: z.object({
    cloud_download: z.object({ limit: z.string(), usage: z.string() }),
    download_traffic: z.object({ limit: z.string(), usage: z.string() }),
  }),
  /** Usage is above the limit, e.g. after a membership lapsed (the site's `overStorageLimit`). */
  over_storage_limit: z
    .boolean()
    .describe(
      'Usage is above the limit (after a membership lapsed): new uploads, copies and saves fail',
    ),
  /** The day's offline tasks reached the plan's limit (the site's `overFreeTaskLimit`). */
  over_free_task_limit: z
    .boolean()
    .describe(
      'The member created `quotas.cloud_download.limit` offline tasks this UTC day: new ones fail with task_daily_create_limit',
    ),
  expires_at: z
    .string()
    .describe('End of the membership whose plan sets these limits; `""` on the free plan'),
});
