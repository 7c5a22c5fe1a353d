import type { Readable } from 'node:stream';
import { AppError } from '../../http/app-error';
import { ChecksumMismatchError, type BlobStore, type PutOptions } from './blob-store';
import type { BlobRepository } from './blob.repository';
import { SizeMismatchError, type ContentDigest } from './content-hash';

export interface BlobServiceDeps {
  store: BlobStore;
  blobs: Pick<
    BlobRepository,
    'addStored' | 'addReference' | 'releaseReference' | 'listUnreferenced' | 'removeUnreferenced'
  >;
  now: () => Date;
}

/**
 * Bytes in and out of the blob store with their reference counts. A blob's row is committed
 * only after its bytes are durable, and its bytes are deleted only once no reference is left.
 */
export function createBlobService(deps: BlobServiceDeps) {
  const { store, blobs, now } = deps;

  const service = {
    /**
     * Stores bytes (hashing them as they stream) and takes one reference to the blob for the
     * caller. A size or checksum that contradicts what the client announced is its error.
     */
    async ingest(source: Readable, options: PutOptions = {}): Promise<ContentDigest> {
      const digest = await service.write(source, options);
      await service.reference(digest);
      return digest;
    },

    /**
     * Stores bytes durably (hashing them as they stream) without a reference yet: the caller
     * takes one with `reference`, in its own transaction if it has one, or `unreferenced` when
     * that transaction failed, so a garbage collection finds the bytes.
     */
    async write(source: Readable, options: PutOptions = {}): Promise<ContentDigest> {
      try {
        return await store.put(source, options);
      } catch (error) {
        if (error instanceof SizeMismatchError || error instanceof ChecksumMismatchError) {
          throw new AppError('invalid_argument', {
            description: `The content ${error.message}`,
            cause: error,
          });
        }
        throw error;
      }
    },

    /** One reference to bytes `write` stored: the blob's row, written or counted up. */
    async reference(digest: ContentDigest): Promise<void> {
      const referenced = await blobs.addStored(digest, now(), () => store.exists(digest.sha256));
      if (!referenced) {
        // A garbage collection deleted the same bytes between our write and our row; the
        // client's retry stores them again.
        throw new AppError('aborted', {
          description: 'The upload raced a clean-up; send it again',
        });
      }
    },

    /** Bytes `write` stored that nothing came to reference: left for a garbage collection. */
    async unreferenced(digest: ContentDigest): Promise<void> {
      if (await blobs.addStored(digest, now(), () => store.exists(digest.sha256))) {
        await blobs.releaseReference(digest.sha256, now());
      }
    },

    /**
     * Takes a finished, fsynced file whose digest the caller computed while writing it into the
     * store (a rename on local disk) and takes one reference to the blob for the caller.
     */
    async adopt(filePath: string, digest: ContentDigest): Promise<ContentDigest> {
      await store.adopt(filePath, digest);
      const referenced = await blobs.addStored(digest, now(), () => store.exists(digest.sha256));
      if (!referenced) {
        throw new AppError('aborted', { description: 'The file raced a clean-up; fetch it again' });
      }
      return digest;
    },

    /** One more reference to a blob already stored; false when it is not (or is being freed). */
    async addReference(sha256: string): Promise<boolean> {
      return blobs.addReference(sha256, now());
    },

    /** Drops one reference; the bytes stay until a garbage collection finds none left. */
    async release(sha256: string): Promise<number | undefined> {
      return blobs.releaseReference(sha256, now());
    },

    /**
     * Deletes the bytes and rows of blobs nobody references, those released at least
     * `graceMs` ago first; safe to run beside uploads and on several nodes at once.
     */
    async collectGarbage(
      options: { graceMs?: number; limit?: number } = {},
    ): Promise<{ deleted: number }> {
      const before = new Date(now().getTime() - (options.graceMs ?? 0));
      let deleted = 0;
      for (const sha256 of await blobs.listUnreferenced(before, options.limit ?? 1000)) {
        if (await blobs.removeUnreferenced(sha256, () => store.delete(sha256))) {
          deleted += 1;
        }
      }
      return { deleted };
    },
  };
  return service;
}

export type BlobService = ReturnType<typeof createBlobService>;
