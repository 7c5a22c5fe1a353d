import { z } from 'zod';
import { moderationReasons, shareDecisionActions } from '../enums';
import { consoleReasonSchema } from './admin';
import { defineEndpoint } from './endpoint';

const idSchema = z.string().min(1).max(64);
const moderationStateSchema = z.enum([
  'OK',
  'AUDITING',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'PROHIBITED',
]);

/** `GET /audit.admin/v1/reports`: the queue, one entry per reported share. */
export const moderationQueueQuerySchema = z.object({
  /**
   * `{"state": {"eq": "open|decided|all"}}` (default `open`), `{"audit_status": {"in":
   * "OK,PROHIBITED"}}`, `{"sharer_id": {"eq": "<id>"}}`.
   */
  filters: z.string().max(2048).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  page_token: z.string().max(1024).optional(),
});

/** One report as moderators read it. */
export const shareReportSchema = z.object({
  report_id: z.string(),
  reason: z.string(),
  /** The signed-in reporter, `""` for a visitor. */
  reporter_id: z.string(),
  reporter_email: z.string(),
  reporter_address: z.string(),
  file_ids: z.array(z.string()),
  created_at: z.string(),
  /** The decision that closed it, `""` while it waits. */
  decision_id: z.string(),
});

/** One decision on a share. */
export const shareDecisionSchema = z.object({
  decision_id: z.string(),
  share_id: z.string(),
  sharer_id: z.string(),
  action: z.enum(shareDecisionActions),
  reason_code: z.enum(moderationReasons),
  reason: z.string(),
  content_wide: z.boolean(),
  moderator_id: z.string(),
  created_at: z.string(),
  /** `""` while the decision is in force. */
  undone_at: z.string(),
  undone_by: z.string(),
});

export const moderationQueueEntrySchema = z.object({
  share_id: z.string(),
  title: z.string(),
  sharer: z.object({
    user_id: z.string(),
    email: z.string(),
    name: z.string(),
    status: z.string(),
  }),
  audit_status: moderationStateSchema,
  moderation_reason: z.string(),
  file_kind: z.enum(['drive#file', 'drive#folder']),
  file_num: z.string(),
  /** The sharer deleted the link. */
  cancelled: z.boolean(),
  shared_at: z.string(),
  report_count: z.string(),
  first_reported_at: z.string(),
  last_reported_at: z.string(),
  /** Each distinct reason given, most frequent first. */
  reasons: z.array(z.object({ reason: z.string(), count: z.string() })),
  /** The newest reports (at most 50; `report_count` counts them all). */
  reports: z.array(shareReportSchema),
  /** Decisions on the share, newest first, undone ones included. */
  decisions: z.array(shareDecisionSchema),
});

export const moderationQueueSchema = z.object({
  data: z.array(moderationQueueEntrySchema),
  next_page_token: z.string(),
});

/** `POST /audit.admin/v1/decisions`: one decision per share, all or none. */
export const decideBodySchema = z.object({
  share_ids: z.array(idSchema).min(1).max(100),
  action: z.enum(shareDecisionActions),
  /** What the sharer is told, in their language. */
  reason_code: z.enum(moderationReasons),
  /** The moderator's own words, for the audit log; never shown to the sharer. */
  reason: consoleReasonSchema,
  /** With `prohibited`: take the same bytes down everywhere and refuse new shares of them. */
  content_wide: z.boolean().default(false),
});

export const decisionsSchema = z.object({ data: z.array(shareDecisionSchema) });

/** `POST /audit.admin/v1/decisions::undo`. */
export const undoBodySchema = z.object({ decision_id: idSchema, reason: consoleReasonSchema });

export const previewParamsSchema = z.object({ share_id: idSchema });
export const previewQuerySchema = z.object({ file_id: idSchema });

export type ModerationQueueEntry = z.infer<typeof moderationQueueEntrySchema>;
export type ShareDecision = z.infer<typeof shareDecisionSchema>;

const tags = ['audit'] as const;

/** The moderation queue of the operator console (docs/api.md#moderation). */
export const moderationApi = {
  queue: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/reports',
    summary: 'Reported shares, one entry per share with its reasons, reporters and decisions',
    tags,
    auth: 'member',
    roles: ['moderator'],
    query: moderationQueueQuerySchema,
    answer: moderationQueueSchema,
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/decisions',
    summary:
      'Decide on reported shares: keep, mark sensitive, take down (optionally content-wide) or block the sharer',
    tags,
    auth: 'member',
    roles: ['moderator'],
    body: decideBodySchema,
    answer: decisionsSchema,
  }),
  undo: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/decisions::undo',
    summary: 'Undo a decision: what it changed gets its state back',
    tags,
    auth: 'member',
    roles: ['moderator'],
    body: undoBodySchema,
    answer: shareDecisionSchema,
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/shares/:share_id/preview',
    summary:
      'An inert preview of a reported file (an image thumbnail or the start of a text), served sandboxed',
    tags,
    auth: 'member',
    roles: ['moderator'],
    params: previewParamsSchema,
    query: previewQuerySchema,
  }),
} as const;
