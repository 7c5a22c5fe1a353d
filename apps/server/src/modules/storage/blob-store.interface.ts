import type { Readable } from 'node:stream';
import type { ContentDigest } from './content-hash';

/** What a writer may announce about the bytes it hands over; a mismatch fails the put. */
export interface PutOptions {
  /** Exact size in bytes; more bytes abort the write at once. */
  expectedSize?: number;
  /** SHA-256 (hex) the bytes must have. */
  expectedSha256?: string;
}

/** An inclusive byte range of a blob, as in an HTTP `Range` header; both ends optional. */
export interface ReadRange {
  start?: number;
  end?: number;
}

/** A stored blob, as the store sees it. */
export interface BlobEntry {
  sha256: string;
  size: number;
}

/**
 * Content-addressed bytes: every blob is stored under its SHA-256 and never changes. A put is
 * durable and visible under its key only when it resolves, and visible whole or not at all.
 */
export interface BlobStore {
  /** `local` or `s3`, for logs and reports. */
  readonly kind: 'local' | 's3';
  /** Streams bytes in, hashing them on the way; storing bytes that exist already is a no-op. */
  put(source: Readable, options?: PutOptions): Promise<ContentDigest>;
  /**
   * Takes a finished, fsynced file whose digest the caller computed while writing it (an upload's
   * partial data) into the store under its SHA-256, and removes the file. On local disk this is a
   * rename plus a folder fsync (no byte is read again); on S3 the file is streamed up and checked.
   */
  adopt(filePath: string, digest: ContentDigest): Promise<void>;
  /** The bytes of a blob, or of an inclusive range of them; fails with `BlobNotFoundError`. */
  get(sha256: string, range?: ReadRange): Promise<Readable>;
  /** Size of a blob, or undefined when it is not stored. */
  stat(sha256: string): Promise<BlobEntry | undefined>;
  exists(sha256: string): Promise<boolean>;
  /** Removes a blob; removing a missing blob is not an error. */
  delete(sha256: string): Promise<void>;
  /** Every stored blob in ascending order of SHA-256 (for `verify`). */
  list(): AsyncIterable<BlobEntry>;
  /**
   * Where a blob's file is on this machine, for tools that read files (sharp, ffprobe); only a
   * store that keeps blobs on local disk has it. The path may name a blob that is not stored.
   */
  localPath?(sha256: string): string;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/** A blob asked for by key is not in the store. */
export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`blob ${sha256} is not stored`);
    this.name = 'BlobNotFoundError';
  }
}

/** The bytes of a put do not hash to the SHA-256 the writer announced; nothing was stored. */
export class ChecksumMismatchError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`expected SHA-256 ${expected}, got ${actual}`);
    this.name = 'ChecksumMismatchError';
  }
}

const sha256Pattern = /^[0-9a-f]{64}$/;

/** Guards every key-taking method: a key is a path or object name, never caller-shaped. */
export function assertSha256(sha256: string): void {
  if (!sha256Pattern.test(sha256)) {
    throw new Error(`not a SHA-256 key: ${JSON.stringify(sha256.slice(0, 80))}`);
  }
}

/** Where a blob lives relative to the store's root: `ab/cd/<sha256>`. */
export function blobKey(sha256: string): string {
  assertSha256(sha256);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/** Size of the buffers blobs are read with; 64 KiB reads cost a third of download speed. */
export const readBufferSize = 1024 * 1024;
