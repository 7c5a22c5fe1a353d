import { z } from 'zod';
import { compensationTypePattern } from '../activity-operation';
import { defineEndpoint } from './endpoint';

/** A compensation in force (site setting `activity_operation.compensations`) and its claims. */
export const consoleCompensationSchema = z.object({
  type: z.string(),
  days: z.number(),
  /** Only members who signed up before this time may claim it; `''`: anyone. */
  joined_before: z.string(),
  /** Claims are refused after this time; `''`: no end. */
  ends_at: z.string(),
  /** Members who claimed it (each claims once). */
  claims: z.number(),
  /** Premium days its claims granted. */
  days_granted: z.number(),
  /** The latest claim's time, `''` when none. */
  last_claim_at: z.string(),
});
export type ConsoleCompensation = z.infer<typeof consoleCompensationSchema>;

export const consoleCompensationsSchema = z.object({ data: z.array(consoleCompensationSchema) });

export const compensationClaimsParamsSchema = z.object({
  type: z.string().regex(compensationTypePattern),
});

export const compensationClaimsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  page_token: z.string().max(1024).optional(),
});

/** One claim: who, when, and the days it granted. */
export const compensationClaimSchema = z.object({
  user_id: z.string(),
  /** `''` when the account is gone. */
  email: z.string(),
  days: z.number(),
  created_at: z.string(),
});
export type CompensationClaim = z.infer<typeof compensationClaimSchema>;

export const compensationClaimsSchema = z.object({
  data: z.array(compensationClaimSchema),
  next_page_token: z.string(),
});

const tags = ['console'] as const;

/**
 * The compensations of the operator console (docs/api.md#operator-console): each one in force
 * with its claims counted, and who claimed one, newest first. Admins create and schedule them
 * with the setting `activity_operation.compensations`. Admins only.
 */
export const adminCompensationsApi = {
  listCompensations: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/compensations',
    summary: 'The compensations in force with their claims counted',
    tags,
    auth: 'member',
    roles: [],
    answer: consoleCompensationsSchema,
  }),
  compensationClaims: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/compensations/:type/claims',
    summary: 'Who claimed a compensation, newest first',
    tags,
    auth: 'member',
    roles: [],
    params: compensationClaimsParamsSchema,
    query: compensationClaimsQuerySchema,
    answer: compensationClaimsSchema,
  }),
} as const;
