import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { Dialect } from '../../db/database';
import type { DataExportTable } from '../../db/tables/data-export';

/** A data export row with its numbers as numbers whatever the dialect. */
export interface DataExportRecord {
  id: string;
  userId: string;
  phase: 'pending' | 'running' | 'ready' | 'failed' | 'expired';
  reason: string;
  attempts: number;
  fileCount: number;
  size: number;
  requestedAt: string;
  expiresAt: string | null;
  /** The API request that queued it (`''` when none), named on the worker's lines. */
  requestId: string;
}

/** One entry of an export's zip, in order. */
export interface ExportEntry {
  path: string;
  kind: 'file' | 'folder';
  sha256: string | null;
  size: number;
  modifiedAt: string;
}

/** An entry of a ready export as stored: its bytes' CRC-32 and its place in the zip. */
export interface StoredExportEntry extends ExportEntry {
  crc32: number;
  /** Where its local header starts in the zip. */
  offset: number;
}

/** A live item of a member's drive, as the export walks it. */
export interface DriveItem {
  id: string;
  parentId: string;
  kind: 'file' | 'folder';
  name: string;
  size: number;
  sha256: string | null;
  phase: string;
  modifiedAt: string;
}

function toRecord(row: Selectable<DataExportTable>): DataExportRecord {
  return {
    id: row.id,
    userId: row.user_id,
    phase: row.phase as DataExportRecord['phase'],
    reason: row.reason,
    attempts: row.attempts,
    fileCount: row.file_count,
    size: Number(row.size),
    requestedAt: row.requested_at,
    expiresAt: row.expires_at,
    requestId: row.request_id,
  };
}

/** Rows written per statement when a manifest is stored. */
const entryChunk = 200;

/** The reference counts to add or give back for some entries: how many rows name each blob. */
function countsOf(entries: readonly { sha256: string | null }[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { sha256 } of entries) {
    if (sha256 !== null) {
      counts.set(sha256, (counts.get(sha256) ?? 0) + 1);
    }
  }
  return counts;
}

/**
 * Data exports (migration 0053-data-exports): the queue the export worker takes from, the
 * manifests of ready exports with their blob references, and the member's records an export's
 * JSON is made of.
 */
