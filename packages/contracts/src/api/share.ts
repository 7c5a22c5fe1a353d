import { z } from 'zod';
import { listLimitSchema } from './paging';
import { passCodeOptionSchema, shareStatusSchema, sortOrderParamSchema } from '../enum-schemas';
import { maxZipIds, zipBodySchema } from './content';
import { defineEndpoint } from './endpoint';
import { fileSchema } from './file';
import { mediaCodecsQuerySchema } from './video';

const idSchema = z.string().min(1).max(64);
/** A share id as visitors give it; anything malformed simply finds no share. */
const shareIdSchema = z.string().max(64).default('');
const tokenSchema = z.string().max(1024).default('');
const thumbnailSizeSchema = z.enum(['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE']).optional();
const flagSchema = z.enum(['true', 'false', '1', '0']).optional();
const countSchema = z.coerce.number().int();

/** `POST /drive/v1/share`. */
export const createShareBodySchema = z.object({
  file_ids: z.array(idSchema).min(1).max(1000),
  share_to: z
    .string()
    .max(32)
    .regex(/^[A-Za-z0-9_.-]*$/)
    .default(''),
  expiration_days: countSchema.default(-1),
  pass_code_option: passCodeOptionSchema.default('REQUIRED'),
  custom_pass_code: z.string().max(64).optional(),
  restore_limit: countSchema.default(-1),
  title: z.string().max(1024).optional(),
});

export const createShareAnswerSchema = z.object({
  share_id: z.string(),
  share_url: z.string(),
  pass_code: z.string(),
  share_text: z.string(),
});

/** ShareSummary of docs/api.md#shares. */
export const shareSummarySchema = z.object({
  share_id: z.string(),
  share_url: z.string(),
  share_status: shareStatusSchema,
  title: z.string(),
  pass_code: z.string(),
  file_num: z.string(),
  file_id: z.string(),
  file_kind: z.string(),
  file_size: z.string(),
  expiration_days: z.string(),
  expiration_at: z.string(),
  expiration_left: z.string(),
  restore_count: z.string(),
  restore_limit: z.string(),
  view_count: z.string(),
  create_time: z.string(),
  thumbnail_link: z.string(),
  /** Why moderation changed the share (a `moderationReasons` code), `''` when it did not. */
  moderation_reason: z.string(),
  /** That reason in the caller's language. */
  moderation_reason_text: z.string(),
});

export const listSharesQuerySchema = z.object({
  limit: listLimitSchema,
  page_token: z.string().max(1024).optional(),
  filters: z.string().max(8192).optional(),
});

export const shareListSchema = z.object({
  data: z.array(shareSummarySchema),
  next_page_token: z.string(),
});

export const shareIdParamsSchema = z.object({ share_id: idSchema });

/** `PATCH /drive/v1/share/{share_id}`; `custom_pass_code` `""` removes the pass code. */
export const updateShareBodySchema = z.object({
  custom_pass_code: z.string().max(64).optional(),
  expiration_days: countSchema.optional(),
  restore_limit: countSchema.optional(),
});

export const shareIdsBodySchema = z.object({ ids: z.array(idSchema).min(1).max(1000) });

const pageQuery = {
  limit: listLimitSchema,
  page_token: z.string().max(4096).optional(),
  order: sortOrderParamSchema.optional(),
  /** Folders before files whatever the order (the share display mode's "folders on top"). */
  folders_first: flagSchema,
  thumbnail_size: thumbnailSizeSchema,
};

/** `GET /drive/v1/share`. */
export const openShareQuerySchema = z.object({
  share_id: shareIdSchema,
  pass_code: z.string().max(64).optional(),
  pass_code_token: tokenSchema,
  ...pageQuery,
});

const statusFields = { share_status: shareStatusSchema, share_status_text: z.string() };

export const openShareAnswerSchema = z.object({
  ...statusFields,
  pass_code_token: z.string(),
  title: z.string(),
  file_num: z.string(),
  expiration_left: z.string(),
  expiration_left_seconds: z.string(),
  restore_count_left: z.string(),
  user_info: z.object({ user_id: z.string(), nickname: z.string(), avatar: z.string() }),
  files: z.array(fileSchema),
  next_page_token: z.string(),
});

/** `GET /drive/v1/share/detail`. */
export const shareDetailQuerySchema = z.object({
  share_id: shareIdSchema,
  parent_id: z.string().max(64).default(''),
  pass_code_token: tokenSchema,
  ...pageQuery,
});

