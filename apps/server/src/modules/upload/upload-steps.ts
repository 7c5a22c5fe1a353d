import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../http/app-error';
import type { FileRecord } from '../drive/file.repository';
import type { FileService } from '../drive/file.service';
import type { NewEvent } from '../event/event.repository';
import type { BlobStore } from '../storage/blob-store';
import type { BlobRepository } from '../storage/blob.repository';
import type { BlobService } from '../storage/blob.service';
import type { ContentDigest } from '../storage/content-hash';
import { hashFilePrefix } from '../storage/hashed-file-writer';
import { createStreamHasher, type StreamHasher } from '../storage/threaded-hash';
import type { UploadPartRepository } from './upload-part.repository';
import type { UploadRecord, UploadRepository } from './upload.repository';

export interface UploadServiceDeps {
  uploads: UploadRepository;
  files: Pick<FileService, 'createPending' | 'createFile' | 'about' | 'get'>;
  blobs: Pick<BlobService, 'ingest'>;
  blobRecords: Pick<BlobRepository, 'findByGcid'>;
  store: Pick<BlobStore, 'adopt' | 'get' | 'exists' | 'uploads'>;
  /** Parts of the uploads kept in the bucket (with a store that keeps them). */
  parts?: UploadPartRepository;
  /** Folder of the partial data (`DATA_DIR/uploads`), on the blob store's disk. */
  dir: string;
  /** This node's `NODE_ID`: the holder recorded on the uploads whose partial data it keeps. */
  node: string;
  /** How long an unfinished upload lives after its last bytes. */
  expiryMs: number;
  /** Bytes between two durable checkpoints inside one long PATCH (fsync, then the offset row); 64 MiB when absent. */
  checkpointBytes?: number;
  now: () => Date;
  logger: {
    info(object: object, message: string): void;
    error(object: object, message: string): void;
  };
  /** Told of every completed upload (recent events) the commit below did not record itself. */
  onComplete?: (file: FileRecord) => Promise<void>;
  /** The recent event of an upload, written by its commit (`commitStored`). */
  events?: UploadEvents;
  /** Told of every upload whose bytes are now stored (a video is queued for preparing); never throws. */
  onStored?: (file: FileRecord) => Promise<void>;
}

/** The event module's side of an upload's commit. */
export interface UploadEvents {
  /** The row of the member's upload event of a file, to write in the commit's transaction. */
  rowOf(userId: string, fileId: string): NewEvent;
  /** Told once such rows are committed (older events are dropped now and then); never throws. */
  recorded(userId: string, count: number): Promise<void>;
}

function notFound(): AppError {
  return new AppError('not_found', { description: 'No such upload' });
}

/** Another node keeps this upload's partial data: only it can go on (docs/api.md#files). */
function heldElsewhere(): AppError {
  return new AppError('unavailable', {
    description: "Another server holds this upload's bytes; ask again later",
    retryAfterSeconds: 5,
  });
}

function isErrorCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** The hasher state of an upload in this process, kept across its PATCH requests. */
export interface Session {
  hasher: StreamHasher;
  received: number;
}

/** The one request working on an upload at a time; a newer request preempts a running PATCH. */
interface Lane {
  tail: Promise<unknown>;
  active: AbortController | undefined;
  /** The member whose request runs now (undefined: the server's own work). */
  owner: string | undefined;
  users: number;
}

/**
 * The steps the upload calls are made of: one request at a time per upload (`exclusive`), the
 * member's own upload, the partial data and the hasher kept for it in this process, the quota,
 * and the commit that files the finished bytes.
 */
