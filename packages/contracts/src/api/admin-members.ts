import { z } from 'zod';
import { consoleReasonSchema } from './admin';
import { defineEndpoint } from './endpoint';

const idSchema = z.string().min(1).max(64);
const timeSchema = z.iso.datetime({ offset: true });

/** The states of an account as the console filters them. */
export const memberStatuses = ['pending', 'active', 'blocked', 'frozen', 'under_review'] as const;

/** `GET /audit.admin/v1/members`: each filter optional, all given must match. */
export const memberSearchQuerySchema = z.object({
  /** The start of the address (lower case). */
  email: z.string().trim().toLowerCase().min(1).max(254).optional(),
  id: idSchema.optional(),
  /** The start of the name. */
  name: z.string().trim().min(1).max(128).optional(),
  /** Signed up from (inclusive) and before (exclusive). */
  created_from: timeSchema.optional(),
  created_to: timeSchema.optional(),
  plan: z.enum(['free', 'premium']).optional(),
  status: z.enum(memberStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  page_token: z.string().max(1024).optional(),
});

/** A member as the console lists them. */
export const memberRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(memberStatuses),
  created_at: z.string(),
  premium_until: z.string(),
  role: z.string(),
});

export const memberPageSchema = z.object({
  data: z.array(memberRowSchema),
  next_page_token: z.string(),
});

export const memberParamsSchema = z.object({ user_id: idSchema });

const datedSchema = z.object({ id: z.string(), created_at: z.string() });

/** `GET /audit.admin/v1/members/{user_id}`: everything the console shows of one member. */
export const memberDetailSchema = z.object({
  member: memberRowSchema.extend({
    locale: z.string(),
    two_factor: z.boolean(),
    deletion_requested_at: z.string(),
  }),
  usage: z.object({
    live_bytes: z.string(),
    trash_bytes: z.string(),
    traffic_bytes_this_month: z.string(),
  }),
  memberships: z.array(
    datedSchema.extend({
      type: z.string(),
      source: z.string(),
      days: z.number(),
      starts_at: z.string(),
      expires_at: z.string(),
    }),
  ),
  packs: z.array(
    datedSchema.extend({
      kind: z.string(),
      bytes: z.string(),
      starts_at: z.string(),
      expires_at: z.string(),
    }),
  ),
  codes_redeemed: z.array(z.object({ code_id: z.string(), created_at: z.string() })),
  sessions: z.array(
    datedSchema.extend({
      client_id: z.string(),
      device_id: z.string(),
      user_agent: z.string(),
      ip: z.string(),
      last_used_at: z.string(),
      revoked_at: z.string(),
    }),
  ),
  shares: z.array(datedSchema.extend({ title: z.string(), audit_status: z.string() })),
  offline_tasks: z.array(datedSchema.extend({ name: z.string(), phase: z.string() })),
  feedback: z.array(datedSchema.extend({ category: z.string(), message: z.string() })),
  audit_trail: z.array(
    datedSchema.extend({ actor_id: z.string(), action: z.string(), reason: z.string() }),
  ),
});

/** A console action on a member: why it is done. */
export const memberActionBodySchema = z.object({ reason: consoleReasonSchema });

/** Premium days to add (positive) or take away (negative). */
export const memberPremiumBodySchema = z.object({
  days: z
    .number()
    .int()
    .min(-3650)
    .max(3650)
    .refine((days) => days !== 0, 'days is not 0'),
  reason: consoleReasonSchema,
});

/** The member's state after an action. */
export const memberActionAnswerSchema = z.object({
  status: z.enum(memberStatuses),
  premium_until: z.string(),
  /** For a deletion: from when the purge may delete the account. */
  purge_after: z.string(),
});

export type MemberRow = z.infer<typeof memberRowSchema>;
export type MemberDetail = z.infer<typeof memberDetailSchema>;

const tags = ['console'] as const;

/** A console action on one member: `POST` with a reason, answering the member's state. */
function action<const P extends string, const R extends readonly ('moderator' | 'support')[]>(
  path: P,
  summary: string,
  roles: R,
) {
  return {
    method: 'POST',
    path,
    summary,
    tags,
    auth: 'member',
    roles,
    params: memberParamsSchema,
    answer: memberActionAnswerSchema,
  } as const;
}

/** The console's members (docs/api.md#operator-console): search, one member, actions. */
export const adminMembersApi = {
  search: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/members',
    summary:
      'Members newest first, by address or name prefix, id, sign-up time, plan and status (paged)',
    tags,
    auth: 'member',
    roles: ['moderator', 'support'],
    query: memberSearchQuerySchema,
    answer: memberPageSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/members/:user_id',
    summary:
      "A member's page: use, memberships, packs, codes, sessions, shares, offline tasks, feedback and audit trail (the latest 50 of each)",
    tags,
    auth: 'member',
    roles: ['moderator', 'support'],
    params: memberParamsSchema,
    answer: memberDetailSchema,
  }),
  block: defineEndpoint({
    ...action(
      '/audit.admin/v1/members/:user_id/block',
      'Block a member: every session ends at once',
      ['moderator'],
    ),
    body: memberActionBodySchema,
  }),
  unblock: defineEndpoint({
    ...action('/audit.admin/v1/members/:user_id/unblock', 'Unblock a blocked member', [
      'moderator',
    ]),
    body: memberActionBodySchema,
  }),
  signOut: defineEndpoint({
    ...action('/audit.admin/v1/members/:user_id/sign_out', "End every session of a member's", [
      'moderator',
    ]),
    body: memberActionBodySchema,
  }),
  premium: defineEndpoint({
    ...action(
      '/audit.admin/v1/members/:user_id/premium',
      'Add premium days to a member, or take them away',
      [],
    ),
    body: memberPremiumBodySchema,
  }),
  resetTwoFactor: defineEndpoint({
    ...action(
      '/audit.admin/v1/members/:user_id/reset_two_factor',
      "Turn a member's two-step verification off",
      ['support'],
    ),
    body: memberActionBodySchema,
  }),
  resendVerification: defineEndpoint({
    ...action(
      '/audit.admin/v1/members/:user_id/resend_verification',
      "Mail the member, in their language, support's check of their address with how to sign in or reset the password (once per 10 minutes)",
      ['support'],
    ),
    body: memberActionBodySchema,
  }),
  requestDeletion: defineEndpoint({
    ...action(
      '/audit.admin/v1/members/:user_id/delete',
      'Ask for the account to be deleted: it is purged once the grace period is over',
      [],
    ),
    body: memberActionBodySchema,
  }),
} as const;
