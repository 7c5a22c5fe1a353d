import type { Kysely, Selectable, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { BlobTable, Database } from '../../db/schema';
import type { ContentDigest } from './content-hash';

/** A blob row with its size as a number whatever the dialect. */
export interface BlobRecord {
  sha256: string;
  gcid: string;
  size: number;
  refCount: number;
  createdAt: string;
  updatedAt: string;
  verifiedAt: string | null;
}

function toRecord(row: Selectable<BlobTable>): BlobRecord {
  return {
    sha256: row.sha256,
    gcid: row.gcid,
    // PostgreSQL answers bigint as a string; sizes stay far below 2^53.
    size: Number(row.size),
    refCount: row.ref_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    verifiedAt: row.verified_at,
  };
}

/** Thrown inside a transaction to roll it back when a caller's check says no. */
class RolledBack extends Error {}

/**
 * Blob rows and their reference counts. Counts change only by one, in the database, so two
 * requests never lose each other's update; a row leaves only by a conditional delete at zero.
 */
export function createBlobRepository(db: Kysely<Database>) {
  return {
    async find(sha256: string): Promise<BlobRecord | undefined> {
      const row = await db
        .selectFrom('blobs')
        .selectAll()
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /** A stored blob with this GCID and size (instant upload), or undefined. */
    async findByGcid(gcid: string, size: number): Promise<BlobRecord | undefined> {
      const row = await db
        .selectFrom('blobs')
        .selectAll()
        .where('gcid', '=', gcid)
        .where('size', '=', size)
        .where('ref_count', '>', 0)
        .orderBy('sha256')
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /**
     * Records one more reference to freshly stored bytes, inserting the row if it is new. In the
     * same transaction, once the row is locked against collection, `stillStored` must confirm the
     * bytes are there (a collection that won the lock first may have deleted them); if not,
     * nothing is committed and the answer is false.
     */
    async addStored(
      blob: ContentDigest,
      now: Date,
      stillStored: () => Promise<boolean>,
    ): Promise<boolean> {
      const stamp = now.toISOString();
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('blobs')
            .values({
              sha256: blob.sha256,
              gcid: blob.gcid,
              size: blob.size,
              ref_count: 1,
              created_at: stamp,
              updated_at: stamp,
              verified_at: null,
            })
            .onConflict((conflict) =>
              conflict
                .column('sha256')
                .doUpdateSet({ ref_count: sql<number>`blobs.ref_count + 1`, updated_at: stamp }),
            )
            .execute();
          if (!(await stillStored())) {
            throw new RolledBack();
          }
        });
        return true;
      } catch (error) {
        if (error instanceof RolledBack) {
          return false;
        }
        throw error;
      }
    },

    /** One more reference to a known blob (a copy, an instant upload); false when there is no row. */
    async addReference(sha256: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('blobs')
        .set({ ref_count: sql<number>`ref_count + 1`, updated_at: now.toISOString() })
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** One reference fewer, never below zero; the count left, or undefined without a row. */
    async releaseReference(sha256: string, now: Date): Promise<number | undefined> {
      const row = await db
        .updateTable('blobs')
        .set({ ref_count: sql<number>`ref_count - 1`, updated_at: now.toISOString() })
        .where('sha256', '=', sha256)
        .where('ref_count', '>', 0)
        .returning('ref_count')
        .executeTakeFirst();
      return row?.ref_count;
    },

    /** Blobs at zero references whose last release is older than `before`, oldest first. */
    async listUnreferenced(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('blobs')
        .select('sha256')
        // A literal 0: it matches the predicate of the partial index of such blobs
        // (`blobs_unreferenced_idx`), which SQLite only uses for a literal.
        .where(sql<SqlBool>`${sql.ref('ref_count')} = 0`)
        .where('updated_at', '<=', before.toISOString())
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map((row) => row.sha256);
    },

    /**
     * Deletes the row if it is still at zero references and, in the same transaction, lets
     * `free` delete the bytes: a concurrent new reference either lands first (and the delete
     * matches nothing) or waits for the commit (and then finds no row and stores anew).
     */
    async removeUnreferenced(sha256: string, free: () => Promise<void>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('blobs')
          .where('sha256', '=', sha256)
          .where('ref_count', '=', 0)
          .executeTakeFirst();
        if (result.numDeletedRows === 0n) {
          return false;
        }
        await free();
        return true;
      });
    },

    /** Rows in ascending SHA-256 after `after` (keyset pagination for `verify`). */
    async page(after: string | undefined, limit: number): Promise<BlobRecord[]> {
      let query = db.selectFrom('blobs').selectAll().orderBy('sha256').limit(limit);
      if (after !== undefined) {
        query = query.where('sha256', '>', after);
      }
      return (await query.execute()).map(toRecord);
    },

    async markVerified(sha256: string, now: Date): Promise<void> {
      await db
        .updateTable('blobs')
        .set({ verified_at: now.toISOString() })
        .where('sha256', '=', sha256)
        .execute();
    },
  };
}

export type BlobRepository = ReturnType<typeof createBlobRepository>;
