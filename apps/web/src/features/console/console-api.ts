import type { AnswerOf, adminApi } from '@nimbus/contracts';
import { adminRoutes } from '@nimbus/contracts/routes';
import { buildRequestUrl, fillPath } from '@nimbus/client';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The operator console's calls (docs/api.md#operator-console) through the API catalogue's admin
 * entries. Every one is checked on the server: role and a recent two-step sign-in.
 */

/** Who the console sees: the caller's role and until when their two-step sign-in opens it. */
export type ConsoleMe = AnswerOf<typeof adminApi.me>;
export type RoleHolder = AnswerOf<typeof adminApi.grantRole>;
export type AuditEntry = AnswerOf<typeof adminApi.searchAudit>['data'][number];
export type ConsoleRole = ConsoleMe['role'];
export type DashboardFigures = AnswerOf<typeof adminApi.dashboard>;
export type SystemState = AnswerOf<typeof adminApi.system>;

/** The filters of the audit log the console offers; empty strings are left out. */
export interface AuditFilters {
  actor_id: string;
  action: string;
  target_id: string;
  /** Days as `YYYY-MM-DD`, from the first (inclusive) to the second (inclusive). */
  from: string;
  to: string;
}

export const noAuditFilters: AuditFilters = {
  actor_id: '',
  action: '',
  target_id: '',
  from: '',
  to: '',
};

export function consoleMe(): Promise<ConsoleMe> {
  return browserClient().call(adminRoutes.me);
}

/** The query of the audit log's search and export: days become UTC instants, the end exclusive. */
export function auditQuery(filters: AuditFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of ['actor_id', 'action', 'target_id'] as const) {
    const value = filters[key].trim();
    if (value !== '') {
      query[key] = value;
    }
  }
  if (filters.from !== '') {
    query.from = `${filters.from}T00:00:00.000Z`;
  }
  if (filters.to !== '') {
    const end = new Date(`${filters.to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    query.to = end.toISOString();
  }
  return query;
}

export async function searchAudit(
  filters: AuditFilters,
  pageToken: string,
): Promise<{ entries: AuditEntry[]; nextPageToken: string }> {
  const answer = await browserClient().call(adminRoutes.searchAudit, {
    query: {
      ...auditQuery(filters),
      limit: 200,
      ...(pageToken === '' ? {} : { page_token: pageToken }),
    },
  });
  return { entries: answer.data, nextPageToken: answer.next_page_token };
}

/** The CSV export's address: a link the browser downloads with the session cookie. */
export function auditExportHref(filters: AuditFilters): string {
  return buildRequestUrl(
    browserClient().originOf('audit') || window.location.origin,
    fillPath(adminRoutes.exportAudit.path),
    auditQuery(filters),
  );
}

export async function listRoles(): Promise<RoleHolder[]> {
  return (await browserClient().call(adminRoutes.listRoles)).data;
}

export function grantRole(email: string, role: ConsoleRole, reason: string): Promise<RoleHolder> {
  return browserClient().call(adminRoutes.grantRole, { body: { email, role, reason } });
}

export async function revokeRole(email: string, reason: string): Promise<void> {
  await browserClient().call(adminRoutes.revokeRole, { body: { email, reason } });
}

/** The dashboard's figures for the `days` days ending today (UTC). */
export function dashboardFigures(days: number): Promise<DashboardFigures> {
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return browserClient().call(adminRoutes.dashboard, {
    query: { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) },
  });
}

/** Queues, failures, periodic jobs and the blob store now. */
export function systemState(): Promise<SystemState> {
  return browserClient().call(adminRoutes.system);
}
