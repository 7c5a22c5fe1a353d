import { z } from 'zod';
import { listLimitSchema } from './paging';
import { eventTypeSchema } from '../enum-schemas';
import { defineEndpoint } from './endpoint';

/** An event of the drive's recent list. */
export const eventSchema = z
  .object({
    kind: z.literal('drive#event'),
    id: z.string(),
    type: eventTypeSchema.describe(
      'What happened: TYPE_UPLOAD, TYPE_RESTORE (from a share or the trash), TYPE_PLAY, TYPE_VIEW, TYPE_DOWNLOAD, TYPE_OFFLINE',
    ),
    type_name: z.string().describe("The type's name in the caller's language"),
    file_id: z.string(),
    file_name: z.string().describe("The file's name now"),
    file_kind: z.enum(['drive#file', 'drive#folder']),
    file_category: z.string(),
    mime_type: z.string(),
    icon_link: z.string().describe('`""` until the file has an icon'),
    thumbnail_link: z
      .string()
      .describe(
        'A signed link of the file\'s thumbnail in `thumbnail_size` (default SIZE_SMALL), as in file listings; `""` when the file has none',
      ),
    params: z
      .record(z.string(), z.string())
      .describe('Extra facts, e.g. `share_id` of a restore from a share'),
    created_time: z.string(),
  })
  .describe(
    "Something that happened to one of the member's files; only live files' events are listed",
  );

/** `GET /drive/v1/events` query. */
export const listEventsQuerySchema = z.object({
  filters: z
    .string()
    .max(8192)
    .optional()
    .describe('JSON: `{"type": {"eq"|"in": "TYPE_UPLOAD,TYPE_RESTORE"}}`'),
  limit: listLimitSchema,
  page_token: z.string().max(8192).optional(),
  next_page_token: z
    .string()
    .max(8192)
    .optional()
    .describe(
      "Another name of `page_token` (the previous answer's `next_page_token`), as some clients send it",
    ),
  thumbnail_size: z
    .enum(['SIZE_SMALL', 'SIZE_MEDIUM', 'SIZE_LARGE'])
    .optional()
    .describe('Size of the `thumbnail_link`s, as in `GET /drive/v1/files`'),
});

export const eventListSchema = z.object({
  events: z.array(eventSchema),
  next_page_token: z.string(),
});

export type DriveEvent = z.infer<typeof eventSchema>;

/** The drive's recent events (docs/api.md#files). */
export const eventApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/events',
    summary: "A page of the member's recent events (uploads, restores, plays, ...), newest first",
    tags: ['drive'],
    auth: 'member',
    query: listEventsQuerySchema,
    answer: eventListSchema,
  }),
} as const;
