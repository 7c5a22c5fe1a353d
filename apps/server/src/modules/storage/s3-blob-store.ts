import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  BlobNotFoundError,
  ChecksumMismatchError,
  assertSha256,
  blobKey,
  type BlobEntry,
  type BlobStore,
  type PutOptions,
  type ReadRange,
} from './blob-store.interface';
import { createBucketSegments } from './bucket-segments';
import { createBucketUploads } from './bucket-uploads';
import { HashingStream, type ContentDigest } from './content-hash';

/** Where and how to reach the bucket. */
export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** Endpoint of an S3-compatible service; AWS's own when absent. */
  endpoint?: string;
  /** `http://host/bucket/key` addressing, which most S3-compatible services need. */
  forcePathStyle: boolean;
  /** Static keys; the SDK's default chain (environment, instance role) when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Size of the parts of a multipart upload, at least 5 MiB. */
  partSize?: number;
  /** Age after which a temp object or an unfinished upload counts as a crashed write's. */
  staleTempMs?: number;
  logger?: { warn(message: string): void };
}

const blobPrefix = 'blobs/';
const tempPrefix = 'tmp/';
const mebibyte = 1024 * 1024;
// A single CopyObject takes at most 5 GiB; larger blobs are copied in ranges of this size.
const maxSingleCopy = 5 * 1024 * mebibyte;
const copyPartSize = 512 * mebibyte;

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && '$metadata' in error) {
    return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  }
  return undefined;
}

function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

/**
 * Blobs as objects `blobs/ab/cd/<sha256>` of one bucket. The key is known only once the bytes are
 * hashed, so a put streams them (multipart, never whole in memory) to a temp key `tmp/...`,
 * then copies that object to its key inside the service and drops the temp one: a blob key
 * never holds partial or unchecked bytes. The SDK is imported here, when the store is made.
 */
