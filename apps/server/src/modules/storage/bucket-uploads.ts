import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  bucketPartSize,
  type BlobEntry,
  type BucketUploads,
  type SentPart,
} from './blob-store.interface';
import type { ContentDigest } from './content-hash';

type Sdk = typeof S3Sdk;

/** What the S3 store shares with its unfinished uploads. */
export interface BucketUploadsOptions {
  sdk: Sdk;
  client: S3Client;
  bucket: string;
  /** Bytes per part of small uploads (the store's part size). */
  partSize: number;
  keyOf(sha256: string): string;
  statOf(sha256: string): Promise<BlobEntry | undefined>;
  copy(from: string, to: string, size: number): Promise<void>;
  deleteKey(key: string): Promise<void>;
}

const uploadPrefix = 'uploads/';
// Upload ids are 96 random bits in base64url (newId); nothing else names a key.
const idPattern = /^[A-Za-z0-9_-]{1,64}$/;
const tailPattern = /^uploads\/[A-Za-z0-9_-]{1,64}\/tail-[0-9a-f]{24}$/;

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && '$metadata' in error) {
    return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  }
  return undefined;
}

function nameOf(error: unknown): string | undefined {
  return error instanceof Error ? error.name : undefined;
}

function folderOf(uploadId: string): string {
  if (!idPattern.test(uploadId)) {
    throw new Error(`not an upload id: ${JSON.stringify(uploadId.slice(0, 80))}`);
  }
  return `${uploadPrefix}${uploadId}/`;
}

const dataKey = (uploadId: string) => `${folderOf(uploadId)}data`;

async function collect(body: unknown): Promise<Buffer> {
  if (!(body instanceof Readable)) {
    throw new Error('S3 answered without a body stream');
  }
  const chunks: Buffer[] = [];
  for await (const chunk of body) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The unfinished uploads of an S3 store, under `uploads/<id>/` of its bucket. */
export function createBucketUploads(options: BucketUploadsOptions): BucketUploads {
  const { sdk, client, bucket } = options;

  /** Size of an object, or undefined when there is none. */
  async function sizeOf(key: string): Promise<number | undefined> {
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (statusOf(error) === 404) {
        return undefined;
      }
      throw error;
    }
  }

  return {
    partSizeFor: (size) => bucketPartSize(size, options.partSize),

    async begin(uploadId) {
      const answer = await client.send(
        new sdk.CreateMultipartUploadCommand({ Bucket: bucket, Key: dataKey(uploadId) }),
      );
      if (answer.UploadId === undefined) {
        throw new Error('S3 started a multipart upload without an id');
      }
      return answer.UploadId;
    },

    async sendPart(uploadId, multipartId, partNumber, bytes) {
      const answer = await client.send(
        new sdk.UploadPartCommand({
          Bucket: bucket,
          Key: dataKey(uploadId),
          UploadId: multipartId,
          PartNumber: partNumber,
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
      if (answer.ETag === undefined) {
        throw new Error('S3 took a part without an ETag');
      }
      return answer.ETag;
    },

    async putTail(uploadId, bytes) {
      // A key of its own per write: a request that lost the race never overwrites the winner's.
      const key = `${folderOf(uploadId)}tail-${randomBytes(12).toString('hex')}`;
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
      return key;
    },

    async getTail(key, size) {
      if (!tailPattern.test(key)) {
        throw new Error('not a tail key');
      }
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      const bytes = await collect(answer.Body);
      if (bytes.length !== size) {
        throw new Error(`the tail ${key} has ${bytes.length} bytes, not ${size}`);
      }
      return bytes;
    },

    async dropTail(key) {
      if (tailPattern.test(key)) {
        await options.deleteKey(key);
      }
    },

    async complete(uploadId, multipartId, parts: SentPart[], size) {
      const key = dataKey(uploadId);
      try {
        await client.send(
          new sdk.CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: key,
            UploadId: multipartId,
            MultipartUpload: {
              Parts: parts.map((part) => ({ ETag: part.etag, PartNumber: part.partNumber })),
            },
          }),
        );
      } catch (error) {
        // Completed before (a node died after S3 joined the parts): the joined object is there.
        if ((await sizeOf(key)) === size) {
          return true;
        }
        if (nameOf(error) === 'NoSuchUpload' || statusOf(error) === 404) {
          return false;
        }
        throw error;
      }
      return (await sizeOf(key)) === size;
    },

    async read(uploadId) {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: bucket, Key: dataKey(uploadId) }),
      );
      if (!(answer.Body instanceof Readable)) {
        throw new Error('S3 answered without a body stream');
      }
      return answer.Body;
    },

    async adopt(uploadId, digest: ContentDigest) {
      const key = dataKey(uploadId);
      if ((await options.statOf(digest.sha256))?.size !== digest.size) {
        if ((await sizeOf(key)) !== digest.size) {
          return false;
        }
        await options.copy(key, options.keyOf(digest.sha256), digest.size);
      }
      await options.deleteKey(key);
      return true;
    },

    async remove(uploadId, multipartId) {
      const folder = folderOf(uploadId);
      if (multipartId !== null) {
        try {
          await client.send(
            new sdk.AbortMultipartUploadCommand({
              Bucket: bucket,
              Key: dataKey(uploadId),
              UploadId: multipartId,
            }),
          );
        } catch (error) {
          // Gone already (completed or aborted before). Servers without abort (s3rver) leave
          // the parts to a bucket lifecycle rule that aborts incomplete multipart uploads.
          const name = nameOf(error);
          if (
            name !== 'NoSuchUpload' &&
            name !== 'NotImplemented' &&
            name !== 'MethodNotAllowed' &&
            statusOf(error) !== 404
          ) {
            throw error;
          }
        }
      }
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: bucket, Prefix: folder }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key?.startsWith(folder) === true) {
          await options.deleteKey(object.Key);
        }
      }
    },

    async idsBefore(before) {
      const newest = new Map<string, number>();
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: uploadPrefix,
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) {
          const id = object.Key?.slice(uploadPrefix.length).split('/')[0] ?? '';
          if (idPattern.test(id)) {
            const modified = object.LastModified?.getTime() ?? Date.now();
            newest.set(id, Math.max(newest.get(id) ?? 0, modified));
          }
        }
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      return [...newest].filter(([, modified]) => modified < before.getTime()).map(([id]) => id);
    },
  };
}
