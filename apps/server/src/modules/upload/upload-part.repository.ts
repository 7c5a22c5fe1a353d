import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema';

/** A part of an upload in the bucket, as recorded. */
export interface RecordedPart {
  position: number;
  partNumber: number;
  etag: string;
  size: number;
}

/** What a request made durable: the new offset, its tail object and the parts sent. */
export interface Progress {
  received: number;
  tailKey: string | null;
  parts: RecordedPart[];
  expiresAt: string;
}

/**
 * The rows of uploads kept in the bucket (docs/uploads.md, "In the bucket"): part numbers handed
 * out once, the multipart upload's id, and progress recorded by compare-and-set on the offset, so
 * of two nodes writing one upload at once only the first to record its bytes counts.
 */
export function createUploadPartRepository(db: Kysely<Database>) {
  return {
    /** A part number never handed out before for this upload. */
    async reservePartNumber(id: string): Promise<number> {
      const row = await db
        .updateTable('uploads')
        .set({ next_part: sql<number>`next_part + 1` })
        .where('id', '=', id)
        .returning('next_part')
        .executeTakeFirst();
      if (row === undefined) {
        throw new Error('the upload went');
      }
      return Number(row.next_part) - 1;
    },

    /** Records the multipart upload unless one was recorded first; answers the one that counts. */
    async claimMultipart(id: string, multipartId: string): Promise<string | null> {
      await db
        .updateTable('uploads')
        .set({ multipart_id: multipartId })
        .where('id', '=', id)
        .where('multipart_id', 'is', null)
        .execute();
      const row = await db
        .selectFrom('uploads')
        .select('multipart_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row?.multipart_id ?? null;
    },

    /**
     * Records progress made from offset `from`, only if the upload is still there (receiving, at
     * that offset): answers false when another request recorded first.
     */
    async record(id: string, from: number, progress: Progress): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('uploads')
          .set({
            received: progress.received,
            tail_key: progress.tailKey,
            expires_at: progress.expiresAt,
          })
          .where('id', '=', id)
          .where('state', '=', 'receiving')
          .where('received', '=', from)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) {
          return false;
        }
        const first = progress.parts[0];
        if (first !== undefined) {
          // Rows past the offset belong to a request whose bytes were taken back.
          await trx
            .deleteFrom('upload_parts')
            .where('upload_id', '=', id)
            .where('position', '>=', first.position)
            .execute();
          await trx
            .insertInto('upload_parts')
            .values(
              progress.parts.map((part) => ({
                upload_id: id,
                position: part.position,
                part_number: part.partNumber,
                etag: part.etag,
                size: part.size,
              })),
            )
            .execute();
        }
        return true;
      });
    },

    /** The recorded parts in order. */
    async parts(id: string): Promise<RecordedPart[]> {
      const rows = await db
        .selectFrom('upload_parts')
        .select(['position', 'part_number', 'etag', 'size'])
        .where('upload_id', '=', id)
        .orderBy('position')
        .execute();
      return rows.map((row) => ({
        position: Number(row.position),
        partNumber: Number(row.part_number),
        etag: row.etag,
        size: Number(row.size),
      }));
    },

    /** Starts an upload over from byte 0 (a form upload sends everything again). */
    async restart(id: string, expiresAt: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('upload_parts').where('upload_id', '=', id).execute();
        await trx
          .updateTable('uploads')
          .set({ received: 0, tail_key: null, expires_at: expiresAt })
          .where('id', '=', id)
          .where('state', '=', 'receiving')
          .execute();
      });
    },
  };
}

export type UploadPartRepository = ReturnType<typeof createUploadPartRepository>;
