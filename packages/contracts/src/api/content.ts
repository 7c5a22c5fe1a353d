import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The largest selection one zip call takes (folders count once, whatever they hold). */
export const maxZipIds = 100;

/** A content link's path: the signed token, then the file name (for the browser, not trusted). */
export const contentParamsSchema = z.object({
  token: z.string().min(1).max(8192),
  name: z.string().max(2048).optional(),
});

/** `disposition=inline` asks to show the file in the tab; honoured for inert types only. */
export const contentQuerySchema = z.object({
  disposition: z.enum(['inline', 'attachment']).optional(),
});

/** `POST /drive/v1/files:zip`. */
export const zipBodySchema = z.object({
  ids: z.array(z.string().min(1).max(64)).min(1).max(maxZipIds),
  /**
   * File name of the archive (a name as the drive takes it, else `file_name_invalid` and kin);
   * `<item>.zip` for one item, `Nimbus-<time>.zip` for several.
   */
  name: z.string().max(1024).optional(),
});

export const zipAnswerSchema = z.object({
  kind: z.literal('drive#zip'),
  name: z.string(),
  url: z.string(),
  token: z.string(),
  expire: z.string(),
});

const contentSummary =
  'The bytes behind a signed link (download, thumbnail, zip): Range, If-Range, ETag, ' +
  'conditional GET, attachment unless `disposition=inline` for an inert type. One range ' +
  '(overlapping or adjacent ranges are merged, unsatisfiable ones dropped) answers 206; ' +
  'several disjoint ranges answer 200 with the whole body (RFC 9110 §14.2), never ' +
  'multipart/byteranges; none satisfiable answers 416 with `Content-Range: bytes */size`';

const headSummary =
  "The headers of a signed link's bytes (type, length, validators, disposition) without the " +
  'bytes, with the same conditions and ranges as GET';

/** The signed link's path without the file name, and with it (the name is for the browser). */
const contentPaths = { bare: '/content/v1/:token', named: '/content/v1/:token/:name' } as const;

/**
 * The content origin (docs/api.md#files downloads) and the member call that makes zip links.
 * The content calls answer bytes, so they have no `answer`; HEAD is an entry of its own because
 * it answers the headers of the bytes (their length, validators) without reading them.
 */
export const contentApi = {
  zip: defineEndpoint({
    method: 'POST',
    path: '/drive/v1/files::zip',
    summary:
      'A signed link to a zip of the selected files and folders (folders with everything inside, ' +
      'names in any script, ZIP64 past 4 GiB), streamed when the link is opened',
    tags: ['drive'],
    auth: 'member',
    body: zipBodySchema,
    answer: zipAnswerSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: contentPaths.bare,
    summary: contentSummary,
    tags: ['content'],
    auth: 'visitor',
    params: contentParamsSchema,
    query: contentQuerySchema,
  }),
  head: defineEndpoint({
    method: 'HEAD',
    path: contentPaths.bare,
    summary: headSummary,
    tags: ['content'],
    auth: 'visitor',
    params: contentParamsSchema,
    query: contentQuerySchema,
  }),
  getNamed: defineEndpoint({
    method: 'GET',
    path: contentPaths.named,
    summary: contentSummary,
    tags: ['content'],
    auth: 'visitor',
    params: contentParamsSchema,
    query: contentQuerySchema,
  }),
  headNamed: defineEndpoint({
    method: 'HEAD',
    path: contentPaths.named,
    summary: headSummary,
    tags: ['content'],
    auth: 'visitor',
    params: contentParamsSchema,
    query: contentQuerySchema,
  }),
} as const;
