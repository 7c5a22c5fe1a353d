import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import type { FileRecord } from '../drive/file.repository';
import {
  uploadQueriesOn,
  type NewUpload,
  type ProofRange,
  type UploadRecord,
} from './upload.repository';
import { createUploadAppend, type UploadChecksum } from './upload-append';
import { createUploadBucket } from './upload-bucket';
import { chooseProofRanges, createUploadProofService } from './upload-proof.service';
import { createUploadSteps, type UploadServiceDeps } from './upload-steps';
import { createUploadUpkeepService } from './upload-upkeep.service';

export { checksumAlgorithms, type UploadChecksum } from './upload-append';
export { chooseProofRanges, type ProvenRange } from './upload-proof.service';
export type { UploadServiceDeps } from './upload-steps';
export { uploadNodeId } from './upload-upkeep.service';

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

const gcidPattern = /^[0-9A-F]{40}$/;

/** The tus 409: the client's offset is not where the stored bytes end. */
function offsetConflict(received: number): AppError {
  return new AppError('aborted', {
    description: `Upload-Offset must be ${received}, the bytes stored so far`,
    metadata: { offset: String(received) },
  });
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
  const { uploads, files, now } = deps;
  const steps = createUploadSteps(deps);
  const {
    sessions,
    partOf,
    deadline,
    exclusive,
    ownedUpload,
    sessionOf,
    discard,
    assertQuota,
    finish,
    assertHeld,
    finishCommitting,
  } = steps;
  const append = createUploadAppend(deps, steps);
  // With a store that keeps unfinished uploads (S3), their bytes go to the bucket: any node goes on.
  const bucket =
    deps.store.uploads !== undefined && deps.parts !== undefined
      ? createUploadBucket(deps, steps, deps.store.uploads, deps.parts)
      : undefined;

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
      // Offered whenever hash and size are given, whether or not the content is stored: no oracle.
      const proof = hash === '' ? null : chooseProofRanges(input.size);
      const upload: NewUpload = {
        id: newId(),
        userId,
        fileId: '',
        size: input.size,
        clientHash: hash,
        uploadType: input.uploadType,
        proof,
        createdAt: now().toISOString(),
        expiresAt: deadline(),
        holder: deps.node,
        partSize:
          bucket === undefined ? null : (deps.store.uploads?.partSizeFor(input.size) ?? null),
      };
      // The upload's row is written in the file's transaction: one commit, never a file without it.
      const file = await files.createPending(
        userId,
        {
          name: input.name,
          parentId: input.parentId,
          size: input.size,
          ...(input.mimeType === undefined ? {} : { mimeType: input.mimeType }),
        },
        (queries, fileId) => {
          upload.fileId = fileId;
          return queries.on(uploadQueriesOn).insert(upload);
        },
      );
      return {
        file,
        upload: {
          ...upload,
          received: 0,
          state: 'receiving',
          sha256: null,
          gcid: null,
          multipartId: null,
          tailKey: null,
        },
        proof,
      };
    },

    /**
     * tus `HEAD`: the durable offset (a running PATCH is stopped and checkpointed first). Only
     * the node holding the partial data answers an unfinished upload, and an upload is reported
     * whole only once its commit is finished.
     */
    async head(userId: string, id: string): Promise<UploadStatus> {
      return exclusive(
        id,
        async () => {
          const upload = await ownedUpload(userId, id);
          if (upload.state === 'committing') {
            return statusOf({ ...upload, received: upload.size }, await finishCommitting(upload));
          }
          if (upload.state === 'receiving' && bucket !== undefined && upload.partSize !== null) {
            // Every part is recorded but a crash cut the commit short: commit now.
            return statusOf(
              upload,
              upload.received === upload.size ? await bucket.finish(upload) : undefined,
            );
          }
          if (upload.state === 'receiving') {
            assertHeld(upload);
            const session = await sessionOf(upload);
            if (session.received === upload.size) {
              // Every byte was stored before a crash cut the commit short: commit now, since a
              // client that reads the full offset considers the upload done.
              return statusOf(upload, await finish(upload, session));
            }
          }
          return statusOf(upload);
        },
        userId,
      );
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
      return exclusive(
        id,
        async (signal) => {
          const upload = await ownedUpload(userId, id);
          if (upload.state !== 'receiving') {
            if (input.offset !== upload.size) {
              throw offsetConflict(upload.size);
            }
            const file = upload.state === 'committing' ? await finishCommitting(upload) : undefined;
            return statusOf(upload, file);
          }
          if (bucket !== undefined && upload.partSize !== null) {
            if (input.restart === true && upload.received > 0) {
              await bucket.restart(upload);
            }
            if (input.offset !== upload.received) {
              throw offsetConflict(upload.received);
            }
            if (upload.received < upload.size) {
              if (
                input.contentLength !== undefined &&
                input.offset + input.contentLength > upload.size
              ) {
                throw new AppError('payload_too_large', {
                  description: `The upload is ${upload.size} bytes long`,
                  status: 413,
                });
              }
              const session = await bucket.sessionOf(upload);
              await bucket.append(upload, session, input.source, signal, input.checksum);
              if (upload.received < upload.size) {
                return statusOf(upload);
              }
            }
            return statusOf({ ...upload, received: upload.size }, await bucket.finish(upload));
          }
          assertHeld(upload);
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
          if (
            input.contentLength !== undefined &&
            input.offset + input.contentLength > upload.size
          ) {
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
        },
        userId,
      );
    },

    /** tus termination: the partial data, the upload and its PENDING file go. */
    async terminate(userId: string, id: string): Promise<void> {
      await exclusive(
        id,
        async () => {
          const upload = await ownedUpload(userId, id);
          if (upload.state === 'receiving') {
            await discard(upload);
          } else if (upload.state === 'complete') {
            await uploads.delete(upload.id);
          }
        },
        userId,
      );
    },

    ...createUploadProofService(deps, steps),
    ...createUploadUpkeepService(deps, steps),
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
