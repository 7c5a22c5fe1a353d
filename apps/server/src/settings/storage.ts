import { z } from 'zod';
import { flag } from './fields';

/**
 * Where file bytes live: the local disk or an S3-compatible bucket. Each variable is described in
 * its schema (`.describe()`), which docs/configuration.md is generated from (`npm run
 * docs:config`).
 */
export const storageSettings = {
  BLOB_STORE: z
    .enum(['local', 's3'])
    .default('local')
    .describe('Where file bytes live: `local` (DATA_DIR/blobs) or `s3` (an S3-compatible bucket).'),
  S3_ENDPOINT: z
    .url()
    .optional()
    .describe(
      "Endpoint of an S3-compatible service (`https://minio.example:9000`); AWS's own when unset.",
    ),
  S3_BUCKET: z
    .string()
    .min(3)
    .max(63)
    .optional()
    .describe(
      'Bucket of the blobs; required with BLOB_STORE=s3. Blob writes go through `tmp/` keys first: give the bucket a lifecycle rule that aborts incomplete multipart uploads under `tmp/` after a day. Unfinished tus uploads live under `uploads/` until the expiry sweep aborts them.',
    ),
  S3_REGION: z.string().min(1).default('us-east-1').describe('Region of the bucket.'),
  S3_ACCESS_KEY_ID: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Access key id; with S3_SECRET_ACCESS_KEY, else the SDK's default chain (environment, instance role).",
    ),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .min(1)
    .optional()
    .describe('Secret access key that goes with S3_ACCESS_KEY_ID.'),
  S3_FORCE_PATH_STYLE: flag
    .default(false)
    .describe(
      'Path-style addressing (`endpoint/bucket/key`), which most S3-compatible services need.',
    ),
  S3_PART_MIB: z.coerce
    .number()
    .int()
    .min(5)
    .max(512)
    .default(8)
    .describe(
      "MiB per part of the bucket's multipart uploads (at least S3's 5). An unfinished tus upload keeps its bytes in the bucket in parts of this size (larger for uploads that would need more than 9,000), so a node killed during a PATCH loses at most one part, which the client sends again; each upload being received holds up to one part in memory.",
    ),
};
