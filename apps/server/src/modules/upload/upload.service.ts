import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import { drainStream } from '../../lib/stream-drain';
import type { FileRecord } from '../drive/file.repository';
import type { FileService } from '../drive/file.service';
import type { BlobStore } from '../storage/blob-store';
import type { BlobRepository } from '../storage/blob.repository';
import type { BlobService } from '../storage/blob.service';
import type { ContentDigest } from '../storage/content-hash';
import { HashedFileWriter, hashFilePrefix } from '../storage/hashed-file-writer';
import { openDirect } from '../storage/shared-slots';
import { createStreamHasher, type StreamHasher } from '../storage/threaded-hash';
import type { ProofRange, UploadRecord, UploadRepository } from './upload.repository';

export interface UploadServiceDeps {
  uploads: UploadRepository;
  files: Pick<FileService, 'createPending' | 'createFile' | 'about' | 'get'>;
  blobs: Pick<BlobService, 'ingest'>;
  blobRecords: Pick<BlobRepository, 'findByGcid'>;
  store: Pick<BlobStore, 'adopt' | 'get' | 'exists'>;
  /** Folder of the partial data (`DATA_DIR/uploads`), on the blob store's disk. */
  dir: string;
  /** How long an unfinished upload lives after its last bytes. */
  expiryMs: number;
  /** Bytes between two durable checkpoints inside one long PATCH (fsync, then the offset row); 64 MiB when absent. */
  checkpointBytes?: number;
  now: () => Date;
  logger: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** Told of every completed upload (recent events). */
  onComplete?: (file: FileRecord) => Promise<void>;
}

/** What a client asks for in `POST /drive/v1/files` with `kind: drive#file`. */
export interface StartUploadInput {
  name: string;
  parentId: string;
  size: number;
  /** GCID the client claims, upper-case hex; empty when not given. */
  hash: string;
  uploadType: 'resumable' | 'form';
  mimeType?: string;
}

/** A started upload: the PENDING file, its upload, and the ranges to prove if any. */
export interface StartedUpload {
  file: FileRecord;
  upload: UploadRecord | undefined;
  proof: ProofRange[] | null;
}

/** Where a tus resource stands. */
export interface UploadStatus {
  received: number;
  size: number;
  expiresAt: string;
  /** The completed file, once every byte is in. */
  file?: FileRecord;
}

/** A tus `Upload-Checksum`: algorithm and the digest the client sent. */
export interface UploadChecksum {
  algorithm: 'sha1' | 'sha256' | 'md5';
  digest: Buffer;
}

export const checksumAlgorithms = ['sha1', 'sha256', 'md5'] as const;

/** One answered range of `:prove`. */
export interface ProvenRange {
  offset: number;
  length: number;
  sha1: string;
}

const mebibyte = 1024 * 1024;
/** Bytes written between the background fdatasyncs of the partial data while a PATCH runs (at most). */
const maxFlushBytes = 32 * mebibyte;
/** Length of each proof range (shorter files prove their whole length). */
const proofRangeLength = 128 * 1024;
const gcidPattern = /^[0-9A-F]{40}$/;

/** The tus 409: the client's offset is not where the stored bytes end. */
function offsetConflict(received: number): AppError {
  return new AppError('aborted', {
    description: `Upload-Offset must be ${received}, the bytes stored so far`,
    metadata: { offset: String(received) },
  });
}

