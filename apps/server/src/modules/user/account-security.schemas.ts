import { z } from 'zod';

export const sessionSummarySchema = z
  .object({
    id: z.string(),
    client_id: z.string().describe('The app the session belongs to: web, tv, desktop, ...'),
    device_id: z.string().describe('The device id the app sent, "" when none'),
    user_agent: z.string(),
    ip: z.string().describe('The address the session was opened from, shortened'),
    created_time: z.string(),
    last_used_time: z.string(),
    expires_time: z.string(),
    current: z.boolean().describe('True for the session this request uses'),
  })
  .meta({ id: 'SessionSummary' });

export const sessionListSchema = z
  .object({ sessions: z.array(sessionSummarySchema) })
  .meta({ id: 'SessionList' });

export const sessionParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const passwordChangeSchema = z
  .object({
    old_password: z
      .string()
      .max(1024)
      .optional()
      .describe('The current password; required when the account has one'),
    new_password: z.string().max(1024),
  })
  .strict()
  .meta({ id: 'PasswordChange' });
