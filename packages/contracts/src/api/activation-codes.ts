import { z } from 'zod';
import { membershipTypes } from '../membership';
import { packKinds } from '../products';
import { consoleReasonSchema } from './admin';
import { defineEndpoint } from './endpoint';

const idSchema = z.string().min(1).max(64);

/** `POST /audit.admin/v1/code_batches`: mints a batch of activation codes. */
export const mintCodesBodySchema = z.object({
  /** Premium days of a plan, or a `storage` or `traffic` pack of `bytes`. */
  type: z.enum([...membershipTypes, ...packKinds]),
  days: z.number().int().min(1).max(3650),
  /** Size of a pack in bytes; required for packs, absent for premium days. */
  bytes: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  count: z.number().int().min(1).max(10_000),
  /** How many members may redeem each code (once each). */
  max_uses: z.number().int().min(1).max(1_000_000).default(1),
  /** After this time the codes stop working; absent: no end. */
  expires_at: z.iso.datetime({ offset: true }).optional(),
  note: z.string().trim().max(200).default(''),
  reason: consoleReasonSchema,
});

/** A batch of activation codes. */
export const codeBatchSchema = z.object({
  id: z.string(),
  note: z.string(),
  count: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  type: z.string(),
  days: z.number(),
  bytes: z.number(),
  max_uses: z.number(),
  expires_at: z.string(),
  /** Redemptions of the batch's codes so far. */
  redeemed: z.number(),
  /** Codes revoked unused. */
  revoked: z.number(),
});

/** The answer of a mint: the batch and its codes, shown this once (only hashes are kept). */
export const mintedBatchSchema = z.object({
  batch: codeBatchSchema,
  codes: z.array(z.string()),
});

export const codeBatchesQuerySchema = z.object({
  /** A batch id, or words of the batch's note. */
  q: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const codeBatchesSchema = z.object({ data: z.array(codeBatchSchema) });

/** Who redeemed a code, and when. */
export const codeRedemptionSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  redeemed_at: z.string(),
});

/** One code of a batch (the code itself is not kept, only its id). */
export const batchCodeSchema = z.object({
  id: z.string(),
  status: z.enum(['unused', 'partly_used', 'used', 'revoked', 'expired']),
  uses_left: z.number(),
  max_uses: z.number(),
  revoked_at: z.string(),
  redemptions: z.array(codeRedemptionSchema),
});

export const batchQuerySchema = z.object({ batch_id: idSchema });
export const batchCodesSchema = z.object({ data: z.array(batchCodeSchema) });

/** `POST /audit.admin/v1/code_batches::revoke`: revokes the batch's codes nobody redeemed. */
export const revokeBatchBodySchema = z.object({ batch_id: idSchema, reason: consoleReasonSchema });
export const revokedCodesSchema = z.object({ revoked: z.number() });

export type CodeBatch = z.infer<typeof codeBatchSchema>;
export type BatchCode = z.infer<typeof batchCodeSchema>;

const tags = ['console'] as const;

/**
 * Activation-code batches in the operator console (docs/api.md#operator-console): admins mint
 * and revoke, support reads.
 */
export const activationCodesApi = {
  mintBatch: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/code_batches',
    summary: 'Mint a batch of activation codes (premium days or a storage or traffic pack)',
    description: 'The codes are in this answer only: Nimbus keeps their hashes.',
    tags,
    auth: 'member',
    roles: [],
    body: mintCodesBodySchema,
    answer: mintedBatchSchema,
  }),
  listBatches: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/code_batches',
    summary: 'Batches of activation codes, newest first, by id or words of the note',
    tags,
    auth: 'member',
    roles: ['support'],
    query: codeBatchesQuerySchema,
    answer: codeBatchesSchema,
  }),
  batchCodes: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/codes',
    summary: "A batch's codes: state, uses left, and who redeemed each when",
    tags,
    auth: 'member',
    roles: ['support'],
    query: batchQuerySchema,
    answer: batchCodesSchema,
  }),
  exportBatch: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/codes::export',
    summary: "A batch's codes as CSV (`text/csv`), one row per code with who redeemed it",
    tags,
    auth: 'member',
    roles: ['support'],
    query: batchQuerySchema,
  }),
  revokeBatch: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/code_batches::revoke',
    summary: 'Revoke the codes of a batch nobody has redeemed; redeemed codes are kept',
    tags,
    auth: 'member',
    roles: [],
    body: revokeBatchBodySchema,
    answer: revokedCodesSchema,
  }),
} as const;
