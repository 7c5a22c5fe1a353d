import { z } from 'zod';

/*
 * `GET /vip/v1/activity/inviteCode` and `GET /vip/v1/quantity/list?type=transfer`, in the shape
 * clients of the original service read. Their byte counts are JSON numbers, not the decimal
 * strings of the rest of the API (docs/api.md#account-and-membership): those clients decode them
 * as integers, and every count here stays far below 2^53.
 */

/** `GET /vip/v1/activity/inviteCode`: the member's invite code (made on the first call, then kept). */
export const inviteCodeAnswerSchema = z.object({
  code: z
    .string()
    .describe("The member's invite code, as `GET /vip/v1/activity/inviteExtActivityPage` gives it"),
});

/** `GET /vip/v1/quantity/list` query. */
export const quantityListQuerySchema = z.object({
  type: z
    .enum(['transfer'])
    .default('transfer')
    .describe(
      'What is listed: `transfer`, the monthly transfer allowances (the one list there is)',
    ),
});

/** One allowance: bytes the plan allows this month and bytes used. */
const allowanceSchema = z.object({
  total_assets: z.number().int().describe('Bytes the plan allows per UTC month (0: none)'),
  assets: z.number().int().describe('Bytes used this UTC month'),
  size: z.number().int().describe('Bytes used this UTC month (the same as `assets`)'),
});

/** `GET /vip/v1/quantity/list?type=transfer`: the member's transfer allowances, from the plan. */
export const quantityListAnswerSchema = z.object({
  transfer: z.object({
    offline: z.object({
      info: z.string(),
      total_assets: z.number().int(),
      assets: z.number().int(),
    }),
  }),
  data: z.null(),
  has_more: z.boolean(),
  base: z.object({
    info: z.string(),
    vip_status: z.enum(['ok', 'invalid']).describe('`ok` while a membership is active'),
    expire_time: z.string().describe('End of the active membership; `""` on the free plan'),
    assets: z.string().describe("The plan's storage in bytes, a decimal string"),
    size: z.number().int(),
    offline: allowanceSchema.describe('What offline downloads fetch'),
    download: allowanceSchema.describe('What content links send (download traffic)'),
    upload: allowanceSchema.describe('Uploads: Nimbus meters none, so always 0'),
    download_daily: allowanceSchema.describe('Daily download allowance: none in Nimbus, always 0'),
  }),
});

export type QuantityListAnswer = z.infer<typeof quantityListAnswerSchema>;
