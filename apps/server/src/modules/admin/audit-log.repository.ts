import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema';

export type AuditRow = Selectable<AuditLogTable>;

/** The filters of an audit search; all given must match. */
export interface AuditFilter {
  actorId?: string | undefined;
  action?: string | undefined;
  targetId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A position in the newest-first order: after this row. */
export interface AuditPosition {
  createdAt: string;
  id: string;
}

/**
 * The audit log. It only inserts and selects: no code path updates or deletes a row, and the
 * database's triggers refuse it anyway (0036).
 */
export function createAuditLogRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<AuditLogTable>): Promise<void> {
      await db.insertInto('audit_log').values(row).execute();
    },

    /** Rows newest first, after `position`, at most `limit`. */
    async search(
      filter: AuditFilter,
      position: AuditPosition | undefined,
      limit: number,
    ): Promise<AuditRow[]> {
      let query = db.selectFrom('audit_log').selectAll();
      if (filter.actorId !== undefined) {
        query = query.where('actor_id', '=', filter.actorId);
      }
      if (filter.action !== undefined) {
        query = query.where('action', '=', filter.action);
      }
      if (filter.targetId !== undefined) {
        query = query.where('target_id', '=', filter.targetId);
      }
      if (filter.from !== undefined) {
        query = query.where('created_at', '>=', filter.from);
      }
      if (filter.to !== undefined) {
        query = query.where('created_at', '<', filter.to);
      }
      if (position !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', position.createdAt),
            eb.and([eb('created_at', '=', position.createdAt), eb('id', '<', position.id)]),
          ]),
        );
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
