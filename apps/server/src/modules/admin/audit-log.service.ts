import type { AuditEntry } from '@nimbus/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { readPageToken, pageTokenOf } from '../../http/page-token';
import { toCsv } from '../../lib/csv';
import { newId } from '../../lib/secrets';
import type { ConsoleCaller } from './console-access';
import type { AuditFilter, AuditLogRepository, AuditRow } from './audit-log.repository';

/** What a console call did, for its audit row. */
export interface AuditNote {
  /** What was done, `area.verb` (`members.block`, `roles.grant`, ...). */
  action: string;
  /** What it was done to (`{kind: 'user', id}`); the route when absent. */
  target?: { kind: string; id: string };
  /** The state before and after (kept as JSON); absent for a call that changed nothing. */
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** Who acted, for rows written outside an HTTP call (the command line, the purge job). */
export interface SystemActor {
  id: string;
  role: string;
}

export interface AuditLogServiceDeps {
  log: AuditLogRepository;
  now: () => Date;
}

/** The most rows one export holds. */
export const auditExportMaxRows = 100_000;
const exportPage = 1000;
const positionSchema = z.object({ createdAt: z.string().max(32), id: z.string().max(64) });

function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    created_at: row.created_at,
    actor_id: row.actor_id,
    actor_role: row.actor_role,
    ip: row.ip,
    action: row.action,
    target_kind: row.target_kind,
    target_id: row.target_id,
    before: row.before ?? '',
    after: row.after ?? '',
    reason: row.reason,
    request_id: row.request_id,
  };
}

const csvColumns = [
  'id',
  'created_at',
  'actor_id',
  'actor_role',
  'ip',
  'action',
  'target_kind',
  'target_id',
  'before',
  'after',
  'reason',
  'request_id',
] as const satisfies readonly (keyof AuditEntry)[];

/**
 * The audit log of the console (docs/api.md#operator-console): exactly one row per console call
 * that succeeded. A handler describes what it did with `record(request, note)`; `consoleRoute`
 * writes the row once the handler has finished (a plain note naming the route when the handler
 * recorded nothing, e.g. a search). Rows are never changed or deleted.
 */
export function createAuditLogService(deps: AuditLogServiceDeps) {
  const notes = new WeakMap<FastifyRequest, AuditNote>();

  async function insert(
    actor: { id: string; role: string; ip: string; requestId: string },
    note: AuditNote & { target: { kind: string; id: string } },
  ): Promise<void> {
    await deps.log.insert({
      id: newId(),
      created_at: deps.now().toISOString(),
      actor_id: actor.id,
      actor_role: actor.role,
      ip: actor.ip.slice(0, 64),
      action: note.action.slice(0, 64),
      target_kind: note.target.kind.slice(0, 32),
      target_id: note.target.id.slice(0, 64),
      before: json(note.before),
      after: json(note.after),
      reason: (note.reason ?? '').slice(0, 1000),
      request_id: actor.requestId.slice(0, 64),
    });
  }

  return {
    /** Describes what this console call does; the last note of a call is the one written. */
    record(request: FastifyRequest, note: AuditNote): void {
      notes.set(request, note);
    },

    /** Writes the one row of a console call that succeeded (called by `consoleRoute`). */
    async commit(request: FastifyRequest, caller: ConsoleCaller, route: string): Promise<void> {
      const note = notes.get(request) ?? { action: 'console.read' };
      notes.delete(request);
      await insert(
        { id: caller.userId, role: caller.role, ip: request.ip, requestId: request.id },
        { ...note, target: note.target ?? { kind: 'route', id: route } },
      );
    },

    /** Writes a row for an action taken outside an HTTP call (command line, scheduled job). */
    async recordSystem(
      actor: SystemActor,
      note: AuditNote & { target: { kind: string; id: string } },
    ): Promise<void> {
      await insert({ ...actor, ip: '', requestId: '' }, note);
    },

    async search(
      filter: AuditFilter,
      limit: number,
      pageToken: string | undefined,
    ): Promise<{ data: AuditEntry[]; next_page_token: string }> {
      const position = pageToken ? readPageToken(pageToken, positionSchema) : undefined;
      const rows = await deps.log.search(filter, position, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map(toEntry),
        next_page_token:
          rows.length > limit && last
            ? pageTokenOf({ createdAt: last.created_at, id: last.id })
            : '',
      };
    },

    /** The rows matching `filter` as CSV, newest first, at most `auditExportMaxRows`. */
    async exportCsv(filter: AuditFilter): Promise<string> {
      const lines: string[][] = [];
      let position: { createdAt: string; id: string } | undefined;
      while (lines.length < auditExportMaxRows) {
        const rows = await deps.log.search(
          filter,
          position,
          Math.min(exportPage, auditExportMaxRows - lines.length),
        );
        for (const row of rows) {
          const entry = toEntry(row);
          lines.push(csvColumns.map((column) => entry[column]));
        }
        const last = rows.at(-1);
        if (!last || rows.length < exportPage) {
          break;
        }
        position = { createdAt: last.created_at, id: last.id };
      }
      return toCsv(csvColumns, lines);
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
