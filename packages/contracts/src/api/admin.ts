import { z } from 'zod';
import { consoleRoles } from '../console-roles';
import { defineEndpoint } from './endpoint';

const idSchema = z.string().min(1).max(64);
const timeSchema = z.iso.datetime({ offset: true });
/** Why an operator did something; every change the console makes names one. */
export const consoleReasonSchema = z.string().trim().min(1).max(1000);

/** `GET /audit.admin/v1/me`: who the console sees. */
export const consoleMeSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  role: z.enum(consoleRoles),
  /** When the session's two-factor sign-in stops opening the console. */
  step_up_until: z.string(),
});

/** A member holding a console role. */
export const roleHolderSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(consoleRoles),
  granted_at: z.string(),
});

export const roleHoldersSchema = z.object({ data: z.array(roleHolderSchema) });

/** `POST /audit.admin/v1/roles::grant`: gives a member a role (replacing any other). */
export const grantRoleBodySchema = z.object({
  email: z.email().max(254),
  role: z.enum(consoleRoles),
  reason: consoleReasonSchema,
});

/** `POST /audit.admin/v1/roles::revoke`: takes a member's role away. */
export const revokeRoleBodySchema = z.object({
  email: z.email().max(254),
  reason: consoleReasonSchema,
});

/** One row of the audit log: who did what, when, from where, and why. */
export const auditEntrySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  actor_id: z.string(),
  actor_role: z.string(),
  ip: z.string(),
  action: z.string(),
  target_kind: z.string(),
  target_id: z.string(),
  /** The state before and after the change, as JSON text (`""` when the call changed nothing). */
  before: z.string(),
  after: z.string(),
  reason: z.string(),
  request_id: z.string(),
});

/** The filters of an audit-log search; each is optional, all given must match. */
export const auditSearchQuerySchema = z.object({
  actor_id: idSchema.optional(),
  action: z.string().min(1).max(64).optional(),
  target_id: idSchema.optional(),
  /** From this time on (inclusive). */
  from: timeSchema.optional(),
  /** Before this time (exclusive). */
  to: timeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  page_token: z.string().max(1024).optional(),
});

export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  next_page_token: z.string(),
});

/** The audit-log export takes the same filters, without paging. */
export const auditExportQuerySchema = auditSearchQuerySchema.omit({
  limit: true,
  page_token: true,
});

const daySchema = z.iso.date();

/** `GET /audit.admin/v1/dashboard`: the days from `from` to `to` (both UTC, inclusive). */
export const dashboardQuerySchema = z
  .object({ from: daySchema, to: daySchema })
  .refine((query) => query.from <= query.to, 'from is not after to');

/**
 * The dashboard's figures: one row per day of the period, the period's analytics events, offline
 * tasks and app downloads, and the bytes stored now.
 */
export const dashboardSchema = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      sign_ups: z.number(),
      /** Members with at least one analytics event that day. */
      active_members: z.number(),
      /** Paid premium grants: purchases and redeemed activation codes. */
      conversions: z.number(),
      /** Premium grants (of any source) ending that day. */
      expiries: z.number(),
      /** Files added to drives (uploads, copies and saves) and their bytes. */
      uploads: z.number(),
      upload_bytes: z.number(),
      shares_created: z.number(),
      /** Visits of shares: a visitor's first page of a share, as its view count counts them. */
      shares_opened: z.number(),
      /** Saves of a share's files into a drive. */
      shares_saved: z.number(),
      /** Reports of shares. */
      reports: z.number(),
      /** App downloads (one per address, platform and day). */
      app_downloads: z.number(),
    }),
  ),
  stored: z.object({ live_bytes: z.string(), trash_bytes: z.string() }),
  /** Members and the bytes of their drives and trashes now, per plan (`free`, `premium`). */
  storage_by_plan: z.array(z.object({ plan: z.string(), members: z.number(), bytes: z.string() })),
  /** Bytes of members' files (logical) and of the distinct blobs kept (physical) now. */
  deduplication: z.object({ logical_bytes: z.string(), physical_bytes: z.string() }),
  /** Analytics events of the period by page route and the page's language, the most first (at most 100). */
  page_views: z.array(z.object({ route: z.string(), locale: z.string(), views: z.number() })),
  /** Offline tasks created in the period by their phase and, for failed ones, their reason. */
  offline_tasks: z.array(z.object({ phase: z.string(), reason: z.string(), count: z.number() })),
  /** App downloads of the period per platform. */
  period_downloads: z.array(z.object({ platform: z.string(), downloads: z.number() })),
  /** App downloads counted per platform since the site began. */
  app_downloads: z.array(z.object({ platform: z.string(), downloads: z.number() })),
});