function notFound(): AppError {
  return new AppError('not_found', { description: 'No such upload' });
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** A uniformly random integer in [0, bound) for bounds up to 2^48. */
function randomBelow(bound: number): number {
  return Math.floor((randomBytes(6).readUIntBE(0, 6) / 2 ** 48) * bound);
}

/** Two or three random ranges of the content to prove possession of. */
export function chooseProofRanges(size: number): ProofRange[] {
  const length = Math.min(size, proofRangeLength);
  const count = 2 + randomBelow(2);
  const ranges: ProofRange[] = [];
  for (let index = 0; index < count; index += 1) {
    ranges.push({ offset: randomBelow(size - length + 1), length });
  }
  return ranges;
}

/** The hasher state of an upload in this process, kept across its PATCH requests. */
interface Session {
  hasher: StreamHasher;
  received: number;
}

/** The one request working on an upload at a time; a newer request preempts a running PATCH. */
interface Lane {
  tail: Promise<unknown>;
  active: AbortController | undefined;
  users: number;
}

/**
 * Uploads (docs/api.md#files): the PENDING file and its tus resource, bytes appended to a partial file
 * (`DATA_DIR/uploads/<id>`) and hashed (SHA-256 + GCID) as they arrive, the durable offset
 * recorded only after an fsync, and the commit that moves the finished file into the blob store
 * (a rename on local disk) and turns the file COMPLETE in one transaction.
 *
 * Hasher state lives in memory between PATCH requests. Node's hashes cannot be saved, so after a
 * restart (or on another node) the first request re-hashes the stored partial data once; it is
 * read back only then, never on the normal path.
 */
export function createUploadService(deps: UploadServiceDeps) {
  const { uploads, files, store, now } = deps;
  const checkpointBytes = deps.checkpointBytes ?? 64 * mebibyte;
  // An fdatasync at least once per checkpoint interval, so each interval is recorded as it is made durable.
  const flushBytes = Math.min(maxFlushBytes, checkpointBytes);
  const sessions = new Map<string, Session>();
  const lanes = new Map<string, Lane>();
  const partOf = (id: string) => path.join(deps.dir, id);
  const ready = fs.mkdir(deps.dir, { recursive: true });
  ready.catch(() => undefined);

  const deadline = () => new Date(now().getTime() + deps.expiryMs).toISOString();

  /** Runs `work` alone on an upload, after aborting whatever request holds it now. */
  async function exclusive<T>(id: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    let lane = lanes.get(id);
    if (!lane) {
      lane = { tail: Promise.resolve(), active: undefined, users: 0 };
      lanes.set(id, lane);
    }
    const current = lane;
    current.users += 1;
    current.active?.abort();
    const controller = new AbortController();
    const run = current.tail.then(async () => {
      current.active = controller;
      try {
        return await work(controller.signal);
      } finally {
        if (current.active === controller) {
          current.active = undefined;
        }
      }
    });
    current.tail = run.catch(() => undefined);
    try {
      return await run;
    } finally {
      current.users -= 1;
      if (current.users === 0) {
        lanes.delete(id);
      }
    }
  }

  async function ownedUpload(userId: string, id: string): Promise<UploadRecord> {
    const upload = await uploads.findOwned(userId, id);
    if (!upload || (upload.state !== 'committing' && upload.expiresAt <= now().toISOString())) {
      throw notFound();
    }
    return upload;
  }

  /** Opens the partial data for writing, creating it when the upload has none yet. */
  async function openPart(id: string): Promise<fs.FileHandle> {
    await ready;
    try {
      return await fs.open(partOf(id), 'r+');
    } catch (error) {
      if (isErrorCode(error, 'ENOENT')) {
        return fs.open(partOf(id), 'w+');
      }
      throw error;
    }
  }

  /**
   * The hasher of an upload at its durable offset: this process's, or rebuilt by re-hashing the
   * stored partial data (after a restart) cut back to the offset the database holds.
   */
  async function sessionOf(upload: UploadRecord): Promise<Session> {
    const known = sessions.get(upload.id);
    if (known && known.received === upload.received) {
      return known;
    }
    const handle = await openPart(upload.id);
    try {
      const { size: stored } = await handle.stat();
      const received = Math.min(stored, upload.received);
      if (stored !== received) {
        await handle.truncate(received);
        await handle.sync();
      }
      const hasher = createStreamHasher(upload.size);
      if (received > 0) {
        await hashFilePrefix(handle, received, hasher);
      }
      if (received !== upload.received) {
        await uploads.setReceived(upload.id, received, upload.expiresAt);
        upload.received = received;
      }
      const session = { hasher, received };
      sessions.set(upload.id, session);
      return session;
    } finally {
      await handle.close();
    }
  }

  /** Drops an upload that cannot complete: its partial data, its row and its PENDING file. */
  async function discard(upload: UploadRecord): Promise<void> {
    sessions.delete(upload.id);
    await fs.rm(partOf(upload.id), { force: true });
    await uploads.delete(upload.id);
    await uploads.deletePendingFile(upload.userId, upload.fileId);
  }

  /** Refuses `size` more bytes when the member's storage has no room; answers the limit. */
  async function assertQuota(userId: string, size: number): Promise<number> {
    const about = await files.about(userId);
    if (about.usage + size > about.limit) {
      throw new AppError('file_space_not_enough');
    }
    return about.limit;
  }

  /** Moves the finished bytes into the store and commits; also the restart path of a commit. */
  async function commitStored(
    upload: UploadRecord,
    digest: ContentDigest,
    knownLimit?: number,
  ): Promise<FileRecord | undefined> {
    const part = partOf(upload.id);
    const hasPart = await fs
      .stat(part)
      .then(() => true)
      .catch(() => false);
    if (hasPart) {
      await store.adopt(part, digest);
    }
    // The quota is checked again inside the commit, atomically with the member's counters,
    // against the limit the caller just read (or, on the restart path, reads now).
    const limit = knownLimit ?? (await files.about(upload.userId)).limit;
    const outcome = await uploads.commit(upload, digest, now(), deadline(), limit, () =>
      store.exists(digest.sha256),
    );
    sessions.delete(upload.id);
    if (outcome === 'over_quota') {
      // Another upload took the room first: this one's bytes stay unreferenced and are collected.
      await discard(upload);
      throw new AppError('file_space_not_enough');
    }
    if (outcome === 'bytes_gone') {
      await discard(upload);
      throw new AppError('aborted', { description: 'The upload raced a clean-up; start it again' });
    }
    if (outcome === 'file_gone') {
      return undefined;
    }
    const file = await files.get(upload.userId, upload.fileId);
    if (deps.onComplete) {
      await deps
        .onComplete(file)
        .catch((error: unknown) => deps.logger.error({ err: error }, 'upload event not recorded'));
    }
    return file;
  }

  /** The last byte is in: check the hash and the quota, then commit. */
  async function finish(upload: UploadRecord, session: Session): Promise<FileRecord | undefined> {
    const digest = await session.hasher.copy().digest();
    if (upload.clientHash !== '' && upload.clientHash !== digest.gcid) {
      await discard(upload);
      throw new AppError('invalid_argument', {
        description: 'The content does not match the hash given for it',
      });
    }
    let limit: number;
    try {
      limit = await assertQuota(upload.userId, upload.size);
    } catch (error) {
      await discard(upload);
      throw error;
    }
    await uploads.markCommitting(upload.id, digest);
    return commitStored(upload, digest, limit);
  }

  /**
   * Appends bytes at the durable offset. Bytes are gathered into 1 MiB shared buffers
   * (`HashedFileWriter`; whole aligned ones written with direct I/O where the file system has
   * it): each is written while the next is received and, once written, hashed
   * (SHA-256 and GCID) on the hash threads; every 32 MiB (or `checkpointBytes`, if less) the file
   * is fdatasynced in the background. As soon as such an fdatasync has made `checkpointBytes`
   * (UPLOAD_CHECKPOINT_MIB) more durable, the offset it covered is recorded; at the end
   * of the request the file is fsynced and the offset recorded, so a crash loses at most the bytes
   * after the last checkpoint. With a tus checksum the request's bytes are kept only when they
   * match it, whole.
   */
  async function append(
    upload: UploadRecord,
    session: Session,
    source: Readable,
    signal: AbortSignal,
    checksum: UploadChecksum | undefined,
  ): Promise<void> {
    const start = session.received;
    const snapshot = checksum ? session.hasher.copy() : undefined;
    const check = checksum ? createHash(checksum.algorithm) : undefined;
    const handle = await openPart(upload.id);
    // Whole aligned buffers go to the disk past the page cache when its file system allows.
    const direct = await openDirect(partOf(upload.id)).catch(() => undefined);
    let checkpointed = start;
    let checkpointing: Promise<void> | undefined;
    let failure: unknown;
    // Four buffers under way at most: many uploads may run at once. Each fdatasync that finishes
    // may record a checkpoint at once, whether or not more bytes come.
    const writer: HashedFileWriter = new HashedFileWriter(handle, start, session.hasher, {
      flushBytes,
      maxSlots: 4,
      ...(direct === undefined ? {} : { direct }),
      onDurable: () => checkpoint(),
    });

    /** Records the offset the last background fdatasync covered, once `checkpointBytes` more are durable. */
    const checkpoint = () => {
      if (checksum || checkpointing || writer.durable - checkpointed < checkpointBytes) {
        return;
      }
      const at = writer.durable;
      checkpointing = (async () => {
        await uploads.setReceived(upload.id, at, deadline());
        checkpointed = at;
      })()
        // A failed checkpoint only leaves the durable offset further back; the end of the request records it.
        .catch((error: unknown) =>
          deps.logger.error({ err: error, upload: upload.id }, 'upload checkpoint failed'),
        )
        .finally(() => {
          checkpointing = undefined;
        });
    };

    const onAbort = () => source.destroy(new Error('preempted by a newer request'));
    signal.addEventListener('abort', onAbort);
    try {
      await drainStream(source, (buffer) => {
        if (writer.queued + buffer.length > upload.size) {
          throw new AppError('payload_too_large', {
            description: `The upload is ${upload.size} bytes long`,
            status: 413,
          });
        }
        check?.update(buffer);
        checkpoint();
        return writer.push(buffer);
      });
      await writer.flush();
    } catch (error) {
      failure = error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    // Bytes that arrived whole are kept (tus resumes after them), unless a write failed: then
    // the bytes before it stand.
    const broken = await writer.flush().then(
      () => false,
      () => true,
    );
    try {
      await checkpointing?.catch(() => undefined);
      let position = writer.written;
      let mismatch = false;
      if (checksum && check) {
        mismatch =
          failure === undefined && !timingSafeEqualBuffers(check.digest(), checksum.digest);
        if (failure !== undefined || mismatch) {
          // A checksummed request is all or nothing.
          position = start;
          await handle.truncate(start);
          if (snapshot !== undefined) {
            session.hasher.dispose();
            session.hasher = snapshot;
          }
        } else {
          snapshot?.dispose();
        }
      } else if (position < writer.queued) {
        // A write failed part-way: cut the file back to what was written.
        await handle.truncate(position);
      }
      await handle.sync();
      await uploads.setReceived(upload.id, position, deadline());
      upload.received = position;
      if (broken) {
        // The hasher may not have every written byte: the next request hashes the file again.
        sessions.delete(upload.id);
      } else {
        session.received = position;
      }
      if (mismatch) {
        throw new AppError('invalid_argument', {
          description: 'The bytes do not match Upload-Checksum',
          status: 460,
        });
      }
    } finally {
      await direct?.close();
      await handle.close();
    }
    if (failure instanceof AppError) {
      throw failure;
    }
    if (failure !== undefined && !signal.aborted) {
      // The client went away mid-request; what arrived is stored and the upload resumes there.
      throw new AppError('aborted', {
        description: 'The request ended before its bytes did',
        cause: failure,
      });
    }
  }

  function statusOf(upload: UploadRecord, file?: FileRecord): UploadStatus {
    return {
      received: upload.received,
      size: upload.size,
      expiresAt: upload.expiresAt,
      ...(file ? { file } : {}),
    };
  }

  return {
    /** `POST /drive/v1/files` for a file: quota first, then the PENDING file and its upload. */
    async start(userId: string, input: StartUploadInput): Promise<StartedUpload> {
      if (!Number.isSafeInteger(input.size) || input.size < 0) {
        throw new AppError('invalid_argument', { description: 'size is a byte count' });
      }
      const hash = input.hash.toUpperCase();
      if (hash !== '' && !gcidPattern.test(hash)) {
        throw new AppError('invalid_argument', {
          description: 'hash is a GCID: 40 hexadecimal digits',
        });
      }
      await assertQuota(userId, input.size);
      if (input.size === 0) {
        // Nothing to send: the empty content is stored at once.
        const blob = await deps.blobs.ingest(Readable.from([]), { expectedSize: 0 });
        const file = await files.createFile(userId, {
          name: input.name,
          parentId: input.parentId,
          blob,
          ...(input.mimeType === undefined ? {} : { mimeType: input.mimeType }),
        });
        await deps.onComplete?.(file);
        return { file, upload: undefined, proof: null };
      }
      const file = await files.createPending(userId, {
        name: input.name,
        parentId: input.parentId,
        size: input.size,
        ...(input.mimeType === undefined ? {} : { mimeType: input.mimeType }),
      });
      // Offered whenever hash and size are given, whether or not the content is stored: no oracle.
      const proof = hash === '' ? null : chooseProofRanges(input.size);
      const upload = {
        id: newId(),
        userId,
        fileId: file.id,
        size: input.size,
        clientHash: hash,
        uploadType: input.uploadType,
        proof,
        createdAt: now().toISOString(),
        expiresAt: deadline(),
      };
      await uploads.insert(upload);
      return {
        file,
        upload: { ...upload, received: 0, state: 'receiving', sha256: null, gcid: null },
        proof,
      };
    },

    /**
     * `:prove`: the ranges must be the ones offered and hash (SHA-1) like the stored content of
     * the claimed GCID and size; then the file completes with a new reference and no bytes. Any
     * other answer leaves the upload to receive bytes. The proof can be answered once.
     */
    async prove(
      userId: string,
      fileId: string,
      ranges: ProvenRange[],
    ): Promise<{ file: FileRecord; upload: UploadRecord | undefined; proven: boolean }> {
      const file = await files.get(userId, fileId);
      const upload = await uploads.findReceivingByFile(userId, fileId);
      if (!upload) {
        if (file.phase === 'PHASE_TYPE_COMPLETE') {
          return { file, upload: undefined, proven: false };
        }
        throw new AppError('failed_precondition', {
          description: 'This file has no upload waiting for a proof',
        });
      }
      const offered = upload.proof;
      if (offered === null || !(await uploads.takeProof(upload.id))) {
        return { file, upload: { ...upload, proof: null }, proven: false };
      }
      upload.proof = null;
      const sameRanges =
        ranges.length === offered.length &&
        offered.every(
          (range, index) =>
            ranges[index]?.offset === range.offset && ranges[index]?.length === range.length,
        );
      const candidate = sameRanges
        ? await deps.blobRecords.findByGcid(upload.clientHash, upload.size)
        : undefined;
      let matches = candidate !== undefined;
      if (candidate) {
        for (const [index, range] of offered.entries()) {
          const sha1 = createHash('sha1');
          try {
            for await (const chunk of await store.get(candidate.sha256, {
              start: range.offset,
              end: range.offset + range.length - 1,
            })) {
              sha1.update(chunk as Buffer);
            }
          } catch {
            matches = false;
            break;
          }
          const given = ranges[index]?.sha1.toLowerCase() ?? '';
          if (sha1.digest('hex') !== given) {
            matches = false;
            break;
          }
        }
      }
      if (!candidate || !matches) {
        return { file, upload, proven: false };
      }
      // The quota is checked inside the commit, atomically with the member's counters.
      const { limit } = await files.about(userId);
      const digest = { sha256: candidate.sha256, gcid: candidate.gcid, size: candidate.size };
      const outcome = await uploads.commitInstant(upload, digest, now(), deadline(), limit);
      if (outcome === 'over_quota') {
        throw new AppError('file_space_not_enough');
      }
      if (outcome !== 'completed') {
        return { file, upload, proven: false };
      }
      await fs.rm(partOf(upload.id), { force: true });
      sessions.delete(upload.id);
      const completed = await files.get(userId, fileId);
      if (deps.onComplete) {
        await deps
          .onComplete(completed)
          .catch((error: unknown) =>
            deps.logger.error({ err: error }, 'upload event not recorded'),
          );
      }
      return { file: completed, upload: undefined, proven: true };
    },

    /** tus `HEAD`: the durable offset (a running PATCH is stopped and checkpointed first). */
    async head(userId: string, id: string): Promise<UploadStatus> {
      return exclusive(id, async () => {
        const upload = await ownedUpload(userId, id);
        if (upload.state === 'receiving') {
          const session = await sessionOf(upload);
          if (session.received === upload.size) {
            // Every byte was stored before a crash cut the commit short: commit now, since a
            // client that reads the full offset considers the upload done.
            return statusOf(upload, await finish(upload, session));
          }
        }
        return statusOf(upload);
      });
    },

    /** tus `PATCH` (and the form upload, from offset 0): appends, and commits at the last byte. */
    async receive(
      userId: string,
      id: string,
      input: {
        offset: number;
        source: Readable;
        checksum?: UploadChecksum;
        contentLength?: number;
        restart?: boolean;
      },
    ): Promise<UploadStatus> {
      return exclusive(id, async (signal) => {
        const upload = await ownedUpload(userId, id);
        if (upload.state !== 'receiving') {
          if (input.offset !== upload.size) {
            throw offsetConflict(upload.size);
          }
          return statusOf(upload);
        }
        if (input.restart === true && upload.received > 0) {
          // A form upload sends the whole content again: start over.
          sessions.delete(upload.id);
          await fs.rm(partOf(upload.id), { force: true });
          await uploads.setReceived(upload.id, 0, deadline());
          upload.received = 0;
        }
        const session = await sessionOf(upload);
        if (input.offset !== session.received) {
          throw offsetConflict(session.received);
        }
        if (session.received === upload.size) {
          return statusOf(upload, await finish(upload, session));
        }
        if (input.contentLength !== undefined && input.offset + input.contentLength > upload.size) {
          throw new AppError('payload_too_large', {
            description: `The upload is ${upload.size} bytes long`,
            status: 413,
          });
        }
        await append(upload, session, input.source, signal, input.checksum);
        if (session.received < upload.size) {
          return statusOf(upload);
        }
        const file = await finish(upload, session);
        return statusOf({ ...upload, received: upload.size }, file);
      });
    },

    /** tus termination: the partial data, the upload and its PENDING file go. */
    async terminate(userId: string, id: string): Promise<void> {
      await exclusive(id, async () => {
        const upload = await ownedUpload(userId, id);
        if (upload.state === 'receiving') {
          await discard(upload);
        } else if (upload.state === 'complete') {
          await uploads.delete(upload.id);
        }
      });
    },

    /**
     * At start-up: finishes the commits a crash cut short (their digest is recorded) and removes
     * partial data that no upload owns.
     */
    async recover(): Promise<{ committed: number; removed: number }> {
      await ready;
      let committed = 0;
      for (const upload of await uploads.listCommitting()) {
        if (upload.sha256 === null || upload.gcid === null) {
          await discard(upload);
          continue;
        }
        try {
          await commitStored(upload, {
            sha256: upload.sha256,
            gcid: upload.gcid,
            size: upload.size,
          });
          committed += 1;
        } catch (error) {
          deps.logger.error(
            { err: error, upload: upload.id },
            'an interrupted upload commit failed',
          );
        }
      }
      let removed = 0;
      const names = (await fs.readdir(deps.dir)).filter((name) => !name.startsWith('.'));
      for (let index = 0; index < names.length; index += 500) {
        const batch = names.slice(index, index + 500);
        const known = await uploads.existingIds(batch);
        for (const name of batch) {
          if (!known.has(name)) {
            await fs.rm(path.join(deps.dir, name), { force: true });
            removed += 1;
          }
        }
      }
      return { committed, removed };
    },

    /**
     * Deletes uploads past their deadline: the partial data and PENDING file of unfinished ones,
     * the row of finished ones; and PENDING files no upload serves. Answers how many went.
     */
    async sweepExpired(limit = 500): Promise<number> {
      const stamp = now().toISOString();
      let swept = 0;
      for (const upload of await uploads.listExpired(stamp, limit)) {
        await exclusive(upload.id, async () => {
          const still = await uploads.find(upload.id);
          if (!still || still.state === 'committing' || still.expiresAt >= stamp) {
            return;
          }
          if (still.state === 'receiving') {
            await discard(still);
          } else {
            await uploads.delete(still.id);
          }
          swept += 1;
        });
      }
      const cutoff = new Date(now().getTime() - deps.expiryMs).toISOString();
      swept += await uploads.deleteAbandonedPendingFiles(cutoff, limit);
      return swept;
    },
  };
}

function timingSafeEqualBuffers(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export type UploadService = ReturnType<typeof createUploadService>;
