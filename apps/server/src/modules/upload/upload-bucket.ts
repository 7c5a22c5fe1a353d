import { createHash, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../http/app-error';
import type { FileRecord } from '../drive/file.repository';
import { drainStream } from '../../lib/stream-drain';
import type { BucketUploads } from '../storage/blob-store.interface';
import type { ContentDigest } from '../storage/content-hash';
import { createStreamHasher, type StreamHasher } from '../storage/threaded-hash';
import type { RecordedPart, UploadPartRepository } from './upload-part.repository';
import type { UploadRecord } from './upload.repository';
import type { UploadChecksum } from './upload-append';
import type { UploadServiceDeps, UploadSteps } from './upload-steps';

/** S3 numbers parts 1 to 10,000. */
const maxPartNumber = 10_000;

/**
 * An upload kept in the bucket, as this process knows it: the bytes after its last part (also in
 * the tail object) and, when every byte came through this process, the hasher over them.
 */
interface BucketSession {
  received: number;
  tail: Buffer;
  tailKey: string | null;
  /** SHA-256 and GCID of the bytes before `hashed`; undefined once bytes came through another node. */
  hasher: StreamHasher | undefined;
  hashed: number;
}

/** Another request recorded bytes of this upload first (another node, or a retry). */
function raced(): AppError {
  return new AppError('aborted', {
    description: 'Another request stored bytes of this upload first; ask for its offset again',
  });
}

function lost(): AppError {
  return new AppError('aborted', { description: "The upload's bytes are gone; start it again" });
}

/** A failure of the bucket or the database, as opposed to the client's stream. */
class StoreFailure extends Error {
  constructor(readonly failure: unknown) {
    super('storing an upload part failed');
  }
}

/**
 * Uploads kept in the bucket (docs/uploads.md, "In the bucket"): bytes gathered in memory into
 * parts of `part_size`, each sent to the upload's S3 multipart upload under a part number handed
 * out once, and recorded (ETag, offset) by compare-and-set on the offset, so any node continues
 * any upload and two nodes writing one at once cannot mix their bytes. The bytes after the last
 * part go to a tail object at the end of a request. The hash is kept in memory while the bytes
 * come through one process; an upload that moved is hashed once, from the joined object, at its
 * end (cheaper than hashing every upload with a hasher whose state can be saved; see docs).
 */
export function createUploadBucket(
  deps: UploadServiceDeps,
  steps: UploadSteps,
  bucket: BucketUploads,
  parts: UploadPartRepository,
) {
  const sessions = new Map<string, BucketSession>();

  /** How many bytes of `received` wait in the tail object (not in a part). */
  function tailLength(upload: UploadRecord, received: number): number {
    const partSize = upload.partSize ?? 0;
    return received === upload.size ? 0 : received % partSize;
  }

  /** The upload as this process left it, or rebuilt from its row and tail object. */
  async function sessionOf(upload: UploadRecord): Promise<BucketSession> {
    const known = sessions.get(upload.id);
    if (known && known.received === upload.received && known.tailKey === upload.tailKey) {
      return known;
    }
    known?.hasher?.dispose();
    const length = tailLength(upload, upload.received);
    const tail =
      length > 0 && upload.tailKey !== null
        ? await bucket.getTail(upload.tailKey, length)
        : Buffer.alloc(0);
    if (length > 0 && upload.tailKey === null) {
      throw lost();
    }
    const session: BucketSession = {
      received: upload.received,
      tail,
      tailKey: upload.tailKey,
      // From byte 0 this process sees every byte; otherwise the joined bytes are hashed at the end.
      hasher: upload.received === 0 ? createStreamHasher(upload.size) : undefined,
      hashed: 0,
    };
    sessions.set(upload.id, session);
    return session;
  }

  function forget(id: string): void {
    sessions.get(id)?.hasher?.dispose();
    sessions.delete(id);
  }
  steps.forgetters.push(forget);

  /** Hashes the bytes of `bytes` (starting at offset `at`) the session's hasher has not seen. */
  async function feed(session: BucketSession, bytes: Buffer, at: number): Promise<void> {
    if (session.hasher === undefined || session.hashed >= at + bytes.length) {
      return;
    }
    if (session.hashed < at) {
      // A gap: bytes this process never saw.
      session.hasher.dispose();
      session.hasher = undefined;
      return;
    }
    await session.hasher.update(bytes.subarray(session.hashed - at));
    session.hashed = at + bytes.length;
  }

  /** The upload's multipart upload, started by the first part of whichever node sends it. */
  async function multipartOf(upload: UploadRecord): Promise<string> {
    if (upload.multipartId !== null) {
      return upload.multipartId;
    }
    const started = await bucket.begin(upload.id);
    const winner = await parts.claimMultipart(upload.id, started);
    if (winner !== started) {
      await bucket.remove(upload.id, started).catch(() => undefined);
    }
    if (winner === null) {
      throw raced();
    }
    upload.multipartId = winner;
    return winner;
  }

  /**
   * Appends a request's bytes at the recorded offset. Every full part is sent and, without a
   * checksum, recorded at once (a node killed mid-request loses at most the part being filled);
   * at the end the bytes after the last part are stored as the tail. A checksummed request is
   * all or nothing: its parts are recorded at its end, only when the checksum matches.
   */
  async function append(
    upload: UploadRecord,
    session: BucketSession,
    source: Readable,
    signal: AbortSignal,
    checksum: UploadChecksum | undefined,
  ): Promise<void> {
    const partSize = upload.partSize ?? 0;
    const start = session.received;
    let recordedAt = start;
    let position = (start - session.tail.length) / partSize;
    let pending: Buffer[] = [session.tail];
    let pendingLength = session.tail.length;
    let queued = start;
    const sent: RecordedPart[] = [];
    const snapshot = checksum ? session.hasher?.copy() : undefined;
    const snapshotHashed = session.hashed;
    const check = checksum ? createHash(checksum.algorithm) : undefined;

    const record = async (received: number, tailKey: string | null, newParts: RecordedPart[]) => {
      const recorded = await parts.record(upload.id, recordedAt, {
        received,
        tailKey,
        parts: newParts,
        expiresAt: steps.deadline(),
      });
      if (!recorded) {
        throw raced();
      }
      const before = session.tailKey;
      if (before !== null && before !== tailKey) {
        await bucket.dropTail(before).catch(() => undefined);
      }
      recordedAt = received;
      session.received = received;
      session.tailKey = tailKey;
      upload.received = received;
      upload.tailKey = tailKey;
    };

    const sendPart = async (bytes: Buffer) => {
      const at = position * partSize;
      const multipartId = await multipartOf(upload);
      const partNumber = await parts.reservePartNumber(upload.id);
      if (partNumber > maxPartNumber) {
        throw new AppError('aborted', {
          description: 'The upload sent its parts again too often; start it again',
        });
      }
      const etag = await bucket.sendPart(upload.id, multipartId, partNumber, bytes);
      await feed(session, bytes, at);
      const part = { position, partNumber, etag, size: bytes.length };
      position += 1;
      if (checksum) {
        sent.push(part);
      } else {
        await record(at + bytes.length, null, [part]);
        session.tail = Buffer.alloc(0);
      }
    };

    /** Sends every full part waiting, and the last one once the upload's last byte is in. */
    const sendReady = async () => {
      while (pendingLength >= partSize || (queued === upload.size && pendingLength > 0)) {
        const joined = Buffer.concat(pending, pendingLength);
        const take = Math.min(partSize, joined.length);
        pending = [joined.subarray(take)];
        pendingLength = joined.length - take;
        try {
          await sendPart(joined.subarray(0, take));
        } catch (error) {
          throw error instanceof AppError ? error : new StoreFailure(error);
        }
      }
    };

    let failure: unknown;
    let work: Promise<void> = Promise.resolve();
    const onAbort = () => source.destroy(new Error('preempted by a newer request'));
    signal.addEventListener('abort', onAbort);
    try {
      await drainStream(source, (buffer) => {
        if (queued + buffer.length > upload.size) {
          throw new AppError('payload_too_large', {
            description: `The upload is ${upload.size} bytes long`,
            status: 413,
          });
        }
        check?.update(buffer);
        queued += buffer.length;
        pending.push(buffer);
        pendingLength += buffer.length;
        if (pendingLength < partSize && queued < upload.size) {
          return undefined;
        }
        work = work.then(sendReady);
        return work;
      });
    } catch (error) {
      failure = error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    let storeFailure: unknown;
    await work.catch((error: unknown) => {
      storeFailure = error;
    });
    if (storeFailure !== undefined) {
      // What was recorded stands; this process's view of the rest is not to be trusted.
      forget(upload.id);
      if (storeFailure instanceof StoreFailure) {
        throw new AppError('unavailable', {
          description: 'The store did not take the bytes; send them again',
          retryAfterSeconds: 5,
          cause: storeFailure.failure,
        });
      }
      throw storeFailure instanceof Error
        ? storeFailure
        : new Error('storing an upload part failed');
    }
    const mismatch =
      checksum !== undefined &&
      failure === undefined &&
      !equalDigests(check?.digest() ?? Buffer.alloc(0), checksum.digest);
    if (checksum && (failure !== undefined || mismatch)) {
      // Nothing of a checksummed request counts unless all of it arrived and matches.
      session.hasher?.dispose();
      session.hasher = snapshot;
      session.hashed = snapshotHashed;
      if (mismatch) {
        throw new AppError('invalid_argument', {
          description: 'The bytes do not match Upload-Checksum',
          status: 460,
        });
      }
      rethrow(failure, signal);
      return;
    }
    snapshot?.dispose();
    const tail = Buffer.concat(pending, pendingLength);
    if (queued > recordedAt || sent.length > 0) {
      try {
        let tailKey: string | null = null;
        if (tail.length > 0) {
          await feed(session, tail, queued - tail.length);
          tailKey = await bucket.putTail(upload.id, tail);
        }
        try {
          await record(queued, tailKey, sent);
        } catch (error) {
          if (tailKey !== null) {
            await bucket.dropTail(tailKey).catch(() => undefined);
          }
          throw error;
        }
        session.tail = tail;
      } catch (error) {
        forget(upload.id);
        throw error;
      }
    }
    rethrow(failure, signal);
  }

  /**
   * The last byte is recorded: joins the parts in the bucket, takes the digest (from this
   * process's hasher, or by reading the joined bytes once), then commits as every upload does.
   */
  async function finish(upload: UploadRecord): Promise<FileRecord | undefined> {
    const session = sessions.get(upload.id);
    const stored = await steps.joinParts(upload);
    if (stored !== undefined) {
      // Another node's commit of the same upload moved the bytes to their blob: commit with it.
      forget(upload.id);
      return steps.commitStored(upload, stored);
    }
    const digest =
      session?.hasher !== undefined && session.hashed === upload.size
        ? await session.hasher.copy().digest()
        : await hashJoined(upload);
    forget(upload.id);
    return steps.finishWith(upload, digest);
  }

  /** SHA-256 and GCID of the joined bytes, read once. */
  async function hashJoined(upload: UploadRecord): Promise<ContentDigest> {
    const hasher = createStreamHasher(upload.size);
    try {
      const body = await bucket.read(upload.id);
      await drainStream(body, (chunk) => hasher.update(chunk));
      return await hasher.digest();
    } catch (error) {
      hasher.dispose();
      throw error;
    }
  }

  return {
    sessionOf,
    forget,
    append,
    finish,

    /** A form upload sends everything again: the upload starts over from byte 0. */
    async restart(upload: UploadRecord): Promise<void> {
      forget(upload.id);
      await parts.restart(upload.id, steps.deadline());
      if (upload.tailKey !== null) {
        await bucket.dropTail(upload.tailKey).catch(() => undefined);
      }
      upload.received = 0;
      upload.tailKey = null;
    },
  };
}

function equalDigests(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The client's failure, once what arrived is stored (see upload-append.ts). */
function rethrow(failure: unknown, signal: AbortSignal): void {
  if (failure instanceof AppError) {
    throw failure;
  }
  if (failure !== undefined && !signal.aborted) {
    throw new AppError('aborted', {
      description: 'The request ended before its bytes did',
      cause: failure,
    });
  }
}

export type UploadBucket = ReturnType<typeof createUploadBucket>;
