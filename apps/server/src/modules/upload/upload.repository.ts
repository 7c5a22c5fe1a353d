import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, UploadTable } from '../../db/schema';
import { toFileRecord, type FileRecord } from '../drive/file.repository';
import { usageQueriesOn } from '../drive/usage.repository';
import { createEventRepository, type NewEvent } from '../event/event.repository';
import type { ContentDigest } from '../storage/content-hash';

/** A byte range the server asked an instant upload to prove. */
export interface ProofRange {
  offset: number;
  length: number;
}

/** An upload row with numbers in their JavaScript types. */
export interface UploadRecord {
  id: string;
  userId: string;
  fileId: string;
  size: number;
  received: number;
  clientHash: string;
  uploadType: 'resumable' | 'form';
  state: 'receiving' | 'committing' | 'complete';
  sha256: string | null;
  gcid: string | null;
  proof: ProofRange[] | null;
  createdAt: string;
  expiresAt: string;
  /** `NODE_ID` of the node holding the partial data; `null` on rows older than that column. */
  holder: string | null;
  /** Bytes per S3 part when the upload's bytes are in the bucket; `null` when on a node's disk. */
  partSize: number | null;
  /** The S3 multipart upload of its bytes, once the first part went. */
  multipartId: string | null;
  /** The object with the bytes after the last part, if any. */
  tailKey: string | null;
}

export type NewUpload = Omit<
  UploadRecord,
  'received' | 'state' | 'sha256' | 'gcid' | 'multipartId' | 'tailKey'
>;

function parseProof(text: string | null): ProofRange[] | null {
  if (text === null) {
    return null;
  }
  try {
    const value = JSON.parse(text) as unknown;
    if (Array.isArray(value)) {
      return value.map((range: { offset?: unknown; length?: unknown }) => ({
        offset: Number(range.offset),
        length: Number(range.length),
      }));
    }
  } catch {
    // A damaged proof is no proof.
  }
  return null;
}

function toRecord(row: Selectable<UploadTable>): UploadRecord {
  return {
    id: row.id,
    userId: row.user_id,
    fileId: row.file_id,
    // PostgreSQL answers bigint as a string; sizes stay far below 2^53.
    size: Number(row.size),
    received: Number(row.received),
    clientHash: row.client_hash,
    uploadType: row.upload_type,
    state: row.state,
    sha256: row.sha256,
    gcid: row.gcid,
    proof: parseProof(row.proof),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    holder: row.holder,
    partSize: row.part_size === null ? null : Number(row.part_size),
    multipartId: row.multipart_id,
    tailKey: row.tail_key,
  };
}

/** A member's upload, read by every request of an upload: compiled once. */
const ownedUpload = preparedQuery((db: Kysely<Database>, values: { userId: string; id: string }) =>
  db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', values.id)
    .where('user_id', '=', values.userId),
);

const complete = 'PHASE_TYPE_COMPLETE';
const pending = 'PHASE_TYPE_PENDING';

