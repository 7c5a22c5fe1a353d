import { z } from 'zod';

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
