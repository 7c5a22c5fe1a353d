import { z } from 'zod';
import { listLimitSchema } from './paging';
import { sortOrderParamSchema } from '../enum-schemas';
import { defineEndpoint } from './endpoint';
import { createUrlTaskBodySchema, urlTaskAnswerSchema } from './offline';
import { fileSchema } from './file';
import { mediaCodecsQuerySchema } from './video';
import { createFileBodySchema, uploadAnswerSchema } from './upload';

const idSchema = z.string().min(1).max(64);
const parentIdSchema = z.string().max(64).default('');

/** `GET /drive/v1/files` query. */
export const listFilesQuerySchema = z.object({
  parent_id: z.string().max(64).default(''),
  filters: z.string().max(8192).optional(),
  limit: listLimitSchema,
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
  media_codecs: mediaCodecsQuerySchema,
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

/** A folder of a path: its name and the folder it is in (`""` is the root). */
export const folderLinkSchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string(),
});
export type FolderLink = z.infer<typeof folderLinkSchema>;

export const folderChainsAnswerSchema = z.object({ folders: z.array(folderLinkSchema) });

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
export type DriveFileList = z.infer<typeof fileListSchema>;
export type DriveAbout = z.infer<typeof aboutSchema>;

const tags = ['drive'] as const;

/** Files and folders (docs/api.md#files) and `about`. */
export const driveApi = {
  about: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/about',
    summary: "The member's storage quota and usage",
    tags,
    auth: 'member',
    answer: aboutSchema,
  }),
  listFiles: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/files',
    summary: 'A page of a folder (`parent_id`, `*` for every folder), filtered and sorted',
    tags,
    auth: 'member',
    query: listFilesQuerySchema,
    answer: fileListSchema,
  }),
  createFile: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files',
    summary:
      'Create a folder, a PENDING file and its upload (tus `resumable` or `form`, and `proof` for instant upload when `hash` is given), or an offline download task (`upload_type: UPLOAD_TYPE_URL`); a taken name becomes `name(1)`',
    tags,
    auth: 'member',
    body: z.union([createFolderBodySchema, createFileBodySchema, createUrlTaskBodySchema]),
    answer: z.union([createFolderAnswerSchema, uploadAnswerSchema, urlTaskAnswerSchema]),
  }),
  getFile: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/files/:id',
    summary: 'One file or folder, with signed download, thumbnail and playback links',
    tags,
    auth: 'member',
    params: fileIdParamsSchema,
    query: getFileQuerySchema,
    answer: fileSchema,
  }),
  renameFile: defineEndpoint({
    method: 'PATCH',
    path: '/drive/v1/files/:id',
    summary: 'Rename; a name taken in the folder is `file_duplicated_name`',
    tags,
    auth: 'member',
    params: fileIdParamsSchema,
    body: renameBodySchema,
    answer: fileSchema,
  }),
  folderChains: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::folderChains',
    summary:
      "The folders that hold items, for their paths: the folders among `ids`, the folders of the files among them, and every folder above, up to the root, in any order (read in one query). Others' and absent ids are left out",
    tags,
    auth: 'member',
    body: idsBodySchema,
    answer: folderChainsAnswerSchema,
  }),
  star: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::star',
    summary: 'Star items',
    tags,
    auth: 'member',
    body: idsBodySchema,
    answer: idsAnswerSchema,
  }),
  unstar: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::unstar',
    summary: 'Unstar items',
    tags,
    auth: 'member',
    body: idsBodySchema,
    answer: idsAnswerSchema,
  }),
  batchTrash: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::batchTrash',
    summary: 'Put items in the trash',
    tags,
    auth: 'member',
    body: idsBodySchema,
    answer: taskIdAnswerSchema,
  }),
  batchUntrash: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::batchUntrash',
    summary: 'Return items to their original folder (made again if gone)',
    tags,
    auth: 'member',
    body: idsBodySchema,
    answer: taskIdAnswerSchema,
  }),
  batchDelete: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::batchDelete',
    summary: 'Delete items for good',
    tags,
    auth: 'member',
    body: idsBodySchema,
    answer: taskIdAnswerSchema,
  }),
  batchMove: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::batchMove',
    summary: 'Move items into a folder',
    tags,
    auth: 'member',
    body: moveBodySchema,
    answer: taskIdAnswerSchema,
  }),
  batchCopy: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::batchCopy',
    summary: 'Copy items into a folder (the copies share the content)',
    tags,
    auth: 'member',
    body: moveBodySchema,
    answer: taskIdAnswerSchema,
  }),
  emptyTrash: defineEndpoint({
    method: 'PATCH',
    path: '/drive/v1/files/trash::empty',
    summary: 'Delete everything in the trash for good',
    tags,
    auth: 'member',
    answer: taskIdAnswerSchema,
  }),
} as const;
