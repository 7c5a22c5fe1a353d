import { z } from 'zod';

/** `POST /drive/v1/task`: retry a failed offline task. */
export const retryTaskBodySchema = z.object({
  type: z.literal('offline'),
  create_type: z.literal('RETRY'),
  id: z.string().min(1).max(64),
});
