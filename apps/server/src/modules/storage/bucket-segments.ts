import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { BucketSegments } from './blob-store.interface';

const segmentPrefix = 'transcode/';
// A segment's name is its place in the segment cache: `ab/<sha256>/<rendition>-<audio>/<file>`.
const namePattern =
  /^[0-9a-f]{2}\/[0-9a-f]{64}\/[A-Za-z0-9]{1,16}-a(n|\d{1,3})(-s\d{1,3})?\/(\d{1,6}\.(ts|m4s)|init\.mp4)$/;

/** A segment read back after this long is copied onto itself, which makes it recent again. */
const touchAfterMs = 3600 * 1000;

function statusOf(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && '$metadata' in error) {
    return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  }
  return undefined;
}

function keyOf(name: string): string {
  if (!namePattern.test(name)) {
    throw new Error(`not a segment name: ${JSON.stringify(name.slice(0, 120))}`);
  }
  return segmentPrefix + name;
}

/**
 * The transcoded segments of an S3 store, under `transcode/` of its bucket, shared by every node:
 * a segment one node made is read by the others instead of being made again. The objects'
 * modification times stand for their last use (a segment read an hour or more after its last
 * write is copied onto itself), and `sweep` removes the least recently used past a budget.
 */
export function createBucketSegments(options: {
  sdk: typeof S3Sdk;
  client: S3Client;
  bucket: string;
  now: () => number;
}): BucketSegments {
  const { sdk, client, bucket } = options;

  async function touch(key: string): Promise<void> {
    await client.send(
      new sdk.CopyObjectCommand({
        Bucket: bucket,
        Key: key,
        CopySource: `${bucket}/${key}`,
        MetadataDirective: 'REPLACE',
        Metadata: { used: String(options.now()) },
      }),
    );
  }

  return {
    async put(name, file) {
      const { size } = await fs.stat(file);
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(name),
          Body: createReadStream(file),
          ContentLength: size,
        }),
      );
    },

    async fetch(name, file) {
      const key = keyOf(name);
      let answer;
      try {
        answer = await client.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        if (statusOf(error) === 404 || (error as Error).name === 'NoSuchKey') {
          return false;
        }
        throw error;
      }
      if (!(answer.Body instanceof Readable)) {
        throw new Error('S3 answered without a body stream');
      }
      await pipeline(answer.Body, createWriteStream(file));
      if (options.now() - (answer.LastModified?.getTime() ?? 0) > touchAfterMs) {
        await touch(key).catch(() => undefined);
      }
      return true;
    },

    async sweep(maxBytes) {
      const objects: { key: string; size: number; used: number }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListObjectsV2Command({
            Bucket: bucket,
            Prefix: segmentPrefix,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key !== undefined) {
            const used = object.LastModified?.getTime() ?? 0;
            objects.push({ key: object.Key, size: object.Size ?? 0, used });
          }
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token !== undefined);
      let total = objects.reduce((sum, object) => sum + object.size, 0);
      let removed = 0;
      if (total <= maxBytes) {
        return removed;
      }
      // Down to 90% of the budget, as the cache on disk does.
      for (const object of objects.sort((a, b) => a.used - b.used)) {
        if (total <= maxBytes * 0.9) {
          break;
        }
        await client.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: object.key }));
        total -= object.size;
        removed += 1;
      }
      return removed;
    },
  };
}
