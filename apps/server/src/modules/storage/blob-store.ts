import path from 'node:path';
import type { Config } from '../../config';
import {
  bucketPartSize,
  type BlobStore,
  type BucketSegments,
  type BucketUploads,
} from './blob-store.interface';
import { createLocalBlobStore } from './local-blob-store';

/*
 * The blob store's interface and helpers live in blob-store.interface.ts, which the local and
 * S3 implementations import; this file chooses between them.
 */
export * from './blob-store.interface';

export type BlobStoreConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'BLOB_STORE'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_PART_MIB'
>;

/**
 * The store the configuration names, chosen once. The S3 implementation, and the AWS SDK with
 * it, is imported only when `BLOB_STORE=s3`, at the first call; a local-disk node never loads it.
 * The local store starts at once, so the temp files of a crashed run go at start-up.
 */
export function createBlobStore(
  config: BlobStoreConfig,
  options: { logger?: { warn(message: string): void } } = {},
): BlobStore {
  if (config.BLOB_STORE === 'local') {
    return createLocalBlobStore({ root: path.join(config.DATA_DIR, 'blobs'), ...options });
  }
  if (config.S3_BUCKET === undefined) {
    throw new Error('BLOB_STORE=s3 needs S3_BUCKET');
  }
  const s3 = {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    partSize: config.S3_PART_MIB * 1024 * 1024,
    ...(config.S3_ENDPOINT === undefined ? {} : { endpoint: config.S3_ENDPOINT }),
    ...(config.S3_ACCESS_KEY_ID !== undefined && config.S3_SECRET_ACCESS_KEY !== undefined
      ? {
          credentials: {
            accessKeyId: config.S3_ACCESS_KEY_ID,
            secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  };
  return deferredStore(
    's3',
    async () => {
      const { createS3BlobStore } = await import('./s3-blob-store');
      return createS3BlobStore(s3);
    },
    s3.partSize,
  );
}

/** A store whose implementation is built on first use (its module imported only then). */
function deferredStore(
  kind: BlobStore['kind'],
  build: () => Promise<BlobStore>,
  partSize?: number,
): BlobStore {
  let store: Promise<BlobStore> | undefined;
  // A failed start (the bucket unreachable) is retried by the next call, not cached.
  const ready = () =>
    (store ??= build().catch((error: unknown) => {
      store = undefined;
      throw error;
    }));
  return {
    kind,
    put: async (source, options) => (await ready()).put(source, options),
    adopt: async (filePath, digest) => (await ready()).adopt(filePath, digest),
    get: async (sha256, range) => (await ready()).get(sha256, range),
    stat: async (sha256) => (await ready()).stat(sha256),
    exists: async (sha256) => (await ready()).exists(sha256),
    delete: async (sha256) => (await ready()).delete(sha256),
    async *list() {
      yield* (await ready()).list();
    },
    async close() {
      if (store !== undefined) {
        await (await store).close();
      }
    },
    ...(kind === 's3'
      ? {
          uploads: deferredUploads(async () => (await ready()).uploads, partSize),
          segments: deferredSegments(async () => (await ready()).segments),
        }
      : {}),
  };
}

/** The bucket's unfinished uploads of a store built on first use. */
function deferredUploads(
  ready: () => Promise<BucketUploads | undefined>,
  partSize: number | undefined,
): BucketUploads {
  const built = async () => {
    const uploads = await ready();
    if (uploads === undefined) {
      throw new Error('this blob store keeps no unfinished uploads');
    }
    return uploads;
  };
  return {
    partSizeFor: (size) => bucketPartSize(size, partSize),
    begin: async (id) => (await built()).begin(id),
    sendPart: async (id, multipart, number, bytes) =>
      (await built()).sendPart(id, multipart, number, bytes),
    putTail: async (id, bytes) => (await built()).putTail(id, bytes),
    getTail: async (key, size) => (await built()).getTail(key, size),
    dropTail: async (key) => (await built()).dropTail(key),
    complete: async (id, multipart, parts, size) =>
      (await built()).complete(id, multipart, parts, size),
    read: async (id) => (await built()).read(id),
    adopt: async (id, digest) => (await built()).adopt(id, digest),
    remove: async (id, multipart) => (await built()).remove(id, multipart),
    idsBefore: async (before) => (await built()).idsBefore(before),
  };
}

/** The bucket's transcoded segments of a store built on first use. */
function deferredSegments(ready: () => Promise<BucketSegments | undefined>): BucketSegments {
  const built = async () => {
    const segments = await ready();
    if (segments === undefined) {
      throw new Error('this blob store keeps no segments');
    }
    return segments;
  };
  return {
    put: async (name, file) => (await built()).put(name, file),
    fetch: async (name, file) => (await built()).fetch(name, file),
    sweep: async (maxBytes) => (await built()).sweep(maxBytes),
  };
}