export function createUploadSteps(deps: UploadServiceDeps) {
  const { uploads, files, store, now } = deps;
  const sessions = new Map<string, Session>();
  /** Told of every upload dropped, to free what other parts of the service keep of it. */
  const forgetters: ((id: string) => void)[] = [];
  const lanes = new Map<string, Lane>();
  const partOf = (id: string) => path.join(deps.dir, id);
  const ready = fs.mkdir(deps.dir, { recursive: true });
  ready.catch(() => undefined);

  /**
   * Whether this node can reach the upload's partial data: every node when it is in the bucket,
   * else only its holder (rows from before holders: any node).
   */
  const holds = (upload: UploadRecord) =>
    upload.partSize !== null || upload.holder === null || upload.holder === deps.node;

  /** Refuses, untouched, an upload whose partial data another node keeps. */
  function assertHeld(upload: UploadRecord): void {
    if (!holds(upload)) {
      throw heldElsewhere();
    }
  }

  const deadline = () => new Date(now().getTime() + deps.expiryMs).toISOString();

  /**
   * Runs `work` alone on an upload, after aborting whatever request holds it now: a request of
   * the member it runs for (`userId`), or the server's own work, preempts; another member's
   * request only waits its turn (and then finds no upload of theirs).
   */
  async function exclusive<T>(
    id: string,
    work: (signal: AbortSignal) => Promise<T>,
    userId?: string,
  ): Promise<T> {
    let lane = lanes.get(id);
    if (!lane) {
      lane = { tail: Promise.resolve(), active: undefined, owner: undefined, users: 0 };
      lanes.set(id, lane);
    }
    const current = lane;
    current.users += 1;
    if (userId === undefined || current.owner === undefined || current.owner === userId) {
      current.active?.abort();
    }
    const controller = new AbortController();
    const run = current.tail.then(async () => {
      current.active = controller;
      current.owner = userId;
      try {
        return await work(controller.signal);
      } finally {
        if (current.active === controller) {
          current.active = undefined;
          current.owner = undefined;
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
  async function openPart(id: string, fresh = false): Promise<fs.FileHandle> {
    await ready;
    if (fresh) {
      return fs.open(partOf(id), 'w+');
    }
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
    if (upload.received === 0) {
      // Nothing is durable yet, so there is nothing to read back: append opens the partial data
      // emptied when it writes from offset 0 (a small upload's file is opened once, not twice).
      const session = { hasher: createStreamHasher(upload.size), received: 0 };
      sessions.set(upload.id, session);
      return session;
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
    for (const forget of forgetters) {
      forget(upload.id);
    }
    if (upload.partSize !== null) {
      await store.uploads?.remove(upload.id, upload.multipartId);
    } else if (holds(upload)) {
      // Another node's partial data goes with that node's `removeOrphanParts`.
      await fs.rm(partOf(upload.id), { force: true });
    }
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
    known?: { limit: number },
  ): Promise<FileRecord | undefined> {
    const part = partOf(upload.id);
    if (upload.partSize !== null) {
      // The joined bytes are copied to their blob key in the bucket (or are there already).
      await store.uploads?.adopt(upload.id, digest);
    } else if (
      // After a request's last bytes the partial data is there; after a restart the move into
      // the store may have happened already.
      known !== undefined ||
      (await fs
        .stat(part)
        .then(() => true)
        .catch(() => false))
    ) {
      await store.adopt(part, digest);
    }
    // The quota is checked again inside the commit, atomically with the member's counters,
    // against the limit the caller just read (or, on the restart path, reads now).
    const limit = known?.limit ?? (await files.about(upload.userId)).limit;
    const event = deps.events;
    const { outcome, file } = await uploads.commit(
      upload,
      digest,
      now(),
      deadline(),
      limit,
      () => store.exists(digest.sha256),
      event && ((completed) => event.rowOf(completed.userId, completed.id)),
    );
    sessions.delete(upload.id);
    if (outcome === 'over_quota') {
      // Another upload took the room first: this one's bytes stay unreferenced and are collected.
      await discard(upload);
      throw new AppError('file_space_not_enough');
    }
    if (outcome === 'bytes_gone') {
      if (!holds(upload)) {
        // The bytes may still be on the node that received them: that node finishes or drops it.
        throw heldElsewhere();
      }
      await discard(upload);
      throw new AppError('aborted', { description: 'The upload raced a clean-up; start it again' });
    }
    if (outcome === 'file_gone' || file === undefined) {
      return undefined;
    }
    await deps.events?.recorded(file.userId, 1);
    await deps.onStored?.(file);
    return file;
  }

  /**
   * Finishes the commit of a `committing` upload (a crash or a failure cut it short): on the
   * node holding its bytes, or on any node once its content is in the store. Elsewhere it is
   * left alone, never reported complete.
   */
  async function finishCommitting(upload: UploadRecord): Promise<FileRecord | undefined> {
    if (upload.sha256 === null || upload.gcid === null) {
      assertHeld(upload);
      await discard(upload);
      throw new AppError('aborted', { description: 'The upload was cut short; start it again' });
    }
    if (!holds(upload) && !(await store.exists(upload.sha256))) {
      throw heldElsewhere();
    }
    if (upload.partSize !== null && !(await store.exists(upload.sha256))) {
      // Joining the parts again is harmless: a multipart upload already joined is found whole.
      await joinParts(upload);
    }
    return commitStored(upload, { sha256: upload.sha256, gcid: upload.gcid, size: upload.size });
  }

  /**
   * Completes the multipart upload of a bucket upload. Two nodes may commit one upload at once
   * (a client asks the other node while the first is slow): when the join fails because the
   * other's commit already copied the joined bytes to their blob key and dropped the join, this
   * answers the digest it recorded, and the commit goes on with it (the database commit then
   * completes the file once, whichever node gets there first). Fails as `aborted`, dropping the
   * upload, only when its bytes are lost; as `unavailable` when the store failed.
   */
  async function joinParts(upload: UploadRecord): Promise<ContentDigest | undefined> {
    const recorded = (await deps.parts?.parts(upload.id)) ?? [];
    const total = recorded.reduce((sum, part) => sum + part.size, 0);
    let joined = false;
    let failure: unknown;
    try {
      joined =
        store.uploads !== undefined &&
        upload.multipartId !== null &&
        total === upload.size &&
        (await store.uploads.complete(upload.id, upload.multipartId, recorded, upload.size));
    } catch (error) {
      failure = error;
    }
    if (joined) {
      return undefined;
    }
    const stored = await storedElsewhere(upload.id);
    if (stored !== undefined) {
      return stored;
    }
    if (failure !== undefined) {
      throw new AppError('unavailable', {
        description: "The store did not join the upload's parts; ask again",
        retryAfterSeconds: 5,
        cause: failure,
      });
    }
    await discard(upload);
    throw new AppError('aborted', { description: "The upload's bytes are gone; start it again" });
  }

  /** The digest an upload's commit recorded, once its content is in the store (by any node). */
  async function storedElsewhere(id: string): Promise<ContentDigest | undefined> {
    const current = await uploads.find(id);
    const sha256 = current?.sha256 ?? null;
    if (current === undefined || sha256 === null || current.gcid === null) {
      return undefined;
    }
    return (await store.exists(sha256))
      ? { sha256, gcid: current.gcid, size: current.size }
      : undefined;
  }

  /** The last byte is in: check the hash and the quota, then commit. */
  async function finish(upload: UploadRecord, session: Session): Promise<FileRecord | undefined> {
    return finishWith(upload, await session.hasher.copy().digest());
  }

  /** The digest of every byte is known: check it and the quota, then commit. */
  async function finishWith(
    upload: UploadRecord,
    digest: ContentDigest,
  ): Promise<FileRecord | undefined> {
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
    return commitStored(upload, digest, { limit });
  }

  return {
    sessions,
    forgetters,
    partOf,
    ready,
    deadline,
    exclusive,
    ownedUpload,
    openPart,
    sessionOf,
    discard,
    assertQuota,
    commitStored,
    finish,
    finishWith,
    joinParts,
    holds,
    assertHeld,
    finishCommitting,
  };
}

export type UploadSteps = ReturnType<typeof createUploadSteps>;