// The statements every upload runs, from its row to its commit: compiled once (see preparedQuery).
const insertUploadRow = preparedQuery((db: Kysely<Database>, values: Insertable<UploadTable>) =>
  db.insertInto('uploads').values(values),
);
const markCommittingRow = preparedQuery(
  (db: Kysely<Database>, values: { id: string; sha256: string; gcid: string; size: number }) =>
    db
      .updateTable('uploads')
      .set({
        state: 'committing',
        sha256: values.sha256,
        gcid: values.gcid,
        received: values.size,
      })
      .where('id', '=', values.id),
);
const completeUploadRow = preparedQuery(
  (
    db: Kysely<Database>,
    values: { id: string; sha256: string; gcid: string; size: number; expiresAt: string },
  ) =>
    db
      .updateTable('uploads')
      .set({
        state: 'complete',
        sha256: values.sha256,
        gcid: values.gcid,
        received: values.size,
        proof: null,
        expires_at: values.expiresAt,
      })
      .where('id', '=', values.id),
);
const pendingFileOf = preparedQuery(
  (db: Kysely<Database>, values: { userId: string; fileId: string }) =>
    db
      .selectFrom('files')
      .select(['id', 'trashed'])
      .where('id', '=', values.fileId)
      .where('user_id', '=', values.userId)
      .where('phase', '=', pending),
);
const completeFileRow = preparedQuery(
  (
    db: Kysely<Database>,
    values: {
      userId: string;
      fileId: string;
      sha256: string;
      gcid: string;
      size: number;
      stamp: string;
    },
  ) =>
    db
      .updateTable('files')
      .set({
        phase: complete,
        sha256: values.sha256,
        gcid: values.gcid,
        size: values.size,
        modified_at: values.stamp,
      })
      .where('id', '=', values.fileId)
      .where('user_id', '=', values.userId)
      .where('phase', '=', pending)
      .returningAll(),
);
const insertBlobRow = preparedQuery(
  (db: Kysely<Database>, values: { sha256: string; gcid: string; size: number; stamp: string }) =>
    db
      .insertInto('blobs')
      .values({
        sha256: values.sha256,
        gcid: values.gcid,
        size: values.size,
        ref_count: 0,
        created_at: values.stamp,
        updated_at: values.stamp,
        verified_at: null,
      })
      .onConflict((conflict) =>
        conflict.column('sha256').doUpdateSet({ updated_at: values.stamp }),
      ),
);
const addBlobReference = preparedQuery((db: Kysely<Database>, values: { sha256: string }) =>
  db
    .updateTable('blobs')
    .set({ ref_count: sql<number>`ref_count + 1` })
    .where('sha256', '=', values.sha256),
);

/** Thrown inside a transaction to roll it back. */
class RolledBack extends Error {}

/**
 * What a commit found: the file completed, the file deleted meanwhile, the bytes gone, or the
 * member's quota full (another commit took the room first).
 */
export type CommitOutcome = 'completed' | 'file_gone' | 'bytes_gone' | 'over_quota';

/** Upload queries on a connection or a transaction another module opened (the file's, at creation). */
export function uploadQueriesOn(db: Kysely<Database>) {
  return {
    async insert(upload: NewUpload): Promise<void> {
      await insertUploadRow.execute(db, {
        id: upload.id,
        user_id: upload.userId,
        file_id: upload.fileId,
        size: upload.size,
        received: 0,
        client_hash: upload.clientHash,
        upload_type: upload.uploadType,
        state: 'receiving',
        sha256: null,
        gcid: null,
        proof: upload.proof === null ? null : JSON.stringify(upload.proof),
        created_at: upload.createdAt,
        expires_at: upload.expiresAt,
        holder: upload.holder,
        part_size: upload.partSize,
      });
    },
  };
}

/**
 * Upload rows, and the one transaction that completes an upload: the blob's row and reference,
 * the file turned COMPLETE and the upload marked complete commit together or not at all.
 */
