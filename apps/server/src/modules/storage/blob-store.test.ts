import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { assertSha256, blobKey, createBlobStore } from './blob-store';

describe('blob store configuration', () => {
  it('defaults to the local disk', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-config-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.BLOB_STORE).toBe('local');
    const store = createBlobStore(config);
    expect(store.kind).toBe('local');
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('needs a bucket for S3, and both keys or neither', () => {
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'nimbus', S3_ACCESS_KEY_ID: 'id' }),
    ).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/);
    const config = loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'nimbus', S3_FORCE_PATH_STYLE: 'on' });
    expect(config).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    // Chosen from config without touching the network or the SDK until first use.
    expect(createBlobStore(config).kind).toBe('s3');
  });

  it('lays blobs out by the first two byte pairs of their SHA-256', () => {
    const sha256 = `abcd${'0'.repeat(60)}`;
    expect(blobKey(sha256)).toBe(`ab/cd/${sha256}`);
    expect(() => assertSha256(sha256.toUpperCase())).toThrow(/not a SHA-256 key/);
    expect(() => blobKey('../x')).toThrow(/not a SHA-256 key/);
  });
});
