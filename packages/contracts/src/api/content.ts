import { z } from 'zod';

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