export function createUploadRepository(db: Kysely<Database>) {
  async function completeUpload(
    trx: Transaction<Database>,
    uploadId: string,
    digest: ContentDigest,
    expiresAt: string,
  ) {
    await completeUploadRow.execute(trx, {
      id: uploadId,
      sha256: digest.sha256,
      gcid: digest.gcid,
      size: digest.size,
      expiresAt,
    });
  }

  /**
   * Takes the member's counter row (first, like every change of a member's files), then finds
   * the PENDING file and books its size: live, under the quota `limit` (a conditional update,
   * so two commits that each fit but not together cannot both pass), or in the trash when the
   * file was trashed while its bytes came in. Answers what the commit can do.
   */
  async function bookUsage(
    trx: Transaction<Database>,
    upload: UploadRecord,
    digest: ContentDigest,
    now: Date,
    limit: number,
  ): Promise<'booked' | 'file_gone' | 'over_quota'> {
    const usage = usageQueriesOn(trx);
    await usage.lock(upload.userId, now);
    const [waiting] = await pendingFileOf.execute(trx, {
      userId: upload.userId,
      fileId: upload.fileId,
    });
    if (waiting === undefined) {
      return 'file_gone';
    }
    const delta =
      Number(waiting.trashed) === 0
        ? { live: digest.size, trash: 0 }
        : { live: 0, trash: digest.size };
    return (await usage.adjust(upload.userId, delta, now, { limit })) ? 'booked' : 'over_quota';
  }

  /** Turns the PENDING file COMPLETE; answers it as it is now, or undefined when it went. */
  async function completeFile(
    trx: Transaction<Database>,
    upload: UploadRecord,
    digest: ContentDigest,
    stamp: string,
  ): Promise<FileRecord | undefined> {
    const [row] = await completeFileRow.execute(trx, {
      userId: upload.userId,
      fileId: upload.fileId,
      sha256: digest.sha256,
      gcid: digest.gcid,
      size: digest.size,
      stamp,
    });
    return row === undefined ? undefined : toFileRecord(row);
  }

  return {
    ...uploadQueriesOn(db),

    async find(id: string): Promise<UploadRecord | undefined> {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /** The member's upload with this id; undefined when absent or another's. */
    async findOwned(userId: string, id: string): Promise<UploadRecord | undefined> {
      const [row] = await ownedUpload.execute(db, { userId, id });
      return row === undefined ? undefined : toRecord(row);
    },

    /** The member's unfinished upload of a file. */
    async findReceivingByFile(userId: string, fileId: string): Promise<UploadRecord | undefined> {
      const row = await db
        .selectFrom('uploads')
        .selectAll()
        .where('file_id', '=', fileId)
        .where('user_id', '=', userId)
        .where('state', '=', 'receiving')
        .executeTakeFirst();
      return row === undefined ? undefined : toRecord(row);
    },

    /** Records bytes made durable (fsynced) and pushes the deadline back. */
    async setReceived(id: string, received: number, expiresAt: string): Promise<void> {
      await db
        .updateTable('uploads')
        .set({ received, expires_at: expiresAt })
        .where('id', '=', id)
        .where('state', '=', 'receiving')
        .execute();
    },

    /** The proof is answered once: cleared whatever the answer. False when none was pending. */
    async takeProof(id: string): Promise<boolean> {
      const result = await db
        .updateTable('uploads')
        .set({ proof: null })
        .where('id', '=', id)
        .where('state', '=', 'receiving')
        .where('proof', 'is not', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Every byte is in and hashed: the digest is written down before the bytes move. */
    async markCommitting(id: string, digest: ContentDigest): Promise<void> {
      await markCommittingRow.execute(db, {
        id,
        sha256: digest.sha256,
        gcid: digest.gcid,
        size: digest.size,
      });
    },

    /**
     * Completes an upload whose bytes were just put in the store: the blob row gains the file's
     * reference (or is written with none if the file was deleted meanwhile, so collection frees
     * it), the file turns COMPLETE, the upload complete. `stillStored` confirms, under the row
     * lock, that a collection did not delete the bytes in between.
     */
    async commit(
      upload: UploadRecord,
      digest: ContentDigest,
      now: Date,
      expiresAt: string,
      limit: number,
      stillStored: () => Promise<boolean>,
      event?: (file: FileRecord) => NewEvent,
    ): Promise<{ outcome: CommitOutcome; file?: FileRecord }> {
      const stamp = now.toISOString();
      let outcome: CommitOutcome = 'completed';
      let file: FileRecord | undefined;
      try {
        await db.transaction().execute(async (trx) => {
          const booking = await bookUsage(trx, upload, digest, now, limit);
          // The blob row first (the file's `sha256` references it), at no new reference: bytes
          // refused by the quota or orphaned by a deleted file stay unreferenced, so collection
          // frees them.
          await insertBlobRow.execute(trx, {
            sha256: digest.sha256,
            gcid: digest.gcid,
            size: digest.size,
            stamp,
          });
          if (!(await stillStored())) {
            throw new RolledBack();
          }
          if (booking === 'over_quota') {
            outcome = 'over_quota';
            return;
          }
          file = booking === 'booked' ? await completeFile(trx, upload, digest, stamp) : undefined;
          if (file) {
            await addBlobReference.execute(trx, { sha256: digest.sha256 });
            if (event) {
              // The upload's event is written in the same commit: no second commit to make.
              await createEventRepository(trx).insert([event(file)]);
            }
          } else if (booking === 'booked') {
            // The PENDING file went between the booking and now: take its size back.
            await usageQueriesOn(trx).adjust(upload.userId, { live: -digest.size, trash: 0 }, now);
          }
          await completeUpload(trx, upload.id, digest, expiresAt);
          outcome = file ? 'completed' : 'file_gone';
        });
      } catch (error) {
        if (error instanceof RolledBack) {
          return { outcome: 'bytes_gone' };
        }
        throw error;
      }
      return { outcome, ...(file ? { file } : {}) };
    },

    /** Completes an instant upload: one more reference to a stored blob, no bytes. */
    async commitInstant(
      upload: UploadRecord,
      digest: ContentDigest,
      now: Date,
      expiresAt: string,
      limit: number,
    ): Promise<CommitOutcome> {
      const stamp = now.toISOString();
      let outcome: CommitOutcome = 'completed';
      try {
        await db.transaction().execute(async (trx) => {
          const booking = await bookUsage(trx, upload, digest, now, limit);
          if (booking !== 'booked') {
            outcome = booking;
            throw new RolledBack();
          }
          const referenced = await trx
            .updateTable('blobs')
            .set({ ref_count: sql<number>`ref_count + 1`, updated_at: stamp })
            .where('sha256', '=', digest.sha256)
            .executeTakeFirst();
          if (referenced.numUpdatedRows === 0n) {
            outcome = 'bytes_gone';
            throw new RolledBack();
          }
          if ((await completeFile(trx, upload, digest, stamp)) === undefined) {
            outcome = 'file_gone';
            throw new RolledBack();
          }
          await completeUpload(trx, upload.id, digest, expiresAt);
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) {
          throw error;
        }
      }
      return outcome;
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom('upload_parts').where('upload_id', '=', id).execute();
      await db.deleteFrom('uploads').where('id', '=', id).execute();
    },

    /** Uploads past their deadline, oldest first. */
    async listExpired(before: string, limit: number): Promise<UploadRecord[]> {
      return (
        await db
          .selectFrom('uploads')
          .selectAll()
          .where('expires_at', '<', before)
          .where('state', '!=', 'committing')
          .orderBy('expires_at')
          .limit(limit)
          .execute()
      ).map(toRecord);
    },

    /** Uploads whose commit a crash may have cut short. */
    async listCommitting(): Promise<UploadRecord[]> {
      return (
        await db.selectFrom('uploads').selectAll().where('state', '=', 'committing').execute()
      ).map(toRecord);
    },

    /** Which of these ids have an upload row (to find partial data nobody owns). */
    async existingIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) {
        return new Set();
      }
      const rows = await db.selectFrom('uploads').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * Deletes PENDING files older than `before` that no upload is bringing bytes to any more (a
     * crash between the file and its upload row, or a copy of a PENDING file); answers how many.
     */
    async deleteAbandonedPendingFiles(before: string, limit: number): Promise<number> {
      const rows = await db
        .selectFrom('files')
        .select('id')
        .where('kind', '=', 'file')
        .where('phase', '=', pending)
        .where('created_at', '<', before)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('uploads')
                .select('uploads.id')
                .whereRef('uploads.file_id', '=', 'files.id'),
            ),
          ),
        )
        .limit(limit)
        .execute();
      if (rows.length === 0) {
        return 0;
      }
      const result = await db
        .deleteFrom('files')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .where('phase', '=', pending)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Deletes the PENDING file of an upload that failed or expired (a completed file stays). */
    async deletePendingFile(userId: string, fileId: string): Promise<void> {
      await db
        .deleteFrom('files')
        .where('id', '=', fileId)
        .where('user_id', '=', userId)
        .where('phase', '=', pending)
        .execute();
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