export const shareDetailAnswerSchema = z.object({
  ...statusFields,
  files: z.array(fileSchema),
  next_page_token: z.string(),
});

/** `GET /drive/v1/share/file_info`. */
export const shareFileInfoQuerySchema = z.object({
  share_id: shareIdSchema,
  file_id: z.string().max(64).default(''),
  pass_code_token: tokenSchema,
  thumbnail_size: thumbnailSizeSchema,
  media_codecs: mediaCodecsQuerySchema,
});

export const shareFileInfoAnswerSchema = z.object({
  ...statusFields,
  file_info: fileSchema.nullable(),
});

/** `POST /drive/v1/share:batch_file_info`. */
export const batchFileInfoBodySchema = z.object({
  share_id: shareIdSchema,
  pass_code_token: tokenSchema,
  file_ids: z.array(idSchema).min(1).max(100),
});

export const batchFileInfoAnswerSchema = z.object({ ...statusFields, files: z.array(fileSchema) });

/** `POST /drive/v1/share/restore`; `share_user_id` and `gcids` must agree with the share when given. */
export const restoreBodySchema = z.object({
  share_id: shareIdSchema,
  pass_code_token: tokenSchema,
  file_ids: z.array(idSchema).max(1000).default([]),
  ancestor_ids: z.array(idSchema).max(256).default([]),
  parent_id: z.string().max(64).default(''),
  specify_parent_id: z.boolean().default(false),
  share_user_id: z.string().max(64).optional(),
  gcids: z.array(z.string().max(64)).max(1000).optional(),
});

export const restoreAnswerSchema = z.object({
  ...statusFields,
  restore_status: z.enum(['RESTORE_UNKNOWN', 'RESTORE_START', 'RESTORE_COMPLETE']),
  restore_task_id: z.string(),
  file_id: z.string(),
});

/** `POST /drive/v1/share:zip`: `file_ids` `[]` is the whole share; `ancestor_ids` as a save's. */
export const shareZipBodySchema = z.object({
  share_id: shareIdSchema,
  pass_code_token: tokenSchema,
  file_ids: z.array(idSchema).max(maxZipIds).default([]),
  ancestor_ids: z.array(idSchema).max(256).default([]),
  name: zipBodySchema.shape.name,
});

export const shareZipAnswerSchema = z.object({
  ...statusFields,
  kind: z.literal('drive#zip'),
  name: z.string(),
  url: z.string(),
  token: z.string(),
  expire: z.string(),
});

/** `POST /audit.admin/v1/share`: a report for review. */
export const reportShareBodySchema = z.object({
  share_id: idSchema,
  share_user_id: z.string().max(64).default(''),
  gcids: z.array(z.string().max(64)).max(1000).default([]),
  file_ids: z.array(idSchema).max(1000).default([]),
  /** Why the share is reported; docs/product.md#calls's call sends none, so it may be empty. */
  reason: z.string().trim().max(1000).default(''),
});

export const reportAnswerSchema = z.object({ report_id: z.string() });

export const moderationBodySchema = z.object({
  audit_status: z.enum(['OK', 'AUDITING', 'SENSITIVE_RESOURCE', 'SENSITIVE_WORD', 'PROHIBITED']),
});

export const moderatedFileParamsSchema = z.object({ file_id: idSchema });

export type ShareSummary = z.infer<typeof shareSummarySchema>;
export type ShareList = z.infer<typeof shareListSchema>;
export type CreateShareAnswer = z.infer<typeof createShareAnswerSchema>;
export type OpenShareAnswer = z.infer<typeof openShareAnswerSchema>;
export type ShareDetailAnswer = z.infer<typeof shareDetailAnswerSchema>;
export type ShareFileInfoAnswer = z.infer<typeof shareFileInfoAnswerSchema>;
export type RestoreAnswer = z.infer<typeof restoreAnswerSchema>;
export type ShareZipAnswer = z.infer<typeof shareZipAnswerSchema>;

const tags = ['share'] as const;

/**
 * Shares (docs/api.md#shares): the owner's links, what visitors open and save, and reports and
 * moderation (`/audit.admin/v1`).
 */
