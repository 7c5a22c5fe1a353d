import { z } from 'zod';

export const deletionRequestSchema = z
  .object({
    password: z
      .string()
      .max(1024)
      .optional()
      .describe("The account's password; required when the account has one"),
  })
  .strict()
  .meta({ id: 'DeletionRequest' });

export const deletionSchema = z
  .object({
    status: z.literal('under_review'),
    deletion_requested_at: z.string(),
    purge_after: z.string().describe('From when the operator may delete the account for good'),
  })
  .meta({ id: 'Deletion' });