export function createDataExportRepository(db: Kysely<Database>, dialect: Dialect) {
  const takeable = (stamp: string) => (eb: ExpressionBuilder<Database, 'data_exports'>) =>
    eb.or([
      eb('phase', '=', 'pending'),
      eb.and([eb('phase', '=', 'running'), eb('lease_until', '<', stamp)]),
    ]);

  /**
   * Gives back the references an export's manifest holds, in one `UPDATE ... FROM` over the
   * manifest's blobs and their counts, and deletes the manifest.
   */
  async function dropManifest(trx: Kysely<Database>, exportId: string, at: string) {
    await sql`
      update blobs set ref_count = case when blobs.ref_count >= c.n then blobs.ref_count - c.n else 0 end, updated_at = ${at}
      from (select sha256 as s, count(*) as n from data_export_entries
        where export_id = ${exportId} and sha256 is not null group by sha256) c
      where blobs.sha256 = c.s`.execute(trx);
    await trx.deleteFrom('data_export_entries').where('export_id', '=', exportId).execute();
  }

  /**
   * Adds `count` references to each blob that still has one, in one `UPDATE ... FROM` (the
   * counts go in as one JSON parameter); answers how many blobs it found.
   */
  async function addReferences(trx: Kysely<Database>, counts: Map<string, number>, at: string) {
    if (counts.size === 0) {
      return 0;
    }
    const json = JSON.stringify([...counts].map(([s, n]) => ({ s, n })));
    const source =
      dialect === 'postgres'
        ? sql`json_to_recordset(${json}::json) as c(s text, n integer)`
        : sql`(select value ->> 's' as s, value ->> 'n' as n from json_each(${json})) c`;
    const result = await sql`
      update blobs set ref_count = blobs.ref_count + c.n, updated_at = ${at}
      from ${source}
      where blobs.sha256 = c.s and blobs.ref_count > 0`.execute(trx);
    return Number(result.numAffectedRows ?? 0n);
  }

  return {
    /** The member's latest export, or undefined when none was ever asked for. */
    async latestOf(userId: string): Promise<DataExportRecord | undefined> {
      const row = await db
        .selectFrom('data_exports')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('requested_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    async find(id: string): Promise<DataExportRecord | undefined> {
      const row = await db
        .selectFrom('data_exports')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /**
     * Queues an export for the member; false when one of theirs is pending or running (the
     * unique index on `active_user_id` decides, so two requests at once queue one). The member's
     * earlier exports end in the same transaction: their manifests and references go.
     */
    async queue(id: string, userId: string, at: string, requestId = ''): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('data_exports')
          .values({
            id,
            user_id: userId,
            active_user_id: userId,
            phase: 'pending',
            lease_owner: null,
            lease_until: null,
            requested_at: at,
            updated_at: at,
            expires_at: null,
            request_id: requestId,
          })
          .onConflict((conflict) => conflict.column('active_user_id').doNothing())
          .executeTakeFirst();
        if ((inserted.numInsertedOrUpdatedRows ?? 0n) === 0n) {
          return false;
        }
        // The earlier exports are claimed first (the update locks and re-checks each row), and
        // only those this update ended give back their references: an `expireDue` ending one at
        // the same time then finds it no longer ready, so no reference is given back twice.
        const earlier = await trx
          .updateTable('data_exports')
          .set({ phase: 'expired', account_json: '', updated_at: at })
          .where('user_id', '=', userId)
          .where('id', '!=', id)
          .where('phase', '=', 'ready')
          .returning('id')
          .execute();
        for (const { id: earlierId } of earlier) {
          await dropManifest(trx, earlierId, at);
        }
        return true;
      });
    },

    /**
     * Takes the oldest pending export for a worker, or a running one whose worker's lease ran
     * out: a compare-and-set on the row's phase and lease, so two workers never take the same.
     * The take counts as an attempt.
     */
    async claim(
      workerId: string,
      stamp: string,
      leaseUntil: string,
    ): Promise<DataExportRecord | undefined> {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const next = await db
          .selectFrom('data_exports')
          .select(['id', 'lease_owner'])
          .where(takeable(stamp))
          .orderBy('updated_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (next === undefined) {
          return undefined;
        }
        const taken = await db
          .updateTable('data_exports')
          .set((eb) => ({
            phase: 'running',
            lease_owner: workerId,
            lease_until: leaseUntil,
            attempts: eb('attempts', '+', 1),
            updated_at: stamp,
          }))
          .where('id', '=', next.id)
          .where(takeable(stamp))
          .where((eb) =>
            next.lease_owner === null
              ? eb('lease_owner', 'is', null)
              : eb('lease_owner', '=', next.lease_owner),
          )
          .returningAll()
          .executeTakeFirst();
        if (taken !== undefined) {
          return toRecord(taken);
        }
      }
      return undefined;
    },

    /** Keeps an export this worker is building its own for longer. */
    async renew(id: string, workerId: string, leaseUntil: string): Promise<void> {
      await db
        .updateTable('data_exports')
        .set({ lease_until: leaseUntil })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .execute();
    },

    /** Every live (not trashed) item of the member's drive, unordered. */
    async driveItems(userId: string): Promise<DriveItem[]> {
      const rows = await db
        .selectFrom('files')
        .select(['id', 'parent_id', 'kind', 'name', 'size', 'sha256', 'phase', 'modified_at'])
        .where('user_id', '=', userId)
        .where('trashed', '=', 0)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        parentId: row.parent_id,
        kind: row.kind,
        name: row.name,
        size: Number(row.size),
        sha256: row.sha256,
        phase: row.phase,
        modifiedAt: row.modified_at,
      }));
    },

    /**
     * Makes a running export ready: its manifest stored with one blob reference per file row,
     * its zip's size, file count, JSON and expiry, in one transaction, and only while this
     * worker still holds it. False when the lease was lost, or a blob of the manifest is gone
     * (nothing is then committed).
     */
    async settleReady(
      id: string,
      workerId: string,
      ready: {
        entries: StoredExportEntry[];
        fileCount: number;
        size: number;
        accountJson: string;
        expiresAt: string;
        at: string;
      },
    ): Promise<'ready' | 'lost' | 'blob_missing'> {
      class Abort extends Error {
        constructor(readonly outcome: 'lost' | 'blob_missing') {
          super(outcome);
        }
      }
      try {
        await db.transaction().execute(async (trx) => {
          const held = await trx
            .updateTable('data_exports')
            .set({
              phase: 'ready',
              active_user_id: null,
              lease_owner: null,
              lease_until: null,
              reason: '',
              file_count: ready.fileCount,
              size: ready.size,
              account_json: ready.accountJson,
              expires_at: ready.expiresAt,
              updated_at: ready.at,
            })
            .where('id', '=', id)
            .where('lease_owner', '=', workerId)
            .where('phase', '=', 'running')
            .executeTakeFirst();
          if (held.numUpdatedRows === 0n) {
            throw new Abort('lost');
          }
          const counts = countsOf(ready.entries);
          if ((await addReferences(trx, counts, ready.at)) !== counts.size) {
            throw new Abort('blob_missing');
          }
          for (let start = 0; start < ready.entries.length; start += entryChunk) {
            await trx
              .insertInto('data_export_entries')
              .values(
                ready.entries.slice(start, start + entryChunk).map((entry, index) => ({
                  export_id: id,
                  seq: start + index,
                  path: entry.path,
                  kind: entry.kind,
                  sha256: entry.sha256,
                  size: entry.size,
                  modified_at: entry.modifiedAt,
                  crc32: entry.crc32,
                  header_offset: entry.offset,
                })),
              )
              .execute();
          }
        });
        return 'ready';
      } catch (error) {
        if (error instanceof Abort) {
          return error.outcome;
        }
        throw error;
      }
    },

    /**
     * Ends an export this worker holds as failed, with the reason; false (and nothing done) when
     * another holds it.
     */
    async settleFailed(id: string, workerId: string, reason: string, at: string): Promise<boolean> {
      const failed = await db
        .updateTable('data_exports')
        .set({
          phase: 'failed',
          active_user_id: null,
          lease_owner: null,
          lease_until: null,
          reason,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .executeTakeFirst();
      return failed.numUpdatedRows > 0n;
    },

    /** Puts an export this worker holds back in the queue (the worker is stopping). */
    async release(id: string, workerId: string, at: string): Promise<void> {
      await db
        .updateTable('data_exports')
        .set({ phase: 'pending', lease_owner: null, lease_until: null, updated_at: at })
        .where('id', '=', id)
        .where('lease_owner', '=', workerId)
        .execute();
    },

    /** The entries of a ready export's zip, in order. */
    async entriesOf(id: string): Promise<StoredExportEntry[]> {
      const rows = await db
        .selectFrom('data_export_entries')
        .select(['path', 'kind', 'sha256', 'size', 'modified_at', 'crc32', 'header_offset'])
        .where('export_id', '=', id)
        .orderBy('seq')
        .execute();
      return rows.map((row) => ({
        path: row.path,
        kind: row.kind,
        sha256: row.sha256,
        size: Number(row.size),
        modifiedAt: row.modified_at,
        crc32: Number(row.crc32),
        offset: Number(row.header_offset),
      }));
    },

    async accountJsonOf(id: string): Promise<string> {
      const row = await db
        .selectFrom('data_exports')
        .select('account_json')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.account_json ?? '';
    },

    /**
     * Ends up to `limit` ready exports past their expiry: manifests and references go, the row
     * stays `expired` (the member sees it ended). Answers how many ended.
     */
    async expireDue(at: string, limit: number): Promise<number> {
      const due = await db
        .selectFrom('data_exports')
        .select('id')
        .where('phase', '=', 'ready')
        .where('expires_at', '<=', at)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      for (const { id } of due) {
        await db.transaction().execute(async (trx) => {
          const ended = await trx
            .updateTable('data_exports')
            .set({ phase: 'expired', account_json: '', updated_at: at })
            .where('id', '=', id)
            .where('phase', '=', 'ready')
            .executeTakeFirst();
          if (ended.numUpdatedRows > 0n) {
            await dropManifest(trx, id, at);
          }
        });
      }
      return due.length;
    },

    /** The member's records an export's JSON lists (secrets such as password hashes left out). */
    async accountRecords(userId: string) {
      const [account, shares, offlineTasks, memberships, packs, payments, subscriptions] =
        await Promise.all([
          db
            .selectFrom('users')
            .select([
              'id',
              'email',
              'name',
              'phone_number',
              'picture',
              'locale',
              'status',
              'created_at',
              'updated_at',
            ])
            .where('id', '=', userId)
            .executeTakeFirst(),
          db
            .selectFrom('shares')
            .select([
              'id',
              'title',
              'share_to',
              'expiration_days',
              'expires_at',
              'restore_limit',
              'restore_count',
              'view_count',
              'file_num',
              'file_size',
              'file_id',
              'audit_status',
              'cancelled_at',
              'created_at',
              'updated_at',
            ])
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .execute(),
          db
            .selectFrom('tasks')
            .select([
              'id',
              'name',
              'phase',
              'progress',
              'file_id',
              'file_name',
              'file_size',
              'message_key',
              'source_url',
              'created_at',
              'updated_at',
            ])
            .where('user_id', '=', userId)
            .where('type', '=', 'offline')
            .orderBy('created_at')
            .execute(),
          db
            .selectFrom('memberships')
            .select(['id', 'type', 'source', 'days', 'starts_at', 'expires_at', 'created_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .execute(),
          db
            .selectFrom('member_packs')
            .select(['id', 'kind', 'bytes', 'days', 'starts_at', 'expires_at', 'created_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .execute(),
          db
            .selectFrom('payments')
            .select([
              'id',
              'provider',
              'product_id',
              'status',
              'amount',
              'currency',
              'receipt_url',
              'refunded_amount',
              'created_at',
              'updated_at',
            ])
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .execute(),
          db
            .selectFrom('payment_subscriptions')
            .select([
              'id',
              'provider',
              'product_id',
              'interval',
              'status',
              'current_period_end',
              'cancel_at_period_end',
              'created_at',
            ])
            .where('user_id', '=', userId)
            .orderBy('created_at')
            .execute(),
        ]);
      return { account, shares, offlineTasks, memberships, packs, payments, subscriptions };
    },
  };
}

export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
export type AccountRecords = Awaited<ReturnType<DataExportRepository['accountRecords']>>;