/** A queue of background work: how many wait, run and failed, and since when the oldest waits. */
export const systemQueueSchema = z.object({
  /** `task.offline`, `task.restore`, … (the tasks of members), `data_export`, `video_prepare`. */
  kind: z.string(),
  waiting: z.number(),
  running: z.number(),
  failed: z.number(),
  /** When the oldest waiting item was queued; `""` when none waits. */
  oldest_waiting_at: z.string(),
});

/** A failed piece of background work and why it failed. */
export const failedJobSchema = z.object({
  kind: z.string(),
  id: z.string(),
  /** The failure's reason or message key, as recorded. */
  reason: z.string(),
  at: z.string(),
});

/** `GET /audit.admin/v1/system`: the state of the service now. */
export const systemSchema = z.object({
  checked_at: z.string(),
  /** The server and worker processes seen in the last 3 minutes, the latest first. */
  nodes: z.array(
    z.object({
      id: z.string(),
      /** `server` or `worker`. */
      role: z.string(),
      version: z.string(),
      host: z.string(),
      started_at: z.string(),
      seen_at: z.string(),
    }),
  ),
  queues: z.array(systemQueueSchema),
  /** The latest failures, newest first (at most 50). */
  failed: z.array(failedJobSchema),
  /** The fleet's periodic jobs: which process holds each and when it runs next. */
  jobs: z.array(
    z.object({
      name: z.string(),
      holder: z.string(),
      held_until: z.string(),
      next_run_at: z.string(),
    }),
  ),
  /**
   * The mail outbox over the last 30 days: messages being handed to the mail server, sent and
   * failed, and the latest failures (at most 20, newest first). Failures are also in `failed`
   * (kind `mail`) and the outbox in `queues` (kind `mail`) while any message runs or failed.
   */
  mail: z.object({
    sending: z.number(),
    sent: z.number(),
    failed: z.number(),
    last_failures: z.array(z.object({ id: z.string(), error: z.string(), at: z.string() })),
  }),
  blobs: z.object({
    count: z.number(),
    /** Bytes of the distinct blobs kept (bigint as a string). */
    physical_bytes: z.string(),
    /** Bytes of members' files, live and in the trash: what they would take without deduplication. */
    logical_bytes: z.string(),
    /** Blobs `verify` has never found intact. */
    unverified: z.number(),
    /** When `verify` last found a blob intact; `""` when never. */
    last_verified_at: z.string(),
  }),
});

export type ConsoleMe = z.infer<typeof consoleMeSchema>;
export type RoleHolder = z.infer<typeof roleHolderSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const tags = ['console'] as const;

/**
 * The operator console's own calls (docs/api.md#operator-console): the caller's role, the roles
 * of members, and the audit log. Every `/audit.admin/v1` call but the share report is a console
 * call (`roles`).
 */
export const adminApi = {
  me: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/me',
    summary: "The caller's console role and until when the two-factor sign-in opens the console",
    tags,
    auth: 'member',
    roles: ['moderator', 'support'],
    answer: consoleMeSchema,
  }),
  listRoles: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/roles',
    summary: 'The members holding a console role',
    tags,
    auth: 'member',
    roles: [],
    answer: roleHoldersSchema,
  }),
  grantRole: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/roles::grant',
    summary: 'Give a member a console role (replacing the one they hold)',
    tags,
    auth: 'member',
    roles: [],
    body: grantRoleBodySchema,
    answer: roleHolderSchema,
  }),
  revokeRole: defineEndpoint({
    method: 'POST',
    path: '/audit.admin/v1/roles::revoke',
    summary: "Take a member's console role away (not the caller's own)",
    tags,
    auth: 'member',
    roles: [],
    body: revokeRoleBodySchema,
  }),
  searchAudit: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/audit_log',
    summary: 'The audit log, newest first, by actor, action, target and time',
    tags,
    auth: 'member',
    roles: [],
    query: auditSearchQuerySchema,
    answer: auditPageSchema,
  }),
  dashboard: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/dashboard',
    summary:
      'Sign-ups, active members, conversions, premium expiries, files added, shares, reports and app downloads per day over a period (at most 366 days), its analytics events by page and language and offline tasks by phase and reason, and the bytes stored by plan and before deduplication',
    tags,
    auth: 'member',
    roles: [],
    query: dashboardQuerySchema,
    answer: dashboardSchema,
  }),
  system: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/system',
    summary:
      'The nodes seen lately, queues of background work with their oldest waiting item, the latest failures, periodic jobs, blob storage and the mail outbox',
    tags,
    auth: 'member',
    roles: [],
    answer: systemSchema,
  }),
  exportAudit: defineEndpoint({
    method: 'GET',
    path: '/audit.admin/v1/audit_log::export',
    summary: 'The audit log as CSV (`text/csv`), newest first, with the search filters',
    description:
      'At most 100,000 rows; narrow the time range for more. Cells that a spreadsheet would read as a formula are prefixed with an apostrophe.',
    tags,
    auth: 'member',
    roles: [],
    query: auditExportQuerySchema,
  }),
} as const;
