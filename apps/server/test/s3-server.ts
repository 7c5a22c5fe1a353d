import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A local S3-compatible server (s3rver) on a free loopback port, with one empty bucket. */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps objects, to damage them behind the store's back. */
  directory: string;
  /** The ids of the multipart uploads started and neither completed nor aborted. */
  openMultipartUploads(): Promise<string[]>;
  close(): Promise<void>;
}

/** Starts s3rver in a temp folder; the access keys are s3rver's fixed `S3RVER`/`S3RVER`. */
export async function startS3Server(bucket = 'nimbus-blobs'): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const uploads = path.join(directory, bucket, '._S3rver_uploads');
  // s3rver has no AbortMultipartUpload: it is answered here, before s3rver's own routes.
  server.middleware.unshift(async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') {
      await next();
      return;
    }
    const folder = path.join(uploads, path.basename(uploadId));
    const known = await fs.stat(folder).then(
      () => true,
      () => false,
    );
    await fs.rm(folder, { recursive: true, force: true });
    ctx.status = known ? 204 : 404;
    if (!known) {
      ctx.type = 'application/xml';
      ctx.body =
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code>' +
        '<Message>The specified upload does not exist.</Message></Error>';
    }
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    directory,
    async openMultipartUploads() {
      return fs.readdir(uploads).catch(() => []);
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** The S3 settings of the configuration for a test server. */
export function s3Env(server: TestS3Server): Record<string, string> {
  return {
    BLOB_STORE: 's3',
    S3_ENDPOINT: server.endpoint,
    S3_BUCKET: server.bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'on',
  };
}
