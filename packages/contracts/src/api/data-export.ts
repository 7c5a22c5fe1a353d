import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** Where a member's data export stands (docs/accounts.md#exporting-your-data). */
export const dataExportPhases = [
  'none',
  'pending',
  'running',
  'ready',
  'failed',
  'expired',
] as const;
export type DataExportPhase = (typeof dataExportPhases)[number];

export const dataExportSchema = z
  .object({
    phase: z.enum(dataExportPhases).describe('"none" when the member never asked for an export'),
    reason: z.string().describe('Why a failed export failed; "" otherwise'),
    file_count: z.number().int().describe('Files in the zip (folders aside); 0 until ready'),
    size: z.number().int().describe('Bytes of the zip; 0 until ready'),
    requested_at: z.string().describe('"" when none'),
    expires_at: z.string().describe('Until when the ready export downloads; "" otherwise'),
    url: z
      .string()
      .describe('The download link of a ready export (the member\'s session only); "" otherwise'),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportTokenSchema = z.object({ token: z.string().min(1).max(2048) });

const tags = ['user'] as const;

/**
 * "Export my data": a zip of every file of the drive with a JSON of the account, its shares,
 * offline tasks, memberships and payments, built in the background and announced by mail.
 */
export const dataExportApi = {
  status: defineEndpoint({
    method: 'GET',
    path: '/v1/user/export',
    summary: "Where the member's latest data export stands",
    tags,
    auth: 'member',
    answer: dataExportSchema,
  }),
  request: defineEndpoint({
    method: 'POST',
    path: '/v1/user/export',
    summary:
      'Ask for a data export (already_exists while one is pending or running); a mail says when it is ready',
    tags,
    auth: 'member',
    answer: dataExportSchema,
  }),
  /** Zip bytes: no JSON answer. One Range is served as 206, so a download resumes. */
  download: defineEndpoint({
    method: 'GET',
    path: '/v1/user/export/:token',
    summary:
      "Download a ready export: the zip, streamed; only with the member's own session, until the link expires; not counted as download traffic",
    tags,
    auth: 'member',
    params: dataExportTokenSchema,
  }),
};
