import { z } from 'zod';
import { taskSourceSchema } from '../enums';
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
