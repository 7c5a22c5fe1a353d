import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import {
  BlobNotFoundError,
  ChecksumMismatchError,
  createBlobStore,
  type BlobEntry,
  type BlobStore,
} from '../../src/modules/storage/blob-store';
import { SizeMismatchError } from '../../src/modules/storage/content-hash';
import { createLocalBlobStore } from '../../src/modules/storage/local-blob-store';
import { createS3BlobStore } from '../../src/modules/storage/s3-blob-store';
import { s3Env, startS3Server, type TestS3Server } from '../s3-server';

const MiB = 1024 * 1024;

function sha256Of(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function listAll(store: BlobStore): Promise<BlobEntry[]> {
  const entries: BlobEntry[] = [];
  for await (const entry of store.list()) {
    entries.push(entry);
  }
  return entries;
}

/** A source that sends `data` in chunks and then fails, as a dropped connection does. */
function failingSource(data: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield data;
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('connection reset');
    })(),
  );
}

interface StoreTarget {
  name: string;
  open(): Promise<{
    store: BlobStore;
    leftovers: () => Promise<string[]>;
    close: () => Promise<void>;
  }>;
}

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3.close();
});

function rawS3Client(): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

async function s3Keys(prefix: string): Promise<string[]> {
  const client = rawS3Client();
  try {
    const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((object) => object.Key ?? '');
  } finally {
    client.destroy();
  }
}

