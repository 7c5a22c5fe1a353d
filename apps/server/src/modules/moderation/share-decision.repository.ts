import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  Database,
  ModerationStatus,
  ShareDecisionTable,
  ShareDecisionTargetTable,
  UserStatus,
} from '../../db/schema';

/** One share of the queue: its reports summed up, the share and its sharer. */
export interface QueueRow {
  shareId: string;
  title: string;
  sharerId: string;
  sharerEmail: string;
  sharerName: string;
  sharerStatus: UserStatus;
  auditStatus: ModerationStatus;
  moderationReason: string;
  fileKind: 'file' | 'folder';
  fileNum: number;
  cancelledAt: string | null;
  sharedAt: string;
  reportCount: number;
  firstReportedAt: string;
  lastReportedAt: string;
}

/** What the queue lists: reports waiting for a decision, decided ones, or both. */
export interface QueueQuery {
  state: 'open' | 'decided' | 'all';
  auditStatuses: ModerationStatus[] | undefined;
  sharerId: string | undefined;
  /** `last_reported_at` and `share_id` of the previous page's last share. */
  after: [string, string] | undefined;
  limit: number;
}

/** One report as moderators read it. */
export interface ReportRow {
  id: string;
  shareId: string;
  reason: string;
  reporterId: string | null;
  reporterEmail: string | null;
  reporterAddress: string;
  fileIds: string[];
  createdAt: string;
  decisionId: string | null;
}

export type DecisionRow = Selectable<ShareDecisionTable>;
export type DecisionTarget = Omit<ShareDecisionTargetTable, 'decision_id'>;

const chunk = 500;

function chunksOf<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += chunk) {
    chunks.push(items.slice(start, start + chunk));
  }
  return chunks;
}

