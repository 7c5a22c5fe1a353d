import { z } from 'zod';
import { taskSourceSchema } from '../enum-schemas';
import { defineEndpoint } from './endpoint';
import { taskSchema } from './task';

/** `POST /drive/v1/files` for an offline download (docs/api.md#files URL task). */
export const createUrlTaskBodySchema = z
  .object({
    kind: z.literal('drive#file'),
    upload_type: z.literal('UPLOAD_TYPE_URL'),
    url: z.object({
      url: z
        .string()
        .max(4096)
        .describe(
          "An http or https URL, a `magnet:` link, or the id of a `.torrent` file in the member's drive (uploaded first)",
        ),
      files: z
        .array(z.string().max(64))
        .max(1000)
        .optional()
        .describe(
          'Torrents: the indexes ("0", "1", ...) of the files to fetch, as the task lists them in `params.files`; absent or empty: every file. ' +
            'With an http(s) link, present (even `[]`) runs the `.torrent` the link serves as a torrent task; absent saves the link as a file',
        ),
    }),
    name: z
      .string()
      .max(4096)
      .optional()
      .describe("The file's name; else the source's or the URL's"),
    parent_id: z
      .string()
      .max(64)
      .optional()
      .describe(
        'Folder the file goes to; absent or `""`: the downloads folder (`folder_type: DOWNLOAD`)',
      ),
    params: z
      .object({
        source: taskSourceSchema
          .optional()
          .describe(
            "Where the task was made (one of the task sources); kept in the task's `params.source`",
          ),
      })
      .optional(),
  })
  .describe('An offline download task');

export const urlTaskAnswerSchema = z.object({
  upload_type: z.literal('UPLOAD_TYPE_URL'),
  url: z.object({ kind: z.literal('upload#url') }),
  file: z.null(),
  task: taskSchema,
});

/** `POST /drive/v1/task`: retry a failed offline task. */
export const retryTaskBodySchema = z.object({
  type: z.literal('offline'),
  create_type: z.literal('RETRY'),
  id: z.string().min(1).max(64),
});

/** Links one check may carry (one a line). */
export const maxCheckedUrls = 10;

/** `POST /drive/v1/resource/list`: the links to look at, one a line. */
export const checkUrlsBodySchema = z
  .object({
    urls: z
      .string()
      .max(maxCheckedUrls * 4100)
      .describe(
        `One link a line (http, https, magnet), at most ${maxCheckedUrls}; blank lines are skipped`,
      ),
  })
  .describe('Links to check without saving anything');

/** One file of a torrent: what `url.files` of an offline task picks by `id`. */
export const resourceFileSchema = z.object({
  id: z.string().describe('What `url.files` of `POST /drive/v1/files` names to fetch this file'),
  name: z.string().describe('Path of the file inside the torrent'),
  file_size: z.string().describe('Bytes, as a decimal string'),
});

/** What a link leads to, as far as the server could tell without saving anything. */
export const resourceSchema = z
  .object({
    kind: z.literal('drive#resource'),
    url: z.string().describe('The link as given (trimmed)'),
    name: z.string().describe('The name the file would get; `""` when the link could not be read'),
    file_size: z.string().describe('Bytes as a decimal string; `""` when the source does not say'),
    mime_type: z.string().describe('The content type the source sends; `""` when unknown'),
    file_category: z.string().describe('VIDEO, AUDIO, IMAGE, ARCHIVE, TEXT, DOCUMENT or OTHER'),
    reachable: z.boolean().describe('Whether an offline task could fetch it now'),
    message: z
      .string()
      .describe(
        'Why not, in the caller\'s language; `""` when reachable. A blocked address reads like an unreachable one',
      ),
    is_torrent: z.boolean().describe('A magnet link or a `.torrent` file'),
    files: z.array(resourceFileSchema).describe("A torrent's files; `[]` otherwise"),
  })
  .describe('A checked link');

export const resourceListSchema = z.object({
  list: z.object({ resources: z.array(resourceSchema) }),
});

export type Resource = z.infer<typeof resourceSchema>;

/** Offline downloads beyond `POST /drive/v1/files`: a retry, and the URL checker (docs/api.md#tasks). */
export const offlineApi = {
  retry: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/task',
    summary: 'Retry a failed offline task from the start (`create_type: RETRY`)',
    tags: ['tasks'],
    auth: 'member',
    body: retryTaskBodySchema,
    answer: taskSchema,
  }),
  checkUrls: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/resource/list',
    summary:
      'Check links without saving: name, size, content type and whether an offline task could fetch each now ' +
      '(through the same address guard; a blocked address reads like an unreachable one). Open to visitors; ' +
      'limited per member, or per address when not signed in (`too_many_requests`)',
    tags: ['tasks'],
    auth: 'visitor',
    body: checkUrlsBodySchema,
    answer: resourceListSchema,
  }),
} as const;