const targets: StoreTarget[] = [
  {
    name: 'local disk',
    async open() {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-blobs-'));
      const store = createBlobStore(loadConfig({ DATA_DIR: dataDir }));
      return {
        store,
        leftovers: () => fs.readdir(path.join(dataDir, 'blobs', '.tmp')),
        close: async () => {
          await store.close();
          await fs.rm(dataDir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      const store = createBlobStore(loadConfig({ DATA_DIR: os.tmpdir(), ...s3Env(s3) }));
      return {
        store,
        leftovers: () => s3Keys('tmp/'),
        close: async () => {
          for await (const entry of store.list()) {
            await store.delete(entry.sha256);
          }
          await store.close();
        },
      };
    },
  },
];

describe.each(targets)('the $name blob store', (target) => {
  let store: BlobStore;
  let leftovers: () => Promise<string[]>;
  let close: () => Promise<void>;

  beforeEach(async () => {
    ({ store, leftovers, close } = await target.open());
  });

  afterEach(async () => {
    await close();
  });

  it('stores bytes under their SHA-256 and gives them back', async () => {
    const data = randomBytes(300 * 1024);
    const digest = await store.put(Readable.from([data]), { expectedSize: data.length });
    expect(digest.sha256).toBe(sha256Of(data));
    expect(digest.size).toBe(data.length);
    expect(digest.gcid).toMatch(/^[0-9A-F]{40}$/);
    expect(await store.exists(digest.sha256)).toBe(true);
    expect(await store.stat(digest.sha256)).toEqual({ sha256: digest.sha256, size: data.length });
    expect((await bytesOf(await store.get(digest.sha256))).equals(data)).toBe(true);
    expect(await leftovers()).toEqual([]);
  });

  it('streams a blob larger than one multipart part, of unknown size', async () => {
    const data = randomBytes(12 * MiB + 5);
    const chunks = Array.from({ length: 13 }, (_, index) =>
      data.subarray(index * MiB, (index + 1) * MiB),
    );
    const digest = await store.put(Readable.from(chunks));
    expect(digest).toMatchObject({ sha256: sha256Of(data), size: data.length });
    expect((await bytesOf(await store.get(digest.sha256))).equals(data)).toBe(true);
  });

  it('stores a large blob of announced size, and nothing when it arrives short or long', async () => {
    // Above the size hashed on the hash threads, in chunks that straddle the 1 MiB buffers.
    const data = randomBytes(5 * MiB + 7);
    const chunks = Array.from({ length: 8 }, (_, index) =>
      data.subarray(index * 700 * 1024, (index + 1) * 700 * 1024),
    );
    const digest = await store.put(Readable.from(chunks), { expectedSize: data.length });
    expect(digest).toMatchObject({ sha256: sha256Of(data), size: data.length });
    expect((await bytesOf(await store.get(digest.sha256))).equals(data)).toBe(true);
    await expect(
      store.put(Readable.from([data.subarray(0, 5 * MiB)]), { expectedSize: data.length }),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    await expect(
      store.put(Readable.from([data, data.subarray(0, 9)]), { expectedSize: data.length }),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    await expect(
      store.put(failingSource(data.subarray(0, 4 * MiB)), { expectedSize: data.length }),
    ).rejects.toThrow();
    expect(await listAll(store)).toEqual([{ sha256: digest.sha256, size: data.length }]);
    expect(await leftovers()).toEqual([]);
  });

  it('stores an empty blob', async () => {
    const digest = await store.put(Readable.from([]), { expectedSize: 0 });
    expect(digest).toEqual({
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      gcid: 'DA39A3EE5E6B4B0D3255BFEF95601890AFD80709',
      size: 0,
    });
    expect((await bytesOf(await store.get(digest.sha256))).length).toBe(0);
  });

  it('is idempotent: the same bytes twice, even at once, make one blob', async () => {
    const data = randomBytes(64 * 1024);
    const [first, second] = await Promise.all([
      store.put(Readable.from([data])),
      store.put(Readable.from([data])),
    ]);
    const third = await store.put(Readable.from([data]));
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    expect(await listAll(store)).toEqual([{ sha256: first.sha256, size: data.length }]);
    expect(await leftovers()).toEqual([]);
  });

  it('reads inclusive byte ranges', async () => {
    const data = Buffer.from('0123456789abcdef');
    const { sha256 } = await store.put(Readable.from([data]));
    expect(await text(await store.get(sha256, { start: 3, end: 6 }))).toBe('3456');
    expect(await text(await store.get(sha256, { start: 10 }))).toBe('abcdef');
    expect(await text(await store.get(sha256, { end: 1 }))).toBe('01');
    expect(await text(await store.get(sha256, { start: 15, end: 15 }))).toBe('f');
  });

  it('stores nothing when more or fewer bytes arrive than announced', async () => {
    await expect(
      store.put(Readable.from([randomBytes(2000)]), { expectedSize: 1000 }),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    await expect(
      store.put(Readable.from([randomBytes(500)]), { expectedSize: 1000 }),
    ).rejects.toBeInstanceOf(SizeMismatchError);
    expect(await listAll(store)).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it('stores nothing when the bytes do not match the announced SHA-256', async () => {
    const data = randomBytes(1000);
    const wrong = sha256Of(Buffer.from('something else'));
    await expect(
      store.put(Readable.from([data]), { expectedSha256: wrong }),
    ).rejects.toBeInstanceOf(ChecksumMismatchError);
    expect(await store.exists(sha256Of(data))).toBe(false);
    expect(await listAll(store)).toEqual([]);
    expect(await leftovers()).toEqual([]);
    const right = await store.put(Readable.from([data]), { expectedSha256: sha256Of(data) });
    expect(right.sha256).toBe(sha256Of(data));
  });

  it('stores nothing when the source fails midway', async () => {
    await expect(store.put(failingSource(randomBytes(256 * 1024)))).rejects.toThrow(
      'connection reset',
    );
    expect(await listAll(store)).toEqual([]);
    expect(await leftovers()).toEqual([]);
  });

  it('answers missing blobs plainly, and deletes idempotently', async () => {
    const missing = sha256Of(Buffer.from('never stored'));
    await expect(store.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.stat(missing)).toBeUndefined();
    expect(await store.exists(missing)).toBe(false);
    await store.delete(missing);
    const { sha256 } = await store.put(Readable.from([Buffer.from('short-lived')]));
    await store.delete(sha256);
    await store.delete(sha256);
    expect(await store.exists(sha256)).toBe(false);
    await expect(store.get(sha256)).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('lists every blob in ascending SHA-256 order', async () => {
    const stored = [];
    for (let index = 0; index < 12; index += 1) {
      stored.push(await store.put(Readable.from([Buffer.alloc(index + 1, index)])));
    }
    const expected = stored
      .map((digest) => ({ sha256: digest.sha256, size: digest.size }))
      .sort((a, b) => (a.sha256 < b.sha256 ? -1 : 1));
    expect(await listAll(store)).toEqual(expected);
  });

  it('refuses keys that are not SHA-256 hex, so no caller can name another path', async () => {
    for (const key of ['../../etc/passwd', 'ABCDEF', '0'.repeat(63), `${'0'.repeat(63)}/`]) {
      await expect(store.get(key)).rejects.toThrow(/not a SHA-256 key/);
      await expect(store.delete(key)).rejects.toThrow(/not a SHA-256 key/);
      await expect(store.exists(key)).rejects.toThrow(/not a SHA-256 key/);
    }
  });
});

describe('clean-up of interrupted writes at start', () => {
  it('removes the local temp files of dead processes, not those of live ones', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-blobs-'));
    try {
      const tempDir = path.join(root, '.tmp');
      await fs.mkdir(tempDir, { recursive: true });
      // Pid 2^22 + 1 is above Linux's pid_max, so no process has it.
      const dead = `${2 ** 22 + 1}-aaaa`;
      const live = `${process.ppid}-bbbb`;
      const ours = `${process.pid}-cccc`;
      for (const name of [dead, live, ours, 'garbage']) {
        await fs.writeFile(path.join(tempDir, name), 'partial bytes');
      }
      const store = createLocalBlobStore({ root });
      expect(await store.exists(sha256Of(Buffer.from('x')))).toBe(false);
      expect(await fs.readdir(tempDir)).toEqual([live]);
      await store.close();
    } finally {
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('removes stale S3 temp objects, and leaves fresh ones to the writer that may still own them', async () => {
    const client = rawS3Client();
    try {
      await client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: 'tmp/crashed-write', Body: 'partial' }),
      );
      const options = {
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      };
      const patient = await createS3BlobStore(options);
      expect(await s3Keys('tmp/')).toEqual(['tmp/crashed-write']);
      await patient.close();
      const prompt = await createS3BlobStore({ ...options, staleTempMs: 0 });
      expect(await s3Keys('tmp/')).toEqual([]);
      await prompt.close();
    } finally {
      client.destroy();
    }
  });
});

describe('transcoded segments in the bucket', () => {
  it('shares segments by name, and sweeps the least recently written past the budget', async () => {
    const store = createBlobStore(loadConfig({ DATA_DIR: os.tmpdir(), ...s3Env(s3) }));
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-segments-'));
    const segments = store.segments!;
    const rendition = `ab/${'ab'.padEnd(64, '0')}/720p-a1`;
    try {
      for (const segment of [0, 1, 2]) {
        await fs.writeFile(path.join(dir, 'made'), Buffer.alloc(1000, segment));
        await segments.put(`${rendition}/${segment}.ts`, path.join(dir, 'made'));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const copy = path.join(dir, 'copy');
      expect(await segments.fetch(`${rendition}/1.ts`, copy)).toBe(true);
      expect(await fs.readFile(copy)).toEqual(Buffer.alloc(1000, 1));
      expect(await segments.fetch(`${rendition}/9.ts`, copy)).toBe(false);
      await expect(segments.fetch('../blobs/x', copy)).rejects.toThrow(/not a segment name/);

      expect(await segments.sweep(3000)).toBe(0);
      expect(await segments.sweep(2500)).toBe(1);
      expect(await s3Keys('transcode/')).toEqual([
        `transcode/${rendition}/1.ts`,
        `transcode/${rendition}/2.ts`,
      ]);
      expect(await segments.sweep(0)).toBe(2);
    } finally {
      await store.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