function parseIds(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function queriesOn(db: Kysely<Database> | Transaction<Database>) {
  return {
    /** Shares with reports, the most recently reported first (keyset on the last report). */
    async queue(query: QueueQuery): Promise<QueueRow[]> {
      const lastReported = sql<string>`max(r.created_at)`;
      let select = db
        .selectFrom('share_reports as r')
        .innerJoin('shares as s', 's.id', 'r.share_id')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.id as share_id',
          's.title',
          's.user_id',
          'u.email',
          'u.name',
          'u.status as user_status',
          's.audit_status',
          's.moderation_reason',
          's.file_kind',
          's.file_num',
          's.cancelled_at',
          's.created_at',
        ])
        .select([
          sql<number | string>`count(*)`.as('report_count'),
          sql<string>`min(r.created_at)`.as('first_reported_at'),
          lastReported.as('last_reported_at'),
        ])
        .groupBy(['s.id', 'u.id']);
      if (query.state === 'open') {
        select = select.where('r.decision_id', 'is', null);
      } else if (query.state === 'decided') {
        select = select.where('r.decision_id', 'is not', null);
      }
      if (query.auditStatuses !== undefined) {
        select = select.where('s.audit_status', 'in', query.auditStatuses);
      }
      if (query.sharerId !== undefined) {
        select = select.where('s.user_id', '=', query.sharerId);
      }
      if (query.after !== undefined) {
        const [at, id] = query.after;
        select = select.having(
          sql<boolean>`(${lastReported} < ${at} or (${lastReported} = ${at} and s.id < ${id}))`,
        );
      }
      const rows = await select
        .orderBy(lastReported, 'desc')
        .orderBy('s.id', 'desc')
        .limit(query.limit + 1)
        .execute();
      return rows.map((row) => ({
        shareId: row.share_id,
        title: row.title,
        sharerId: row.user_id,
        sharerEmail: row.email,
        sharerName: row.name,
        sharerStatus: row.user_status,
        auditStatus: row.audit_status,
        moderationReason: row.moderation_reason,
        fileKind: row.file_kind,
        fileNum: row.file_num,
        cancelledAt: row.cancelled_at,
        sharedAt: row.created_at,
        reportCount: Number(row.report_count),
        firstReportedAt: row.first_reported_at,
        lastReportedAt: row.last_reported_at,
      }));
    },

    /**
     * Whether someone outside the console reported a share: a report by a member who holds no
     * console role, sent from an address no console role holder signed in from. A moderator's own
     * report (signed in, or signed out from an address they use) or a decision stays in the queue
     * and the audit log but is not such a report.
     */
    async hasOutsideReport(shareId: string): Promise<boolean> {
      const row = await db
        .selectFrom('share_reports as r')
        .select('r.id')
        .where('r.share_id', '=', shareId)
        .where((eb) =>
          eb.or([
            eb('r.reporter_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('member_roles as m')
                  .select('m.user_id')
                  .whereRef('m.user_id', '=', 'r.reporter_id'),
              ),
            ),
          ]),
        )
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('member_roles as m')
                .innerJoin('sessions as s', 's.user_id', 'm.user_id')
                .select('s.id')
                .whereRef('s.ip', '=', 'r.reporter_address'),
            ),
          ),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The reports of some shares, newest first. */
    async reportsOf(shareIds: string[], state: QueueQuery['state']): Promise<ReportRow[]> {
      const rows = [];
      for (const ids of chunksOf(shareIds)) {
        let select = db
          .selectFrom('share_reports as r')
          .leftJoin('users as u', 'u.id', 'r.reporter_id')
          .select([
            'r.id',
            'r.share_id',
            'r.reason',
            'r.reporter_id',
            'u.email',
            'r.reporter_address',
            'r.file_ids',
            'r.created_at',
            'r.decision_id',
          ])
          .where('r.share_id', 'in', ids);
        if (state === 'open') {
          select = select.where('r.decision_id', 'is', null);
        } else if (state === 'decided') {
          select = select.where('r.decision_id', 'is not', null);
        }
        rows.push(...(await select.orderBy('r.created_at', 'desc').orderBy('r.id').execute()));
      }
      return rows.map((row) => ({
        id: row.id,
        shareId: row.share_id,
        reason: row.reason,
        reporterId: row.reporter_id,
        reporterEmail: row.email,
        reporterAddress: row.reporter_address,
        fileIds: parseIds(row.file_ids),
        createdAt: row.created_at,
        decisionId: row.decision_id,
      }));
    },

    async decision(id: string): Promise<DecisionRow | undefined> {
      return db.selectFrom('share_decisions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Decisions of a share still in force made after a time. */
    async laterDecisions(shareId: string, after: string): Promise<number> {
      const row = await db
        .selectFrom('share_decisions')
        .select(sql<number | string>`count(*)`.as('count'))
        .where('share_id', '=', shareId)
        .where('created_at', '>', after)
        .where('undone_at', 'is', null)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    async decisionsOf(shareIds: string[]): Promise<DecisionRow[]> {
      const rows: DecisionRow[] = [];
      for (const ids of chunksOf(shareIds)) {
        rows.push(
          ...(await db
            .selectFrom('share_decisions')
            .selectAll()
            .where('share_id', 'in', ids)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .execute()),
        );
      }
      return rows;
    },

    async insertDecision(row: DecisionRow): Promise<void> {
      await db.insertInto('share_decisions').values(row).execute();
    },

    async insertTargets(decisionId: string, targets: DecisionTarget[]): Promise<void> {
      for (const part of chunksOf(targets)) {
        await db
          .insertInto('share_decision_targets')
          .values(part.map((target) => ({ ...target, decision_id: decisionId })))
          .execute();
      }
    },

    async targetsOf(decisionId: string): Promise<DecisionTarget[]> {
      return db
        .selectFrom('share_decision_targets')
        .select(['kind', 'target_id', 'status_before', 'reason_before'])
        .where('decision_id', '=', decisionId)
        .execute();
    },

    async markUndone(decisionId: string, by: string, now: Date): Promise<void> {
      await db
        .updateTable('share_decisions')
        .set({ undone_at: now.toISOString(), undone_by: by })
        .where('id', '=', decisionId)
        .execute();
    },

    /** Closes a share's waiting reports with a decision. */
    async closeReports(shareId: string, decisionId: string, now: Date): Promise<void> {
      await db
        .updateTable('share_reports')
        .set({ decision_id: decisionId, reviewed_at: now.toISOString() })
        .where('share_id', '=', shareId)
        .where('decision_id', 'is', null)
        .execute();
    },

    /** Puts the reports a decision closed back in the queue. */
    async reopenReports(decisionId: string): Promise<void> {
      await db
        .updateTable('share_reports')
        .set({ decision_id: null, reviewed_at: null })
        .where('decision_id', '=', decisionId)
        .execute();
    },

    async shareStates(
      shareIds: string[],
    ): Promise<{ id: string; audit_status: ModerationStatus; moderation_reason: string }[]> {
      const rows = [];
      for (const ids of chunksOf(shareIds)) {
        rows.push(
          ...(await db
            .selectFrom('shares')
            .select(['id', 'audit_status', 'moderation_reason'])
            .where('id', 'in', ids)
            .execute()),
        );
      }
      return rows;
    },

    async setShareState(
      shareIds: string[],
      status: ModerationStatus,
      reason: string,
      now: Date,
    ): Promise<void> {
      for (const ids of chunksOf(shareIds)) {
        await db
          .updateTable('shares')
          .set({ audit_status: status, moderation_reason: reason, updated_at: now.toISOString() })
          .where('id', 'in', ids)
          .execute();
      }
    },

    /** Files holding any of these bytes, whoever owns them. */
    async filesWithContent(sha256s: string[]): Promise<string[]> {
      const ids: string[] = [];
      for (const part of chunksOf(sha256s)) {
        const rows = await db
          .selectFrom('files')
          .select('id')
          .where('sha256', 'in', part)
          .execute();
        ids.push(...rows.map((row) => row.id));
      }
      return ids;
    },

    /** Shares that chose any of these files, still live or not. */
    async sharesChoosing(fileIds: string[]): Promise<string[]> {
      const ids = new Set<string>();
      for (const part of chunksOf(fileIds)) {
        const rows = await db
          .selectFrom('share_items')
          .select('share_id')
          .where('file_id', 'in', part)
          .execute();
        rows.forEach((row) => ids.add(row.share_id));
      }
      return [...ids];
    },

    async fileStates(fileIds: string[]): Promise<Map<string, ModerationStatus>> {
      const states = new Map<string, ModerationStatus>();
      for (const part of chunksOf(fileIds)) {
        const rows = await db
          .selectFrom('file_moderation')
          .select(['file_id', 'status'])
          .where('file_id', 'in', part)
          .execute();
        rows.forEach((row) => states.set(row.file_id, row.status));
      }
      return states;
    },

    async setFileState(
      fileIds: string[],
      status: ModerationStatus,
      by: string,
      now: Date,
    ): Promise<void> {
      for (const part of chunksOf(fileIds)) {
        await db
          .insertInto('file_moderation')
          .values(
            part.map((id) => ({
              file_id: id,
              status,
              updated_by: by,
              updated_at: now.toISOString(),
            })),
          )
          .onConflict((conflict) =>
            conflict
              .column('file_id')
              .doUpdateSet({ status, updated_by: by, updated_at: now.toISOString() }),
          )
          .execute();
      }
    },

    async clearFileState(fileIds: string[]): Promise<void> {
      for (const part of chunksOf(fileIds)) {
        await db.deleteFrom('file_moderation').where('file_id', 'in', part).execute();
      }
    },

    async banContent(sha256s: string[], decisionId: string, now: Date): Promise<void> {
      for (const part of chunksOf(sha256s)) {
        await db
          .insertInto('content_bans')
          .values(
            part.map((sha256) => ({
              sha256,
              decision_id: decisionId,
              created_at: now.toISOString(),
            })),
          )
          .execute();
      }
    },

    async liftBans(decisionId: string): Promise<void> {
      await db.deleteFrom('content_bans').where('decision_id', '=', decisionId).execute();
    },

    /** The console role a member holds, if any. */
    async roleOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('member_roles')
        .select('role')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    async userStatus(userId: string): Promise<UserStatus | undefined> {
      const row = await db
        .selectFrom('users')
        .select('status')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.status;
    },

    /** Sets a member's status when it is still `from` (a concurrent change wins). */
    async setUserStatus(userId: string, from: UserStatus, to: UserStatus, now: Date) {
      await db
        .updateTable('users')
        .set({ status: to, updated_at: now.toISOString() })
        .where('id', '=', userId)
        .where('status', '=', from)
        .execute();
    },
  };
}

export type ShareDecisionQueries = ReturnType<typeof queriesOn>;

/** The moderation queue of reported shares and moderators' decisions (docs/api.md#moderation). */
export function createShareDecisionRepository(db: Kysely<Database>) {
  return {
    ...queriesOn(db),
    async transaction<T>(work: (queries: ShareDecisionQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queriesOn(trx)));
    },
  };
}

export type ShareDecisionRepository = ReturnType<typeof createShareDecisionRepository>;