export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const sdk = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client: S3Client = new sdk.S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Checksums only where S3 requires them: with the default, streamed bodies are sent with
    // aws-chunked framing that S3-compatible servers such as s3rver store as the bytes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
  });
  const bucket = options.bucket;
  const partSize = Math.max(options.partSize ?? 8 * mebibyte, 5 * mebibyte);
  const staleTempMs = options.staleTempMs ?? 24 * 3600 * 1000;
  const keyOf = (sha256: string) => blobPrefix + blobKey(sha256);

  async function statOf(sha256: string): Promise<BlobEntry | undefined> {
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket: bucket, Key: keyOf(sha256) }),
      );
      return { sha256, size: head.ContentLength ?? 0 };
    } catch (error) {
      if (statusOf(error) === 404) {
        return undefined;
      }
      throw error;
    }
  }

  async function deleteKey(key: string): Promise<void> {
    await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }

  async function copy(from: string, to: string, size: number): Promise<void> {
    const source = `${bucket}/${from}`;
    if (size <= maxSingleCopy) {
      await client.send(new sdk.CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: source }));
      return;
    }
    const { UploadId } = await client.send(
      new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: to }),
    );
    try {
      const parts: { ETag: string; PartNumber: number }[] = [];
      for (let start = 0, part = 1; start < size; start += copyPartSize, part += 1) {
        const end = Math.min(start + copyPartSize, size) - 1;
        const answer = await client.send(
          new sdk.UploadPartCopyCommand({
            Bucket: bucket,
            Key: to,
            UploadId,
            PartNumber: part,
            CopySource: source,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: answer.CopyPartResult?.ETag ?? '', PartNumber: part });
      }
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: to,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await client.send(new sdk.AbortMultipartUploadCommand({ Bucket: bucket, Key: to, UploadId }));
      throw error;
    }
  }

  async function put(source: Readable, putOptions: PutOptions = {}): Promise<ContentDigest> {
    const tempKey = `${tempPrefix}${Date.now()}-${randomBytes(12).toString('hex')}`;
    const hashing = new HashingStream(putOptions.expectedSize);
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: tempKey, Body: hashing },
      partSize,
      queueSize: 2,
      leavePartsOnError: false,
    });
    const [piped, uploaded] = await Promise.allSettled([pipeline(source, hashing), upload.done()]);
    if (piped.status === 'rejected' || uploaded.status === 'rejected') {
      await upload.abort().catch(() => undefined);
      await deleteKey(tempKey).catch(() => undefined);
      throw piped.status === 'rejected' ? piped.reason : (uploaded as PromiseRejectedResult).reason;
    }
    try {
      const digest = hashing.digest;
      if (putOptions.expectedSha256 !== undefined && putOptions.expectedSha256 !== digest.sha256) {
        throw new ChecksumMismatchError(putOptions.expectedSha256, digest.sha256);
      }
      const existing = await statOf(digest.sha256);
      if (existing?.size !== digest.size) {
        await copy(tempKey, keyOf(digest.sha256), digest.size);
      }
      return digest;
    } finally {
      await deleteKey(tempKey);
    }
  }

  async function get(sha256: string, range: ReadRange = {}): Promise<Readable> {
    const wanted =
      range.start === undefined && range.end === undefined
        ? undefined
        : `bytes=${range.start ?? 0}-${range.end ?? ''}`;
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: bucket,
          Key: keyOf(sha256),
          ...(wanted ? { Range: wanted } : {}),
        }),
      );
      if (!(answer.Body instanceof Readable)) {
        throw new Error('S3 answered without a body stream');
      }
      return answer.Body;
    } catch (error) {
      if (statusOf(error) === 404 || nameOf(error) === 'NoSuchKey') {
        throw new BlobNotFoundError(sha256);
      }
      throw error;
    }
  }

  async function* list(): AsyncIterable<BlobEntry> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: bucket,
          Prefix: blobPrefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(object.Key.lastIndexOf('/') + 1) ?? '';
        if (/^[0-9a-f]{64}$/.test(name) && object.Key === keyOf(name)) {
          yield { sha256: name, size: object.Size ?? 0 };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
  }

  /** Drops what crashed writes left: temp objects, and unfinished multipart uploads, when stale. */
  async function removeStaleTemps(): Promise<void> {
    const before = Date.now() - staleTempMs;
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({
          Bucket: bucket,
          Prefix: tempPrefix,
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key !== undefined && (object.LastModified?.getTime() ?? 0) <= before) {
          await deleteKey(object.Key);
          options.logger?.warn(
            `removed the temp object ${object.Key} of an interrupted blob write`,
          );
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token !== undefined);
    try {
      const uploads = await client.send(
        new sdk.ListMultipartUploadsCommand({ Bucket: bucket, Prefix: tempPrefix }),
      );
      for (const upload of uploads.Uploads ?? []) {
        if (upload.Key !== undefined && (upload.Initiated?.getTime() ?? 0) <= before) {
          await client.send(
            new sdk.AbortMultipartUploadCommand({
              Bucket: bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
        }
      }
    } catch (error) {
      // Some S3-compatible servers (s3rver) cannot list uploads; a bucket lifecycle rule that
      // aborts incomplete multipart uploads covers those (S3_BUCKET in docs/configuration.md).
      if (nameOf(error) !== 'NotImplemented') {
        throw error;
      }
    }
  }

  await removeStaleTemps();

  async function adopt(filePath: string, digest: ContentDigest): Promise<void> {
    await put(createReadStream(filePath, { highWaterMark: 1024 * 1024 }), {
      expectedSize: digest.size,
      expectedSha256: digest.sha256,
    });
    await rm(filePath, { force: true });
  }

  return {
    kind: 's3',
    put,
    adopt,
    get,
    stat: statOf,
    async exists(sha256) {
      return (await statOf(sha256)) !== undefined;
    },
    async delete(sha256) {
      assertSha256(sha256);
      await deleteKey(keyOf(sha256));
    },
    list,
    uploads: createBucketUploads({
      sdk,
      client,
      bucket,
      partSize,
      keyOf,
      statOf,
      copy,
      deleteKey,
    }),
    segments: createBucketSegments({ sdk, client, bucket, now: () => Date.now() }),
    close() {
      client.destroy();
      return Promise.resolve();
    },
  };
}
