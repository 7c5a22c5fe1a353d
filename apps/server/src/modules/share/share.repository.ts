import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, MemberRole, ModerationStatus, ShareTable } from '../../db/schema';
import type { Dialect } from '../../db/database';
import { fileQueriesOn, toFileRecord, type FileRecord } from '../drive/file.repository';
import { createEventRepository } from '../event/event.repository';
import { saveQueriesOn } from './share-save.repository';

/** A share row with numbers in their JavaScript types, and how many chosen items are still live. */
export interface ShareRecord {
  id: string;
  userId: string;
  title: string;
  passCode: string;
  shareTo: string;
  expirationDays: number;
  expiresAt: string | null;
  restoreLimit: number;
  restoreCount: number;
  viewCount: number;
  fileNum: number;
  fileSize: number;
  fileId: string;
  fileKind: 'file' | 'folder';
  auditStatus: ModerationStatus;
  /** Reason code of the moderation decision in force, `''` when none. */
  moderationReason: string;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
  liveItems: number;
}

/** What the owner's list may filter by: the computed status. */
export interface ShareListQuery {
  userId: string;
  statuses: string[] | undefined;
  /** Only the shares that chose this item. */
  fileId?: string | undefined;
  /** `created_at` and `id` of the last share of the previous page. */
  after: [string, string] | undefined;
  limit: number;
  now: Date;
}

/** The sharer as visitors and the service see them. */
export interface MemberFacts {
  id: string;
  name: string;
  /** The avatar the member uploaded (its SHA-256), stored and served by Nimbus; null when none. */
  storedAvatar: string | null;
  locale: string;
  /** The console role, `member` when none. */
  role: MemberRole | 'member';
}

type ShareRow = Selectable<ShareTable> & { live_items: number | string };

function toShare(row: ShareRow): ShareRecord {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    passCode: row.pass_code,
    shareTo: row.share_to,
    expirationDays: row.expiration_days,
    expiresAt: row.expires_at,
    restoreLimit: row.restore_limit,
    restoreCount: row.restore_count,
    viewCount: row.view_count,
    fileNum: row.file_num,
    fileSize: Number(row.file_size),
    fileId: row.file_id,
    fileKind: row.file_kind,
    auditStatus: row.audit_status,
    moderationReason: row.moderation_reason,
    cancelledAt: row.cancelled_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    liveItems: Number(row.live_items),
  };
}

/** Chosen items of the share still live: a correlated count over `share_items` x `files`. */
const liveItemsSql = sql<number>`(select count(*) from share_items si cross join files f where si.share_id = shares.id and f.id = si.file_id and f.user_id = shares.user_id and +f.trashed = 0)`;

/** The status of a share in SQL, as `shareStatusOf` computes it before the pass code. */
function statusSql(now: Date) {
  return sql<string>`case
    when shares.audit_status <> 'OK' then shares.audit_status
    when shares.cancelled_at is not null or ${liveItemsSql} = 0 then 'DELETED'
    when shares.expires_at is not null and shares.expires_at <= ${now.toISOString()} then 'EXPIRED'
    when shares.restore_limit >= 0 and shares.restore_count >= shares.restore_limit then 'MAX_RESTORE_COUNT'
    else 'OK' end`;
}

export type {
  FinishedRestoreTask,
  FrozenCopy,
  HeldTaskPatch,
  QueuedRestore,
  QueuedRestoreInput,
  TreeItem,
} from './share-save.repository';