export const shareApi = {
  create: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/share',
    summary:
      'Share files and folders behind a link (pass code generated or custom, expiry, restore limit)',
    tags,
    auth: 'member',
    body: createShareBodySchema,
    answer: createShareAnswerSchema,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/share/list',
    summary:
      "The member's share links, newest first; `filters` on `share_status` (`eq`, `in`) and `file_id` (`eq`: the links that chose that item of the member's; another's is `file_not_found`)",
    tags,
    auth: 'member',
    query: listSharesQuerySchema,
    answer: shareListSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/drive/v1/share/:share_id',
    summary:
      'Change a link: `custom_pass_code` (`""` removes it), `expiration_days` (from now), `restore_limit`',
    tags,
    auth: 'member',
    params: shareIdParamsSchema,
    body: updateShareBodySchema,
    answer: shareSummarySchema,
  }),
  batchDelete: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/share::batchDelete',
    summary: 'End links; visitors then see `DELETED`',
    tags,
    auth: 'member',
    body: shareIdsBodySchema,
  }),
  open: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/share',
    summary: 'Open a share with its pass code or pass-code token: its status and chosen items',
    tags,
    auth: 'visitor',
    query: openShareQuerySchema,
    answer: openShareAnswerSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/share/detail',
    summary: 'A folder at any depth inside a share',
    tags,
    auth: 'visitor',
    query: shareDetailQuerySchema,
    answer: shareDetailAnswerSchema,
  }),
  fileInfo: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/share/file_info',
    summary:
      'One item inside a share, with its signed preview and download links (bound to the share: they stop when it stops holding the item)',
    tags,
    auth: 'visitor',
    query: shareFileInfoQuerySchema,
    answer: shareFileInfoAnswerSchema,
  }),
  batchFileInfo: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/share::batch_file_info',
    summary: 'Several items inside a share; one id outside it makes the answer `NOT_FOUND`',
    tags,
    auth: 'visitor',
    body: batchFileInfoBodySchema,
    answer: batchFileInfoAnswerSchema,
  }),
  zip: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/share::zip',
    summary:
      'A signed link to a zip of items inside a share (folders with everything inside), streamed when the link is opened',
    description:
      'Signed-in members only: a visitor without credentials gets `login_required` (401). `file_ids` are items at any depth inside the share (`[]` = all its items, at most 100), `ancestor_ids` the folders opened to reach them, as for a save; an id outside the share answers `NOT_FOUND`, and every unreadable share answers 200 with its `share_status` and empty link fields. A moderated item chosen by id answers its state; moderated files and folders inside chosen folders are left out of the zip. The link (`url`, valid as content links are) checks the share and the items again when opened, and answers `file_not_found` once they are no longer readable',
    tags,
    auth: 'member',
    body: shareZipBodySchema,
    answer: shareZipAnswerSchema,
  }),
  restore: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/share/restore',
    summary:
      'Save a share (or chosen items) into the drive by reference: into `parent_id`, or "Saved from shares"; `file_id` is the folder it lands in',
    description:
      "Up to 1,000 items the save is done when the call answers (`RESTORE_COMPLETE`); a larger one answers `RESTORE_START` at once and runs as the `restore` task `restore_task_id` (poll `GET /drive/v1/tasks/{id}`: `progress`, `phase`, and `params.trace_file_ids` when complete). Chosen items may lie at any depth; `ancestor_ids` names the folders opened to reach them (from the share's root down), each of which must lie above every chosen item, else `NOT_FOUND`",
    tags,
    auth: 'member',
    body: restoreBodySchema,
    answer: restoreAnswerSchema,
  }),
  report: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/share',
    summary: 'Report a share for review (signed in or not; limited per address)',
    tags: ['audit'],
    auth: 'visitor',
    body: reportShareBodySchema,
    answer: reportAnswerSchema,
  }),
  moderateShare: defineEndpoint({
    method: 'PATCH',
    path: '/audit.admin/v1/shares/:share_id',
    summary: "Set a share's moderation state (admins only)",
    tags: ['audit'],
    auth: 'member',
    roles: [],
    params: shareIdParamsSchema,
    body: moderationBodySchema,
  }),
  moderateFile: defineEndpoint({
    method: 'PATCH',
    path: '/audit.admin/v1/files/:file_id',
    summary:
      "Set a file's moderation state (admins only); shares showing it answer that status for it",
    tags: ['audit'],
    auth: 'member',
    roles: [],
    params: moderatedFileParamsSchema,
    body: moderationBodySchema,
  }),
} as const;