function repositoryOn(db: Kysely<Database> | Transaction<Database>, dialect: Dialect) {
  const shareSelect = () =>
    db.selectFrom('shares').selectAll('shares').select(liveItemsSql.as('live_items'));

  return {
    files: fileQueriesOn(db),
    events: createEventRepository(db),
    ...saveQueriesOn(db, dialect),

    async insertShare(
      share: Omit<Insertable<ShareTable>, 'restore_count' | 'view_count' | 'cancelled_at'>,
      itemIds: string[],
    ): Promise<void> {
      await db
        .insertInto('shares')
        .values({ ...share, restore_count: 0, view_count: 0, cancelled_at: null })
        .execute();
      for (let start = 0; start < itemIds.length; start += 500) {
        await db
          .insertInto('share_items')
          .values(
            itemIds.slice(start, start + 500).map((fileId, index) => ({
              share_id: share.id,
              file_id: fileId,
              position: start + index,
            })),
          )
          .execute();
      }
    },

    async find(id: string): Promise<ShareRecord | undefined> {
      const row = await shareSelect().where('shares.id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toShare(row);
    },

    /** The owner's shares among `ids` that the owner has not deleted. */
    async findOwnedLive(userId: string, ids: string[]): Promise<ShareRecord[]> {
      if (ids.length === 0) {
        return [];
      }
      const rows = await shareSelect()
        .where('shares.user_id', '=', userId)
        .where('shares.id', 'in', ids)
        .where('shares.cancelled_at', 'is', null)
        .execute();
      return rows.map((row) => toShare(row as ShareRow));
    },

    /** The chosen items of a share, in the order chosen. */
    async itemIds(shareId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('share_items')
        .select('file_id')
        .where('share_id', '=', shareId)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.file_id);
    },

    /** A page of the owner's shares, newest first, keyset-paginated, filtered by status. */
    async listOwned(query: ShareListQuery): Promise<(ShareRecord & { status: string })[]> {
      const status = statusSql(query.now);
      let select = shareSelect()
        .select(status.as('status'))
        .where('shares.user_id', '=', query.userId)
        .where('shares.cancelled_at', 'is', null);
      if (query.statuses !== undefined) {
        select = select.where(sql<boolean>`${status} in (${sql.join(query.statuses)})`);
      }
      if (query.fileId !== undefined) {
        const fileId = query.fileId;
        select = select.where((eb) =>
          eb.exists(
            eb
              .selectFrom('share_items')
              .select('share_items.file_id')
              .whereRef('share_items.share_id', '=', 'shares.id')
              .where('share_items.file_id', '=', fileId),
          ),
        );
      }
      if (query.after !== undefined) {
        select = select.where(
          sql<boolean>`(shares.created_at, shares.id) < (${query.after[0]}, ${query.after[1]})`,
        );
      }
      const rows = await select
        .orderBy('shares.created_at', 'desc')
        .orderBy('shares.id', 'desc')
        .limit(query.limit + 1)
        .execute();
      return rows.map((row) => ({
        ...toShare(row as ShareRow),
        status: (row as { status: string }).status,
      }));
    },

    async update(
      id: string,
      patch: Partial<
        Pick<
          Selectable<ShareTable>,
          | 'pass_code'
          | 'expiration_days'
          | 'expires_at'
          | 'restore_limit'
          | 'audit_status'
          | 'updated_at'
        >
      >,
    ): Promise<void> {
      await db.updateTable('shares').set(patch).where('id', '=', id).execute();
    },

    async cancel(userId: string, ids: string[], now: Date): Promise<void> {
      if (ids.length === 0) {
        return;
      }
      const stamp = now.toISOString();
      await db
        .updateTable('shares')
        .set({ cancelled_at: stamp, updated_at: stamp })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Counts a visit: the share's view count, and its UTC day's opens for the dashboard. */
    async countView(id: string, now: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('shares')
          .set({ view_count: sql<number>`view_count + 1` })
          .where('id', '=', id)
          .execute();
        await trx
          .insertInto('share_open_days')
          .values({ day: now.toISOString().slice(0, 10), opens: 1 })
          .onConflict((conflict) =>
            conflict.column('day').doUpdateSet({ opens: sql<number>`share_open_days.opens + 1` }),
          )
          .execute();
      });
    },

    /** Counts one save if the limit allows it, in one conditional update; false when used up. */
    async takeRestore(id: string): Promise<boolean> {
      const result = await db
        .updateTable('shares')
        .set({ restore_count: sql<number>`restore_count + 1` })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([eb('restore_limit', '<', 0), eb('restore_count', '<', eb.ref('restore_limit'))]),
        )
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async member(userId: string): Promise<MemberFacts | undefined> {
      const row = await db
        .selectFrom('users')
        .leftJoin('member_roles', 'member_roles.user_id', 'users.id')
        .select([
          'users.id',
          'users.name',
          'users.picture_sha256',
          'users.locale',
          'member_roles.role',
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return row === undefined
        ? undefined
        : {
            id: row.id,
            name: row.name,
            storedAvatar: row.picture_sha256,
            locale: row.locale,
            role: row.role ?? 'member',
          };
    },

    /** Holds the member's row until the transaction ends, so parallel saves see each other's usage. */
    async lockMember(userId: string): Promise<void> {
      if (dialect === 'postgres') {
        await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      }
    },

    /** An item of the owner in any state; undefined when absent or another member's. */
    async ownerFile(userId: string, id: string): Promise<FileRecord | undefined> {
      const row = await db
        .selectFrom('files')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : toFileRecord(row);
    },

    async ownerFiles(userId: string, ids: string[]): Promise<FileRecord[]> {
      if (ids.length === 0) {
        return [];
      }
      return (
        await db
          .selectFrom('files')
          .selectAll()
          .where('user_id', '=', userId)
          .where('id', 'in', ids)
          .execute()
      ).map(toFileRecord);
    },

    /** Moderation states of the given files that are not OK. */
    async fileModeration(fileIds: string[]): Promise<Map<string, ModerationStatus>> {
      if (fileIds.length === 0) {
        return new Map();
      }
      const rows = await db
        .selectFrom('file_moderation')
        .select(['file_id', 'status'])
        .where('file_id', 'in', fileIds)
        .where('status', '<>', 'OK')
        .execute();
      return new Map(rows.map((row) => [row.file_id, row.status]));
    },

    async setFileModeration(
      fileId: string,
      status: ModerationStatus,
      by: string,
      now: Date,
    ): Promise<void> {
      await db
        .insertInto('file_moderation')
        .values({ file_id: fileId, status, updated_by: by, updated_at: now.toISOString() })
        .onConflict((conflict) =>
          conflict
            .column('file_id')
            .doUpdateSet({ status, updated_by: by, updated_at: now.toISOString() }),
        )
        .execute();
    },

    /** Gives a member a role (operators run this from the command line or SQL). */
    async grantRole(userId: string, role: MemberRole, now: Date): Promise<void> {
      await db
        .insertInto('member_roles')
        .values({ user_id: userId, role, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ role }))
        .execute();
    },

    /** Whether moderation took any of these contents down everywhere (docs/api.md#moderation). */
    async isContentBanned(sha256s: string[]): Promise<boolean> {
      for (let start = 0; start < sha256s.length; start += 500) {
        const row = await db
          .selectFrom('content_bans')
          .select('sha256')
          .where('sha256', 'in', sha256s.slice(start, start + 500))
          .executeTakeFirst();
        if (row) {
          return true;
        }
      }
      return false;
    },

    async fileExists(fileId: string): Promise<boolean> {
      return (
        (await db.selectFrom('files').select('id').where('id', '=', fileId).executeTakeFirst()) !==
        undefined
      );
    },

    async insertReport(report: {
      id: string;
      shareId: string;
      reporterId: string | null;
      address: string;
      shareUserId: string;
      fileIds: string[];
      gcids: string[];
      reason: string;
      now: Date;
    }): Promise<void> {
      await db
        .insertInto('share_reports')
        .values({
          id: report.id,
          share_id: report.shareId,
          reporter_id: report.reporterId,
          reporter_address: report.address,
          share_user_id: report.shareUserId,
          file_ids: JSON.stringify(report.fileIds),
          gcids: JSON.stringify(report.gcids),
          reason: report.reason,
          created_at: report.now.toISOString(),
          reviewed_at: null,
        })
        .execute();
    },

    async reportsOf(
      shareId: string,
    ): Promise<{ id: string; reason: string; reporterId: string | null }[]> {
      const rows = await db
        .selectFrom('share_reports')
        .select(['id', 'reason', 'reporter_id'])
        .where('share_id', '=', shareId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({ id: row.id, reason: row.reason, reporterId: row.reporter_id }));
    },
  };
}

/** Queries of one transaction (or of the pool outside one). */
export type ShareQueries = ReturnType<typeof repositoryOn>;

/**
 * Shares, their items, reports and moderation; and the bulk file queries a save into a drive
 * needs (a recursive read of the shared tree, multi-row inserts, grouped reference counts).
 */
export function createShareRepository(db: Kysely<Database>, dialect: Dialect) {
  return {
    ...repositoryOn(db, dialect),
    async transaction<T>(work: (queries: ShareQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(repositoryOn(trx, dialect)));
    },
    isUniqueViolation(error: unknown): boolean {
      const code =
        error !== null && typeof error === 'object'
          ? (error as { code?: unknown }).code
          : undefined;
      return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
    },
  };
}

export type ShareRepository = ReturnType<typeof createShareRepository>;
